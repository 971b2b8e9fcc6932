/**
 * A king in check keeps its army's colour (issue 50 item 7): as 3D shapes and flat badges alike
 * its fill is its army's; check is marked around it, by an outline on its square.
 */
import { expect, test } from 'vitest';
import { Color } from 'three';
import { Game, KING, defaultSetup } from '../../src/core';
import { drawingOf } from '../../src/scene/components/Explain';
import { CHECK_RED } from '../../src/scene/gpu/geometries';
import { pieceColour } from '../../src/scene/components/Pieces';
import { explain } from '../../src/store/explain';
import { explainInput } from '../store/explainInput';
import { piecesOf } from '../../src/store/snapshot';
import { build } from '../core/helpers';

const ARMIES = ['#f2c230', '#3d8fe0', '#4fbf6f'];

/** A's king on AB and AC; C's rook on AC e5 gives check along the e-file. */
function inCheck(): Game {
  const made = Game.fromPosition(
    defaultSetup(3, 'check-mark'),
    build({ players: 3, pieces: { AC: { e5: 'r' } } }),
  );
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

test('R5.1 a king in check is filled with its army colour, on every board, and outlined in red', () => {
  const game = inCheck();
  const e = explain(explainInput(game));
  expect(e.checks.length).toBeGreaterThan(0);
  const armies = ARMIES.map((h) => new Color(h));
  const kings = piecesOf(game.position).filter((p) => p.role === KING && p.owner === 0);
  expect(kings.length).toBe(2);
  for (const king of kings) {
    const fill = pieceColour(armies, king, new Color());
    expect(fill.getHexString()).toBe(armies[0].getHexString());
    expect(fill.equals(CHECK_RED)).toBe(false);
  }
  // The mark around it: a red outline on the checked king's square.
  const drawn = drawingOf(e, ARMIES, { hint: null, threats: [] });
  for (const a of e.checks)
    expect(
      drawn.frames.some(
        (f) => f.board === a.board && f.square === a.to && f.colour.equals(CHECK_RED),
      ),
    ).toBe(true);
});
