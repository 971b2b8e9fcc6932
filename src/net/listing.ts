/**
 * Open tables and live games (issue 49 item 2): the public tables waiting for players and the
 * public games in play, as every process of the server sees them (the matchmaker's room listing,
 * in Redis with several processes). A page asks for the list over HTTP every LISTING.pollMs
 * while it shows it:
 *
 *   GET LISTING.path  → OpenTables (at most LISTING.maxEach of each kind)
 *
 * A waiting table is joined by id with a pairing request of its format (its seat is reserved and
 * its limits apply as for "Play online now"); a game in play is watched by joining it by id.
 * Private invite-link rooms are never listed: only public tables carry `listed` in their
 * metadata.
 */
import type { PairRequest, TableFormat } from './pairing';

export const LISTING = {
  /** The HTTP path of the list (on the game server; vite passes it on in development). */
  path: '/open-tables',
  /** How often a page showing the list asks for it again, in ms. */
  pollMs: 3000,
  /** Entries of each kind in one answer, at most (the oldest first). */
  maxEach: 50,
  /** Requests one address may make a second on average, and in one burst. */
  perSecond: 2,
  burst: 10,
} as const;

/**
 * A seated player's rating in the table's pool (src/net/rating.ts) as the list shows it: the
 * number (provisional in a player's first rated games), 'new' for a known player not rated in the
 * pool yet, 'guest' for a player without an identity, `{bot: level}` for one of the server's bots
 * (never rated: their level is shown instead).
 */
export type ListedRating =
  { rating: number; provisional: boolean } | { bot: 1 | 2 | 3 } | 'new' | 'guest';

/** A public table's entry in its room's listing metadata (`metadata.listed`). */
export type ListedState =
  | { state: 'waiting'; seated: number; openedAt: number; ratings: ListedRating[] }
  | { state: 'playing'; players: string[]; move: number; ratings: ListedRating[] };

/** A public table waiting for players; `waitingMs` as the server measured it when answering. */
export interface OpenTable extends TableFormat {
  roomId: string;
  seated: number;
  waitingMs: number;
  /** The seated players' ratings, in seat order. */
  ratings: ListedRating[];
}

/** A public game in play. */
export interface LiveGame extends TableFormat {
  roomId: string;
  players: string[];
  move: number;
  /** The players' ratings, as `players`. */
  ratings: ListedRating[];
}

export interface OpenTables {
  waiting: OpenTable[];
  playing: LiveGame[];
}

/** The pairing request that joins the listed table `table` (by its id) with `name`. */
export const joinRequest = (table: TableFormat, name: string): PairRequest => ({
  size: table.size,
  clock: table.clock,
  rules: table.rules,
  name,
});
