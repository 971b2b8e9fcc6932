/**
 * The arrow on the boards (issue 47 item 2): the move the store's `arrow` names (a key moment's
 * better move), from each square it leaves to the square it reaches, straight on its board, or
 * as an arc over the edge between two boards when it is a shift (R4); a king's move on each of
 * its boards. Drawn with the explanation overlay's lines (Explain.tsx), in one mesh.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type Mesh } from 'three';
import type { BetterMove } from '../../ai/moments';
import { actionSpots, type Game, type Spot } from '../../core';
import { useGame } from '../../store/store';
import { useCommitCount } from '../commits';
import type { Stage } from '../layout/stage';
import { LINE_MATERIAL, writeLines, type Line } from './Explain';

/** The arrow's colour: apart from the overlay's white (the hint, the action pointed at) and red. */
export const ARROW_COLOUR = '#7dffb0';
const COLOUR = new Color(ARROW_COLOUR);
const RADIUS = 0.075;

/** One stroke of the arrow: from a square to a square (on another board for a shift). */
export interface ArrowStroke {
  from: Spot;
  to: Spot;
  shift: boolean;
}

/**
 * The strokes of move `arrow` of `game` (pure, for tests): its text read in the position before
 * action `arrow.index`; none when it does not read there (or places a piece: nothing to point from).
 */
export function arrowStrokes(game: Game, arrow: BetterMove): ArrowStroke[] {
  if (arrow.index < 0 || arrow.index > game.length) return [];
  const { from, to } = actionSpots(game.positionAt(arrow.index), arrow.text);
  return from.flatMap((f, i) => {
    const t = to[i];
    return t ? [{ from: f, to: t, shift: f.board !== t.board }] : [];
  });
}

/** How many line segments the arrow was drawn with last (read by the test seam). */
export const arrowDrawn = { segments: 0 };

export function MoveArrow({ stage }: { stage: Stage }) {
  useCommitCount('MoveArrow');
  const game = useGame((s) => s.game);
  const arrow = useGame((s) => s.arrow);
  const invalidate = useThree((s) => s.invalidate);
  const mesh = useRef<Mesh>(null);
  const lines = useMemo(
    (): Line[] =>
      game && arrow
        ? arrowStrokes(game, arrow).map(({ from, to }) => ({
            from,
            to,
            colour: COLOUR,
            radius: RADIUS,
            head: true,
          }))
        : [],
    [game, arrow],
  );
  const seen = useRef(-1);
  // The lines run between squares in world space: redrawn whenever the boards move.
  const draw = () => {
    if (lines.length || arrowDrawn.segments)
      arrowDrawn.segments = writeLines(mesh.current, stage, lines);
    seen.current = stage.version;
  };
  useLayoutEffect(() => {
    seen.current = -1;
    draw();
    invalidate();
  });
  useFrame(() => {
    if (seen.current !== stage.version) draw();
  });
  return (
    <mesh
      ref={mesh}
      material={LINE_MATERIAL}
      visible={false}
      frustumCulled={false}
      renderOrder={3}
    />
  );
}
