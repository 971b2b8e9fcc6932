import type { Game } from '../../src/core';
import type { explain } from '../../src/store/explain';

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
