/** Scripted three-player games for the review's tests: a position set up, then actions played. */
import { expect } from 'vitest';
import { Game, defaultSetup } from '../../src/core';
import { build, type Spec } from '../core/helpers';

export const NAMES = ['Ada', 'Boris', 'Chen'];

/** A three-player game (A Ada, B Boris, C Chen) from a position, then `actions` played. */
export function scripted(spec: Spec, actions: string[], names = NAMES): Game {
  const made = Game.fromPosition(
    defaultSetup(3, 'moments', {}, (i) => names[i]),
    build(spec),
  );
  if (!made.ok) throw new Error(made.error.message);
  let game = made.value;
  expect(game.players.map((p) => p.name)).toEqual(names);
  for (const text of actions) {
    const next = game.play(text);
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    game = next.value;
  }
  return game;
}

/** A's rook on a7 of AB holds B's king's seventh rank; Rh1-h8 mates B at once (B moves next). */
export const MATE_IN_ONE: Spec = { players: 3, pieces: { AB: { a7: 'R', h1: 'R' } } };
