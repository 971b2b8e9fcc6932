/**
 * The strokes of the arrow on the boards (MoveArrow.tsx draws them): pure, without three.js, so
 * the test seam in the page's first chunk can name them too.
 */
import type { BetterMove } from '../ai/moments';
import { actionSpots, type Game, type Spot } from '../core';

/** One stroke of the arrow: from a square to a square (on another board for a shift). */
export interface ArrowStroke {
  from: Spot;
  to: Spot;
  shift: boolean;
}

/**
 * The strokes of move `arrow` of `game`: its text read in the position before action
 * `arrow.index`; none when it does not read there (or places a piece: nothing to point from).
 */
export function arrowStrokes(game: Game, arrow: BetterMove): ArrowStroke[] {
  if (arrow.index < 0 || arrow.index > game.length) return [];
  const { from, to } = actionSpots(game.positionAt(arrow.index), arrow.text);
  return from.flatMap((f, i) => {
    const t = to[i];
    return t ? [{ from: f, to: t, shift: f.board !== t.board }] : [];
  });
}
