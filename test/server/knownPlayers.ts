/** Known players (issue #64) made straight in the archive for the server tests, as the identity API makes them. */
import type { Queryable } from '../../src/server/database';
import type { RatingPool } from '../../src/net';
import { hashToken, randomToken } from '../../src/server/tokens';

export interface TestPlayer {
  id: string;
  name: string;
  /** The secret their browser keeps (the join's `identity`). */
  secret: string;
}

export async function addPlayer(db: Queryable, name: string): Promise<TestPlayer> {
  const [id, secret] = [randomToken(), randomToken() + randomToken()];
  await db.query('INSERT INTO players (id, name, name_key) VALUES ($1, $2, $3)', [
    id,
    name,
    name.toLowerCase(),
  ]);
  await db.query('INSERT INTO player_tokens (token_hash, player_id) VALUES ($1, $2)', [
    hashToken(secret),
    id,
  ]);
  return { id, name, secret };
}

/** Give `player` the shown rating `rating` after `games` rated games in `pool`. */
export async function setRating(
  db: Queryable,
  player: TestPlayer,
  pool: RatingPool,
  rating: number,
  games: number,
): Promise<void> {
  await db.query(
    `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games) VALUES ($1, $2, 25, 3, $3, $4)`,
    [player.id, pool, rating, games],
  );
}
