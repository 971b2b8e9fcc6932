/**
 * The arrow on the boards (issue 47 item 2): the move the store's `arrow` names (a key moment's
 * better move), from each square it leaves to the square it reaches, straight on its board, or
 * as an arc over the edge between two boards when it is a shift (R4); a king's move on each of
 * its boards. Drawn with the explanation overlay's lines (Explain.tsx), in one mesh.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type Mesh } from 'three';
import { useGame } from '../../store/store';
import { useCommitCount } from '../commits';
import type { Stage } from '../layout/stage';
import { arrowStrokes } from '../arrowStrokes';
import { LINE_MATERIAL, writeLines, type Line } from './Explain';

/** The arrow's colour: apart from the overlay's white (the hint, the action pointed at) and red. */
export const ARROW_COLOUR = '#7dffb0';
const COLOUR = new Color(ARROW_COLOUR);
const RADIUS = 0.075;

/** How many line segments the arrow was drawn with last (the test seam reads it: measure.ts). */
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
