/**
 * What a position offers (R2.4): whether a player, were it to move now, could capture, give
 * check, or mate in one; for a start, whether some player could.
 */
import {
  FLAG_PLACE,
  MATED,
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

/**
 * After player p's move (three or more players in the game): whether a player other than p is
 * checked, and whether one of them is checkmated. A move resolves the start of the next turn
 * (R6.1), so a next player it mates is already in its final move (R6.3) and has legal actions:
 * that one is mated by its status; any other checked player, if it would have no legal action.
 */
function checkedAndMated(pos: Position, p: number): { check: boolean; mate: boolean } {
  if (pos.status.some((s, q) => s === MATED && pos.mateBy[q] === p))
    return { check: true, mate: true };
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

/** What player p could do if it were to move now: capture, give check, mate in one. */
export function offers(position: Position, p: number): StartFacts {
  const pos = position.clone();
  pos.setTurn(p);
  const facts: StartFacts = { capture: false, check: false, mate: false };
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
  return facts;
}

/** What a start offers: whether some player, were it to move, could capture, check or mate. */
export function startFacts(start: Position): StartFacts {
  const facts: StartFacts = { capture: false, check: false, mate: false };
  for (let p = 0; p < start.n; p++) {
    const f = offers(start, p);
    facts.capture ||= f.capture;
    facts.check ||= f.check;
    facts.mate ||= f.mate;
  }
  return facts;
}
