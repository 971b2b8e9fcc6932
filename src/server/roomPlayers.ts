/**
 * Who sits at a room (issue #64 items 1 and 3): a join carries `identity`, the secret the page
 * keeps for its player; the room resolves it against the archive's players and takes their
 * ratings along (the list of open tables shows them; quick pairing's band compares them). A
 * forged or stale secret is refused; without an archive identities are ignored (games unrated).
 */
import { ServerError } from '@colyseus/core';
import { NEW_RATING, poolOf, ratingBand, type ListedRating, type RatingShown } from '../net';
import type { Queryable } from './database';
import { UNKNOWN_IDENTITY, playerOfSecret, readRatings, type KnownPlayer } from './players';

/** A known player joining a room, with their ratings (pools they played rated games in). */
export interface JoiningPlayer extends KnownPlayer {
  ratings: RatingShown[];
}

/** A secret is at most this long (the page's are far shorter): longer ones are not looked up. */
const MAX_SECRET = 200;

/**
 * The known player of a join's `options.identity`, or null for a guest (no identity, or no
 * archive). A forged or stale secret is refused (thrown) and nothing else happens; a database
 * that cannot answer lets the join in as a guest (play never waits on the archive).
 */
export async function joiningPlayer(
  services: { archive?: { db: Queryable }; log: (message: string) => void },
  options: Record<string, unknown>,
): Promise<JoiningPlayer | null> {
  const secret = options?.identity;
  if (secret === undefined || !services.archive) return null;
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > MAX_SECRET)
    throw new ServerError(4400, `a join's identity must be the secret this device keeps`);
  const { db } = services.archive;
  let player: KnownPlayer | null;
  try {
    player = await playerOfSecret(db, secret);
    if (player) return { ...player, ratings: await readRatings(db, player.id) };
  } catch (e) {
    services.log(`identity not checked, joining as a guest: ${(e as Error).message}`);
    return null;
  }
  throw new ServerError(4401, UNKNOWN_IDENTITY);
}

/** A seated player's rating in the pool of a table of `size` players, as the list shows it. */
export function listedRating(player: JoiningPlayer | null, size: number): ListedRating {
  if (!player) return 'guest';
  const shown = player.ratings.find((r) => r.pool === poolOf(size));
  return shown ? { rating: shown.rating, provisional: shown.provisional } : 'new';
}

/** The rating quick pairing compares (a known player not rated in the pool: a new one's). */
function bandRating(listed: ListedRating): number | null {
  if (listed === 'new') return NEW_RATING;
  return typeof listed === 'object' && 'rating' in listed ? listed.rating : null;
}

/** A waiting table as quick pairing weighs it. */
export interface WaitingTable {
  roomId: string;
  size: number;
  openedAt: number;
  ratings: ListedRating[];
}

/**
 * The waiting table (of those given, oldest first) a known player should sit at, at time `now`:
 * the oldest whose seated players' mean rating is within its band (ratingBand of its waiting
 * time) of the player's rating in its pool; a table of guests only is within anyone's. Null when
 * none is: the player then opens a table of their own, where closer players will sit, and which
 * the others' widening bands soon reach.
 */
export function preferredTable(
  tables: readonly WaitingTable[],
  player: JoiningPlayer,
  now: number,
): string | null {
  for (const table of tables) {
    const seated = table.ratings.map(bandRating).filter((r): r is number => r !== null);
    if (seated.length === 0) return table.roomId;
    const mine = bandRating(listedRating(player, table.size))!;
    const mean = seated.reduce((a, b) => a + b, 0) / seated.length;
    if (Math.abs(mine - mean) <= ratingBand(now - table.openedAt)) return table.roomId;
  }
  return null;
}
