/**
 * Ratings as both sides speak of them (issue #64 item 3): the pools a table's size rates in,
 * and what a client is told of a rating. The arithmetic (OpenSkill) lives on the server.
 */

/** A table rates in the pool of its size: 3 players, 4, or 5 to 8 together. */
export const RATING_POOLS = ['3', '4', '5-8'] as const;
export type RatingPool = (typeof RATING_POOLS)[number];

/** The pool of a table of `players` players (3–8), or null for a two-player game (unrated). */
export function poolOf(players: number): RatingPool | null {
  if (players === 3) return '3';
  if (players === 4) return '4';
  return players >= 5 && players <= 8 ? '5-8' : null;
}

/** A rating stays marked provisional until it counts this many rated games. */
export const PROVISIONAL_GAMES = 5;

/** One pool's rating as shown: the number, and how many rated games it counts. */
export interface RatingShown {
  pool: RatingPool;
  rating: number;
  games: number;
  provisional: boolean;
}

/** A new player's shown rating (and the rating a player not rated in a pool pairs with). */
export const NEW_RATING = 1500;

/**
 * Quick pairing's rating band (like lichess's pools): a known player sits at the oldest waiting
 * public table whose seated players' mean rating is within the table's band of theirs, the band
 * widening the longer the table has waited (±200 at first, ±800 after 30 s, ±1400 when its
 * players may start with bots); with no such table they open one.
 */
export const RATING_BAND = {
  /** The band's half-width when the table opens, in rating points. */
  points: 200,
  /** How much it widens each second the table waits. */
  pointsPerSecond: 20,
} as const;

/** The band's half-width of a table that has waited `waitedMs`. */
export const ratingBand = (waitedMs: number): number =>
  RATING_BAND.points + (RATING_BAND.pointsPerSecond * Math.max(0, waitedMs)) / 1000;
