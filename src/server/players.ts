/**
 * Players known to the server (issue #64 item 1): each browser of a player keeps a long random
 * secret; the archive keeps only its SHA-256 (`player_tokens`), as rooms keep seat tokens.
 */
import type { Queryable } from './database';
import { hashToken } from './tokens';

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
