/**
 * Each player's evaluation over a game, from the actions' reviews (review.ts): kept apart from
 * the review itself so that the page draws it without loading the search.
 */
import type { ActionReview } from './analyse';

/** One point of a player's evaluation: after action `index`, the search's score for them. */
export interface EvalPoint {
  index: number;
  score: number;
}

/**
 * Each player's evaluation over the game: at each of their judged actions, the search's score of
 * the action they played (for them). One series per player (turn-order index), in action order;
 * it works on the actions reviewed so far too.
 */
export function evalSeries(
  actions: readonly (ActionReview | null)[],
  players: number,
): EvalPoint[][] {
  const series: EvalPoint[][] = Array.from({ length: players }, () => []);
  for (const r of actions) if (r) series[r.player].push({ index: r.index, score: r.playedScore });
  return series;
}
