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
