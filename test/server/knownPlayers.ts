/** Known players (issue #64) made straight in the archive for the server tests, as the identity API makes them. */
import type { Queryable } from '../../src/server/database';
import { hashToken, randomToken } from '../../src/server/tokens';
import { seedPlayer } from './profileSeed';

export interface TestPlayer {
  id: string;
  name: string;
  /** The secret their browser keeps (the join's `identity`). */
  secret: string;
}

export async function addPlayer(db: Queryable, name: string): Promise<TestPlayer> {
  const [id, secret] = [randomToken(), randomToken() + randomToken()];
  await seedPlayer(db, id, name);
  await db.query('INSERT INTO player_tokens (token_hash, player_id) VALUES ($1, $2)', [
    hashToken(secret),
    id,
  ]);
  return { id, name, secret };
}
