/** The search's score scale (centipawns, from the searching player's point of view). */

export const INF = 1_000_000;
export const WIN = 100_000;
/** A score this close to WIN is a forced win or loss. */
export const MATE_BOUND = WIN - 1000;
/** Score of a draw for me: slightly below equal, so the bot plays on when it can. */
export const DRAW_SCORE = -25;
