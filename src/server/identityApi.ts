/**
 * The identity's HTTP API (issue #64 items 1 and 6), JSON both ways; every error is
 * `{ "error": { "code", "message" } }` with a 4xx (or 503) status. "me" is the player whose
 * secret comes as `Authorization: Bearer <secret>`; a forged or stale one is refused (401
 * unknown-identity) and changes nothing.
 *
 *   POST   /api/players             {name}      → 201 {id, name, secret}
 *   GET    /api/me                              → {id, name, ratings, passkeys}
 *   POST   /api/me/name             {name}      → {id, name}
 *   DELETE /api/me                              → 204
 *   POST   /api/me/transfer                     → {code, expiresAt}
 *   POST   /api/transfer            {code}      → {id, name, secret}
 *   POST   /api/me/passkeys/options             → WebAuthn creation options
 *   POST   /api/me/passkeys         {response}  → 204
 *   POST   /api/passkey/options                 → WebAuthn request options
 *   POST   /api/passkey             {response}  → {id, name, secret}
 *
 * Bodies are capped at MAX_BODY bytes. Per address (the client's as AddressLimits reads it: a
 * forwarded address only behind trusted proxies), a token bucket each limits the identities
 * created and the attempts to open one (transfer codes, passkey sign-ins): IDENTITY_LIMITS.
 * Without an archive database the API answers 503.
 */
import type http from 'node:http';
import type { AddressLimits } from './addressLimits';
import type { Database } from './database';
import {
  MAX_SECRET,
  Refusal,
  createPlayer,
  createTransferCode,
  deletePlayer,
  describePlayer,
  renamePlayer,
  unknownIdentity,
  useTransferCode,
} from './identity';
import {
  authenticationOptions,
  registerPasskey,
  registrationOptions,
  relyingParty,
  signInWithPasskey,
} from './passkeys';
import { playerOfSecret, type KnownPlayer } from './players';
import { BucketsByKey } from './rateLimit';

/** The largest request body taken (a passkey's response is a few KiB). */
export const MAX_BODY = 16 * 1024;

/** Per address: identities created (a burst, then so many an hour), and sign-in attempts. */
export const IDENTITY_LIMITS = {
  createBurst: 5,
  createsPerHour: 10,
  signInBurst: 10,
  signInsPerHour: 60,
};

export type IdentityLimits = typeof IDENTITY_LIMITS;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

const refuse = (res: http.ServerResponse, r: Refusal) =>
  send(res, r.status, { error: { code: r.code, message: r.message } });

/** The JSON object of `req`'s body ({} when empty), refused when too large or not an object. */
async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY)
      throw new Refusal(413, 'too-large', `The request body is larger than ${MAX_BODY} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'bad-json', 'The request body is not JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Refusal(400, 'bad-json', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** The player whose secret `req` carries: refused without one, or with one no player has. */
async function me(db: Database, req: http.IncomingMessage): Promise<KnownPlayer> {
  const auth = req.headers.authorization ?? '';
  const secret = /^Bearer (\S+)$/.exec(auth)?.[1];
  if (!secret)
    throw new Refusal(
      401,
      'no-identity',
      'This request needs the player identity of this device (Authorization: Bearer <secret>).',
    );
  const player = secret.length <= MAX_SECRET ? await playerOfSecret(db, secret) : null;
  if (!player) throw unknownIdentity();
  return player;
}

interface Route {
  method: string;
  path: string;
  /** The answer's status and body (none: 204). */
  run(req: http.IncomingMessage, db: Database): Promise<[number, unknown?]>;
  /** The per-address limit it takes from, if any. */
  limit?: 'create' | 'signIn';
}

const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/players',
    limit: 'create',
    run: async (req, db) => [201, await createPlayer(db, (await readBody(req)).name)],
  },
  {
    method: 'GET',
    path: '/api/me',
    run: async (req, db) => [200, await describePlayer(db, await me(db, req))],
  },
  {
    method: 'DELETE',
    path: '/api/me',
    run: async (req, db) => [204, void (await deletePlayer(db, (await me(db, req)).id))],
  },
  {
    method: 'POST',
    path: '/api/me/name',
    run: async (req, db) => {
      const player = await me(db, req);
      return [200, await renamePlayer(db, player.id, (await readBody(req)).name)];
    },
  },
  {
    method: 'POST',
    path: '/api/me/transfer',
    run: async (req, db) => [200, await createTransferCode(db, (await me(db, req)).id)],
  },
  {
    method: 'POST',
    path: '/api/transfer',
    limit: 'signIn',
    run: async (req, db) => [200, await useTransferCode(db, (await readBody(req)).code)],
  },
  {
    method: 'POST',
    path: '/api/me/passkeys/options',
    run: async (req, db) => {
      const player = await me(db, req);
      return [200, await registrationOptions(db, relyingParty(req), player)];
    },
  },
  {
    method: 'POST',
    path: '/api/me/passkeys',
    run: async (req, db) => {
      const player = await me(db, req);
      await registerPasskey(db, relyingParty(req), player, (await readBody(req)).response);
      return [204];
    },
  },
  {
    method: 'POST',
    path: '/api/passkey/options',
    limit: 'signIn',
    run: async (req, db) => [200, await authenticationOptions(db, relyingParty(req))],
  },
  {
    method: 'POST',
    path: '/api/passkey',
    run: async (req, db) => [
      200,
      await signInWithPasskey(db, relyingParty(req), (await readBody(req)).response),
    ],
  },
];

const PATHS = new Set(ROUTES.map((r) => r.path));

/**
 * The HTTP handler of the identity API (true when it answered `req`). `db` is the archive's
 * database; without one every route answers 503. `now` is the clock of the rate limits.
 */
export function identityHandler(
  db: Database | undefined,
  addresses: AddressLimits,
  now: () => number = Date.now,
  limits: IdentityLimits = IDENTITY_LIMITS,
): Handler {
  const buckets = {
    create: new BucketsByKey(limits.createsPerHour / 3600, limits.createBurst),
    signIn: new BucketsByKey(limits.signInsPerHour / 3600, limits.signInBurst),
  };
  const tooMany = {
    create:
      'Too many player identities were made from this address: wait an hour, or play as a guest.',
    signIn: 'Too many sign-in attempts from this address: wait a few minutes.',
  };
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (!PATHS.has(path)) return false;
    const route = ROUTES.find((r) => r.path === path && r.method === req.method);
    if (!db)
      refuse(
        res,
        new Refusal(
          503,
          'no-archive',
          'Player identities need the game archive, which this server does not have.',
        ),
      );
    else if (!route)
      refuse(res, new Refusal(405, 'bad-method', `${path} does not take ${req.method}.`));
    else if (route.limit && !buckets[route.limit].take(addresses.of(req), now()))
      refuse(res, new Refusal(429, 'too-many', tooMany[route.limit]));
    else
      route.run(req, db).then(
        ([status, body]) => send(res, status, body),
        (e: unknown) => {
          if (e instanceof Refusal) return refuse(res, e);
          refuse(
            res,
            new Refusal(503, 'unavailable', `The player archive failed: ${(e as Error).message}`),
          );
        },
      );
    return true;
  };
}
