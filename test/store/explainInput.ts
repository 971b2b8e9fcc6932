import { Game, defaultSetup } from '../../src/core';
import type { explain } from '../../src/store/explain';
import { build } from '../core/helpers';

/** explain()'s input for a game shown at its end, nothing selected unless `extra` says so. */
export const explainInput = (game: Game, extra: Partial<Parameters<typeof explain>[0]> = {}) => ({
  game,
  view: game,
  cursor: game.length,
  selected: null,
  hovered: null,
  highlight: null,
  inspected: null,
  ...extra,
});

/** A's king on e1 of AB and AC; AC's rook may castle, but B's rook on AB g5 attacks g1 there. */
export function crossedCastling(): Game {
  const made = Game.fromPosition(
    defaultSetup(3, 'castling'),
    build({
      players: 3,
      pieces: { AB: { g5: 'r' }, AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    }),
  );
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}
