/**
 * Archive rows for the profile tests (issue #64 item 4), written directly in SQL: players, their
 * ratings, and finished games with their seats. Each game's record is a real finished
 * three-player game (the first two players to move resign), so its replay and its game text read.
 */
import { Game, saveGame } from '../../src/core';
import type { Queryable } from '../../src/server/database';
import { nameKey, type RatingPool } from '../../src/net';

const COLOURS = ['#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#f4511e'];

export async function seedPlayer(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('INSERT INTO players (id, name, name_key) VALUES ($1, $2, $3)', [
    id,
    name,
    nameKey(name),
  ]);
}

export async function seedRating(
  db: Queryable,
  playerId: string,
  pool: RatingPool,
  rating: number,
  games: number,
): Promise<void> {
  await db.query(
    `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games) VALUES ($1, $2, 25, 8, $3, $4)`,
    [playerId, pool, rating, games],
  );
}

export interface SeedSeat {
  playerId: string | null;
  name: string;
  rank: number;
  outcome: 'won' | 'drawn' | 'eliminated';
  ratingBefore?: number;
  ratingAfter?: number;
}

/** A finished game of `seats.length` players: the record, every action to its end. */
export function finishedRecord(names: string[], seed: string) {
  const setup = {
    players: names.map((name, i) => ({ name, colour: COLOURS[i] })),
    seed,
    options: {},
  };
  let game = Game.create(setup);
  for (let i = 1; i < names.length && game.ok; i++) game = game.value.play('resign');
  if (!game.ok) throw new Error(game.error.message);
  return saveGame(
    game.value,
    names.map(() => ({ kind: 'human' })),
  );
}

/** A finished game `id` at `finishedAt`, rated in `pool` (null: unrated), with its seats. */
export async function seedGame(
  db: Queryable,
  id: string,
  finishedAt: Date,
  pool: RatingPool | null,
  seats: SeedSeat[],
): Promise<void> {
  const record = finishedRecord(
    seats.map((s) => s.name),
    id,
  );
  await db.query(
    `INSERT INTO games (id, replay_id, record, action_count, options, placement, grace_ms,
       after_grace, finished_at, rating_pool)
     VALUES ($1, $2, $3, $4, '{}', 'random', 60000, '{"kind":"eliminate"}', $5, $6)`,
    [id, `r${id}`.padEnd(22, 'x').slice(0, 22), record, record.actions.length, finishedAt, pool],
  );
  for (const [seat, s] of seats.entries())
    await db.query(
      `INSERT INTO game_players (game_id, seat, label, name, colour, began_as, rank, outcome,
         player_id, rating_before, rating_after)
       VALUES ($1, $2, $3, $4, $5, 'human', $6, $7, $8, $9, $10)`,
      [
        id,
        seat,
        'ABCDEFGH'[seat],
        s.name,
        COLOURS[seat],
        s.rank,
        s.outcome,
        s.playerId,
        s.ratingBefore ?? null,
        s.ratingAfter ?? null,
      ],
    );
}

/**
 * What deleting a player does to the archive (the identity API's DELETE /api/me, issue #64 item
 * 1): their seats are renamed "deleted player", and their row goes (player_id SET NULL).
 */
export async function deletePlayer(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE game_players SET name = 'deleted player' WHERE player_id = $1`, [id]);
  await db.query('DELETE FROM players WHERE id = $1', [id]);
}
