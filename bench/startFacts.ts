/**
 * What a start offers before anyone has moved (R2.4): for a position where play begins, whether
 * some player, were it to move, could capture, and whether some player could give check.
 */
import {
  FLAG_PLACE,
  checkedBoards,
  isCapture,
  legalActions,
  moveFlag,
  playUnchecked,
  type Position,
} from '../src/core';

const moves = new Int32Array(4096);

export function startFacts(start: Position): { capture: boolean; check: boolean } {
  const pos = start.clone();
  let capture = false;
  let check = false;
  for (let p = 0; p < pos.n; p++) {
    pos.setTurn(p);
    const end = legalActions(pos, moves, 0);
    for (let i = 0; i < end; i++) {
      const m = moves[i];
      if (moveFlag(m) >= FLAG_PLACE) continue;
      if (isCapture(pos, m)) capture = true;
      if (!check) {
        playUnchecked(pos, m);
        for (let q = 0; q < pos.n && !check; q++)
          if (q !== p && checkedBoards(pos, q).length) check = true;
        pos.undo();
      }
    }
  }
  return { capture, check };
}
