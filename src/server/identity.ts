/**
 * Player identities without a password (issue #64 item 1): a player is created with a display
 * name of their choice, unique on the server by nameKey (two names that look the same are one),
 * and each of their browsers keeps a long random secret of its own, of which the archive keeps
 * only the SHA-256 (`player_tokens`, read back by players.ts playerOfSecret). A player renames
 * at most once in RENAME_EVERY_DAYS (the first rename at any time), the old name kept in
 * `player_names`; moves to another browser with a one-time transfer code shown on the old one;
 * and deletes themselves: their rows go, their archived games stay under DELETED_PLAYER.
 * Every query takes its values as parameters.
 */
import { randomBytes, randomInt } from 'node:crypto';

import { nameKey, readName, type RatingShown } from '../net';
import type { Database, Queryable } from './database';
import { DELETED_PLAYER, UNKNOWN_IDENTITY, readRatings, type KnownPlayer } from './players';
import { hashToken, randomToken } from './tokens';

/** The name an archived game shows for a seat whose player deleted themselves. */
/** After a rename, the next one waits this many days (the first rename may come at any time). */
export const RENAME_EVERY_DAYS = 30;
/** A transfer code works once, within this many minutes of being shown. */
export const TRANSFER_CODE_MINUTES = 10;

/** A browser's secret: 256 random bits, 43 URL-safe characters. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
/** Longer than any secret newSecret makes: refused before it is hashed. */
export const MAX_SECRET = 100;

/** A request the identity module refuses: the HTTP status, a code, and words for the player. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A player as a browser that now holds their identity knows them. */
export interface NewIdentity extends KnownPlayer {
  secret: string;
}

/** What a player's own page shows of them (GET /api/me). */
export interface Me extends KnownPlayer {
  ratings: RatingShown[];
  passkeys: number;
}

/** PostgreSQL's unique_violation: a row with the same key came first. */
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** `raw` as a name a player may take (readName), with its key; DELETED_PLAYER is nobody's. */
function chosenName(raw: unknown): { name: string; key: string } {
  const read = readName(raw);
  if (!read.ok)
    throw new Refusal(400, 'bad-name', `That name cannot be used: ${read.error.message}.`);
  const key = nameKey(read.value);
  if (key === nameKey(DELETED_PLAYER))
    throw new Refusal(409, 'name-taken', `"${read.value}" is reserved: choose another name.`);
  return { name: read.value, key };
}

const taken = (name: string) =>
  new Refusal(409, 'name-taken', `The name "${name}" (or one that looks the same) is taken.`);

/** A new secret for one more browser of `playerId`. */
export async function addBrowser(db: Queryable, playerId: string): Promise<string> {
  const secret = newSecret();
  await db.query('INSERT INTO player_tokens (token_hash, player_id) VALUES ($1, $2)', [
    hashToken(secret),
    playerId,
  ]);
  return secret;
}

/** A new player named `raw` (readName), with the secret of the browser that asked. */
export async function createPlayer(db: Database, raw: unknown): Promise<NewIdentity> {
  const { name, key } = chosenName(raw);
  return db.transaction(async (tx) => {
    const id = randomToken();
    const rows = await tx.query(
      `INSERT INTO players (id, name, name_key) VALUES ($1, $2, $3)
       ON CONFLICT (name_key) DO NOTHING RETURNING id`,
      [id, name, key],
    );
    if (rows.length === 0) throw taken(name);
    return { id, name, secret: await addBrowser(tx, id) };
  });
}

/** The player `id` with their ratings per pool and how many passkeys open their identity. */
export async function describePlayer(db: Queryable, player: KnownPlayer): Promise<Me> {
  const [{ n }] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM passkeys WHERE player_id = $1',
    [player.id],
  );
  return {
    id: player.id,
    name: player.name,
    ratings: await readRatings(db, player.id),
    passkeys: n,
  };
}

/**
 * Rename `playerId` to `raw`: refused while the last rename is younger than RENAME_EVERY_DAYS;
 * the name given up goes to `player_names`. The same name again changes nothing.
 */
export async function renamePlayer(
  db: Database,
  playerId: string,
  raw: unknown,
): Promise<KnownPlayer> {
  const { name, key } = chosenName(raw);
  return db.transaction(async (tx) => {
    const [player] = await tx.query<{ name: string; next: Date | null; soon: boolean }>(
      `SELECT name, renamed_at + make_interval(days => $2) AS next,
         coalesce(renamed_at + make_interval(days => $2) > now(), false) AS soon
       FROM players WHERE id = $1 FOR UPDATE`,
      [playerId, RENAME_EVERY_DAYS],
    );
    if (!player) throw unknownIdentity();
    if (player.name === name) return { id: playerId, name };
    if (player.soon)
      throw new Refusal(
        429,
        'rename-too-soon',
        `A player renames at most once in ${RENAME_EVERY_DAYS} days: the next rename can be on ${new Date(player.next!).toISOString().slice(0, 10)}.`,
      );
    try {
      await tx.query(
        'UPDATE players SET name = $2, name_key = $3, renamed_at = now() WHERE id = $1',
        [playerId, name, key],
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw taken(name);
      throw e;
    }
    await tx.query('INSERT INTO player_names (player_id, name) VALUES ($1, $2)', [
      playerId,
      player.name,
    ]);
    return { id: playerId, name };
  });
}

/** The names `playerId` gave up, oldest first. */
export async function formerNames(db: Queryable, playerId: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM player_names WHERE player_id = $1 ORDER BY until',
    [playerId],
  );
  return rows.map((r) => r.name);
}

/**
 * Delete `playerId`: their archived games stay, each of their seats named DELETED_PLAYER (in
 * `game_players` and in the record the replay link serves); every row of theirs goes (tokens,
 * former names, passkeys, transfer codes, ratings by the schema's cascade; their seats' player
 * id set null).
 */
export async function deletePlayer(db: Database, playerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const seats = await tx.query<{ game_id: string; seat: number }>(
      'SELECT game_id, seat FROM game_players WHERE player_id = $1',
      [playerId],
    );
    for (const { game_id, seat } of seats)
      await tx.query(
        `UPDATE games SET record = jsonb_set(record, ARRAY['setup', 'players', $2, 'name'], to_jsonb($3::text))
         WHERE id = $1`,
        [game_id, String(seat), DELETED_PLAYER],
      );
    await tx.query('UPDATE game_players SET name = $2 WHERE player_id = $1', [
      playerId,
      DELETED_PLAYER,
    ]);
    await tx.query('DELETE FROM players WHERE id = $1', [playerId]);
  });
}

/** Transfer codes: 12 characters of this alphabet (no 0/O, 1/I/L: 59 bits), shown in groups of four. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A code as typed (any case, spaces or dashes between groups) in the form its hash is of. */
const plainCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * A new one-time transfer code of `playerId`, good for TRANSFER_CODE_MINUTES; the codes shown
 * before it stop working.
 */
export async function createTransferCode(
  db: Database,
  playerId: string,
): Promise<{ code: string; expiresAt: string }> {
  const plain = Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
  const code = plain.match(/.{4}/g)!.join('-');
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM transfer_codes WHERE player_id = $1 OR expires_at < now()', [
      playerId,
    ]);
    const [{ expires_at }] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO transfer_codes (code_hash, player_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
      [hashToken(plain), playerId, TRANSFER_CODE_MINUTES],
    );
    return { code, expiresAt: new Date(expires_at).toISOString() };
  });
}

/** The identity `code` opens, with a new secret for the browser that typed it; the code is used up. */
export async function useTransferCode(db: Database, code: unknown): Promise<NewIdentity> {
  const refused = new Refusal(
    400,
    'bad-code',
    `That transfer code is not known, was used already, or expired (a code works once, within ${TRANSFER_CODE_MINUTES} minutes): show a new one on the other device.`,
  );
  if (typeof code !== 'string' || code.length > 40) throw refused;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string; name: string; live: boolean }>(
      `DELETE FROM transfer_codes c USING players p
       WHERE c.code_hash = $1 AND p.id = c.player_id
       RETURNING p.id, p.name, c.expires_at > now() AS live`,
      [hashToken(plainCode(code))],
    );
    if (!row?.live) throw refused;
    return { id: row.id, name: row.name, secret: await addBrowser(tx, row.id) };
  });
}

/** The refusal of a secret no player has (forged, or of a deleted player). */
export const unknownIdentity = () => new Refusal(401, 'unknown-identity', UNKNOWN_IDENTITY);
