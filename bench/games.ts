/** Seeded random games for the benchmarks, over the core alone (bench may use core and ai only). */
import { Game, createRng, defaultSetup, randomInt, type Options } from '../src/core';

/** A new game of n players named "Player 1", … in the default colours. */
export function newGame(players: number, seed: string, options: Partial<Options> = {}): Game {
  const created = Game.create(defaultSetup(players, seed, options));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/**
 * Play uniformly drawn legal actions (seeded) from `game` as long as `more` says so after each
 * one, or until no action is left.
 */
export function playRandomly(game: Game, seed: string, more: (game: Game) => boolean): Game {
  const rng = createRng(seed);
  while (more(game)) {
    const legal = game.legalActions();
    if (!legal.length) break;
    const next = game.play(legal[randomInt(rng, legal.length)]);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}
