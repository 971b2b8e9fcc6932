/**
 * Players known to the server (issue #64 item 1): each browser of a player keeps a long random
 * secret; the archive keeps only its SHA-256 (`player_tokens`), as rooms keep seat tokens.
 */
import type { RatingPool, RatingShown } from '../net';
import type { Queryable } from './database';
import { ratingShown } from './ratings';
import { hashToken } from './tokens';

/** The name a deleted player's seats keep in the archive; no player may take it. */
export const DELETED_PLAYER = 'deleted player';

/** Why a secret no player has (forged, or of a deleted player) is refused, by rooms and the API. */
export const UNKNOWN_IDENTITY =
  "This device's player identity is not known to the server (forged, or its player was deleted): forget it on this device, or play as a guest.";

/** A known player as a room or a page sees them. */
export interface KnownPlayer {
  id: string;
  name: string;
}

/** The player whose browser keeps `secret`, or null when no player has it (forged, deleted). */
export async function playerOfSecret(db: Queryable, secret: string): Promise<KnownPlayer | null> {
  const rows = await db.query<KnownPlayer>(
    `UPDATE player_tokens t SET last_used_at = now() FROM players p
     WHERE t.token_hash = $1 AND p.id = t.player_id RETURNING p.id, p.name`,
    [hashToken(secret)],
  );
  return rows[0] ?? null;
}

/** A player's ratings in the pools they have played rated games in. */
export async function readRatings(db: Queryable, playerId: string): Promise<RatingShown[]> {
  const rows = await db.query<{ pool: RatingPool; rating: number; games: number }>(
    'SELECT pool, rating, games FROM ratings WHERE player_id = $1 AND games > 0 ORDER BY pool',
    [playerId],
  );
  return rows.map((r) => ratingShown(r.pool, r.rating, r.games));
}
