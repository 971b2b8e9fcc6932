/**
 * A finished game's players and ratings in the archive (issue #64 items 1 and 3), inside the
 * archive's transaction (archive.ts): who sat in each seat, whether the game is rated, and the
 * rated players' new ratings (OpenSkill, ratings.ts) in the pool of the table's size.
 */
import { poolOf, type RatingPool } from '../net';
import type { Queryable } from './database';
import { NEW_SKILL, rateGame, shownRating } from './ratings';
import { playerIdsOf, type StoredGame } from './store';

/** A seat's player in the archive, and its shown rating before and after a rated game. */
export interface ArchivedSeat {
  /** The known player, or null (a guest, a bot, or a player deleted since). */
  playerId: string | null;
  /** The seat's player was known when they sat, and has been deleted since. */
  deleted: boolean;
  ratingBefore: number | null;
  ratingAfter: number | null;
}

/**
 * The pool a game rates in, or null when it is unrated: a two-player game; a server bot seated
 * from the start (a bot that took a dropped player's seat, R11.3, is an action of the record,
 * not a seat: that seat stays its player's); a seat without a known player; or one player in two
 * seats.
 */
export function ratedPool(
  stored: StoredGame,
  playerIds: readonly (string | null)[],
): RatingPool | null {
  const pool = poolOf(playerIds.length);
  if (!pool || stored.settings.seats.some((s) => s.kind === 'bot')) return null;
  if (playerIds.some((id) => id === null) || new Set(playerIds).size !== playerIds.length)
    return null;
  return pool;
}

/**
 * The seats of the finished game `stored` (setup order) as the archive keeps them, read through
 * `tx`: each seat's known player if they still exist, and the pool the game rates in (null:
 * unrated).
 */
export async function seatPlayers(
  tx: Queryable,
  stored: StoredGame,
): Promise<{ pool: RatingPool | null; seats: ArchivedSeat[] }> {
  const recorded = playerIdsOf(stored);
  const wanted = recorded.filter((id): id is string => id !== null);
  // Shared locks: a player deleted meanwhile waits for this game to be in (then it is theirs).
  const present = new Set(
    wanted.length === 0
      ? []
      : (
          await tx.query<{ id: string }>(
            'SELECT id FROM players WHERE id = ANY($1::text[]) ORDER BY id FOR SHARE',
            [wanted],
          )
        ).map((r) => r.id),
  );
  const playerIds = recorded.map((id) => (id !== null && present.has(id) ? id : null));
  const seats: ArchivedSeat[] = recorded.map((id, i) => ({
    playerId: playerIds[i],
    deleted: id !== null && playerIds[i] === null,
    ratingBefore: null,
    ratingAfter: null,
  }));
  return { pool: ratedPool(stored, playerIds), seats };
}

/**
 * A rated game's players (`seats`, all known) get their new ratings in `pool` from `ranks` (R8.1,
 * by seat: 1 the best, equal for a draw), through `tx`; each seat learns its rating before and
 * after.
 */
export async function rateSeats(
  tx: Queryable,
  pool: RatingPool,
  seats: ArchivedSeat[],
  ranks: readonly number[],
): Promise<void> {
  const ids = seats.map((s) => s.playerId!);
  // Every rated player's row, made if new, then locked in one order (no deadlock between games).
  const fresh = NEW_SKILL;
  await tx.query(
    `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games)
     SELECT id, $2, $3, $4, $5, 0 FROM unnest($1::text[]) AS id ORDER BY id
     ON CONFLICT (player_id, pool) DO NOTHING`,
    [ids, pool, fresh.mu, fresh.sigma, shownRating(fresh.mu, fresh.sigma)],
  );
  const rows = await tx.query<{ player_id: string; mu: number; sigma: number; rating: number }>(
    `SELECT player_id, mu, sigma, rating FROM ratings WHERE pool = $1 AND player_id = ANY($2::text[])
     ORDER BY player_id FOR UPDATE`,
    [pool, ids],
  );
  const before = ids.map((id) => rows.find((r) => r.player_id === id)!);
  const after = rateGame(before, ranks);
  const shown = after.map((s) => shownRating(s.mu, s.sigma));
  await tx.query(
    `UPDATE ratings r SET mu = n.mu, sigma = n.sigma, rating = n.rating, games = r.games + 1,
       updated_at = now()
     FROM unnest($2::text[], $3::float8[], $4::float8[], $5::int[]) AS n (id, mu, sigma, rating)
     WHERE r.pool = $1 AND r.player_id = n.id`,
    [pool, ids, after.map((s) => s.mu), after.map((s) => s.sigma), shown],
  );
  for (const i of ids.keys()) {
    seats[i].ratingBefore = before[i].rating;
    seats[i].ratingAfter = shown[i];
  }
}
