/**
 * What a start offers before anyone has moved (R2.4): for a position where play begins, whether
 * some player, were it to move, could capture, give check, or mate in one.
 */
import {
  FLAG_PLACE,
  checkedBoards,
  isCapture,
  legalActionList,
  moveFlag,
  playUnchecked,
  type Position,
} from '../src/core';

export interface StartFacts {
  capture: boolean;
  check: boolean;
  mate: boolean;
}

/** Whether a player other than p is checked, and whether one of them has no legal action. */
function checkedAndMated(pos: Position, p: number): { check: boolean; mate: boolean } {
  let check = false;
  for (let q = 0; q < pos.n; q++) {
    if (q === p || !checkedBoards(pos, q).length) continue;
    check = true;
    const turn = pos.turn;
    pos.setTurn(q);
    const stuck = legalActionList(pos).length === 0;
    pos.setTurn(turn);
    if (stuck) return { check, mate: true };
  }
  return { check, mate: false };
}

/** Player p's moves (were it to move now) after which another player is checkmated (R6.1). */
export function matesInOne(start: Position, p: number): number[] {
  const pos = start.clone();
  pos.setTurn(p);
  return legalActionList(pos).filter((m) => {
    if (moveFlag(m) >= FLAG_PLACE) return false;
    playUnchecked(pos, m);
    const { mate } = checkedAndMated(pos, p);
    pos.undo();
    return mate;
  });
}

export function startFacts(start: Position): StartFacts {
  const pos = start.clone();
  const facts: StartFacts = { capture: false, check: false, mate: false };
  for (let p = 0; p < pos.n; p++) {
    pos.setTurn(p);
    for (const m of legalActionList(pos)) {
      if (moveFlag(m) >= FLAG_PLACE) continue;
      if (isCapture(pos, m)) facts.capture = true;
      if (facts.mate) continue;
      playUnchecked(pos, m);
      const after = checkedAndMated(pos, p);
      pos.undo();
      facts.check ||= after.check;
      facts.mate ||= after.mate;
    }
  }
  return facts;
}
