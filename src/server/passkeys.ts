/**
 * Passkeys (WebAuthn, issue #64 item 1): a known player adds one on their device; on another
 * device, signing in with it gives that browser a new secret of the same identity. The
 * ceremonies are @simplewebauthn/server's; each challenge is kept in the archive
 * (`passkey_challenges`), good once for CHALLENGE_MINUTES, so that any process may answer.
 *
 * The relying party is the server as the browser reached it: its id (rpID) is the request's Host
 * without the port, and the expected origin is the request's Origin, which must be on that host.
 * A self-hosted game has no fixed domain to configure, so a passkey belongs to the address the
 * players use (a passkey made at chess.example.org does not open at another name of the same
 * server). WebAuthn takes no IP address as rpID, and wants HTTPS (or localhost).
 */
import type { IncomingMessage } from 'node:http';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from './database';
import { Refusal, addBrowser, type NewIdentity } from './identity';
import type { KnownPlayer } from './players';

/** A ceremony must finish within this many minutes of its options. */
export const CHALLENGE_MINUTES = 5;
const RP_NAME = 'n-Dimensional Chess';

/** Where the browser reached the server: the rpID and the origin a passkey is made for. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** The relying party of `req` (its Host and Origin), or a refusal saying what is wrong. */
export function relyingParty(req: IncomingMessage): RelyingParty {
  const host = req.headers.host ?? '';
  const origin = req.headers.origin ?? '';
  const hostnameOf = (url: string) => {
    try {
      return new URL(url).hostname;
    } catch {
      return null;
    }
  };
  const hostname = hostnameOf(`http://${host}`);
  if (!hostname) throw new Refusal(400, 'bad-origin', "Passkeys need the request's Host.");
  if (IP_ADDRESS.test(hostname))
    throw new Refusal(
      400,
      'no-passkeys-here',
      `Passkeys need the server reached by a name, not an IP address (${hostname}): open the game at its domain name or at localhost.`,
    );
  if (hostnameOf(origin) !== hostname)
    throw new Refusal(
      400,
      'bad-origin',
      `Passkeys need the request from this server's own page: its origin (${origin || 'none'}) is not ${host}.`,
    );
  return { rpID: hostname, origin };
}

async function keepChallenge(db: Database, challenge: string, playerId: string | null) {
  await db.query('DELETE FROM passkey_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO passkey_challenges (challenge, player_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [challenge, playerId, CHALLENGE_MINUTES],
  );
}

/** The challenge a browser's response answers (from its clientDataJSON), or null. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response?.response?.clientDataJSON;
  if (typeof data !== 'string') return null;
  try {
    const { challenge } = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

const expired = () =>
  new Refusal(
    400,
    'bad-challenge',
    `The passkey request expired or was answered already (${CHALLENGE_MINUTES} minutes at most): try again.`,
  );

/** Take the challenge `response` answers (once): refused when unknown, used, expired or another player's. */
async function takeChallenge(
  db: Database,
  response: object,
  playerId: string | null,
): Promise<string> {
  const challenge = challengeOf(response);
  if (!challenge) throw new Refusal(400, 'bad-passkey', 'That is not a passkey response.');
  const [row] = await db.query<{ player_id: string | null; live: boolean }>(
    `DELETE FROM passkey_challenges WHERE challenge = $1
     RETURNING player_id, expires_at > now() AS live`,
    [challenge],
  );
  if (!row?.live || row.player_id !== playerId) throw expired();
  return challenge;
}

const failed = (what: string, e: unknown) =>
  new Refusal(400, 'bad-passkey', `The passkey ${what} failed: ${(e as Error).message}`);

/** The options for `player` to add a passkey (their passkeys so far excluded). */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  player: KnownPlayer,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const known = await db.query<{ credential_id: string }>(
    'SELECT credential_id FROM passkeys WHERE player_id = $1',
    [player.id],
  );
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: player.name,
    userID: new TextEncoder().encode(player.id),
    attestationType: 'none',
    excludeCredentials: known.map((k) => ({ id: k.credential_id })),
    // A discoverable credential: signing in on the new device needs no name typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, player.id);
  return options;
}

/** Keep the passkey of the registration `response` for `player`. */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  player: KnownPlayer,
  response: unknown,
): Promise<void> {
  if (!response || typeof response !== 'object')
    throw new Refusal(400, 'bad-passkey', 'The request needs the passkey response ("response").');
  const expectedChallenge = await takeChallenge(db, response, player.id);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch (e) {
    throw failed('registration', e);
  }
  if (!verified.verified) throw failed('registration', new Error('not verified'));
  const { credential } = verified.registrationInfo;
  await db.query(
    `INSERT INTO passkeys (credential_id, player_id, public_key, counter, transports)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (credential_id) DO NOTHING`,
    [
      credential.id,
      player.id,
      Buffer.from(credential.publicKey),
      credential.counter,
      JSON.stringify(credential.transports ?? []),
    ],
  );
}

/** The options for a browser to sign in with any passkey of this server (discoverable). */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'preferred',
  });
  await keepChallenge(db, options.challenge, null);
  return options;
}

/** The identity the passkey of `response` opens, with a new secret for this browser. */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  response: unknown,
): Promise<NewIdentity> {
  if (!response || typeof response !== 'object')
    throw new Refusal(400, 'bad-passkey', 'The request needs the passkey response ("response").');
  const expectedChallenge = await takeChallenge(db, response, null);
  const id = (response as { id?: unknown }).id;
  const [key] =
    typeof id === 'string'
      ? await db.query<{
          player_id: string;
          name: string;
          public_key: Uint8Array;
          counter: string;
          transports: AuthenticatorTransportFuture[] | null;
        }>(
          `SELECT k.player_id, p.name, k.public_key, k.counter, k.transports
           FROM passkeys k JOIN players p ON p.id = k.player_id WHERE k.credential_id = $1`,
          [id],
        )
      : [];
  if (!key)
    throw new Refusal(
      401,
      'unknown-passkey',
      'That passkey opens no player on this server (never added here, or its player was deleted).',
    );
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: id as string,
        publicKey: new Uint8Array(key.public_key),
        counter: Number(key.counter),
        transports: key.transports ?? undefined,
      },
      requireUserVerification: false,
    });
  } catch (e) {
    throw failed('sign-in', e);
  }
  if (!verified.verified) throw failed('sign-in', new Error('not verified'));
  return db.transaction(async (tx) => {
    await tx.query('UPDATE passkeys SET counter = $2 WHERE credential_id = $1', [
      id,
      verified.authenticationInfo.newCounter,
    ]);
    return { id: key.player_id, name: key.name, secret: await addBrowser(tx, key.player_id) };
  });
}
