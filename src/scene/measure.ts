/**
 * What the test seam measures of the drawn scene (squares and boards on screen, the boards in
 * view, the overlay's marks). It comes with the lazily loaded scene and is handed over through
 * the scene handle, so the page's first chunk (the seam included) carries no three.js.
 */
import { Vector3 } from 'three';
import { explainDrawn } from './components/Explain';
import { arrowDrawn } from './components/MoveArrow';
import type { SceneHandle, SceneMeasure } from './handle';
import { boardScreenBox, screenOfSquare } from './input/pick';

const v = new Vector3();

export const createSceneMeasure = (handle: SceneHandle): SceneMeasure => ({
  screenOfSquare: (board, square) => screenOfSquare(handle, board, square),
  boardScreenBox: (board) => boardScreenBox(handle, board),
  boardsInView() {
    const { camera, layout } = handle;
    if (!camera || !layout) return [];
    return layout.boards.flatMap((b, i) => {
      if (!b.live) return [];
      v.set(...b.position).project(camera);
      return Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1 && v.z < 1 ? [i] : [];
    });
  },
  marksDrawn: () => ({ ...explainDrawn }),
  arrowSegments: () => arrowDrawn.segments,
});
