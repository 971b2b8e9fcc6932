/**
 * Ending a turn, with no legality in it: the mover's en-passant rights lapse and the clocks run
 * (R3.3, R8.2), the turn passes to the next player left, counting collapse countdowns down
 * (R6.7, R9.2); and the game's end. Applying an action (make.ts), legality (rules.ts) and
 * resolving the next turn (afterAction.ts) build on it.
 */
import { collapse } from './elimination';
import {
  DRAW_REASONS,
  ELIMINATED,
  MATED,
  MODE_FLIGHT,
  MODE_NORMAL,
  OVER,
  S_DRAW_REASON,
  S_DUE,
  S_FULLMOVE,
  S_HALFMOVE,
  S_PHASE,
  S_PLY,
  S_REVERSIBLE_FROM,
  S_TURN_IRREVERSIBLE,
  S_WINNER,
  type DrawReason,
  type Position,
} from './position';

/** End player p's turn: their en-passant rights lapse (R3.3), the clocks run, the turn passes. */
export function endTurn(pos: Position, p: number, irreversible: boolean): void {
  for (let b = 0; b < pos.nb; b++) if (pos.epPlayer[b] === p) pos.setEp(b, -1, -1);
  const sc = pos.scalars;
  if (sc[S_DUE] !== -1) {
    // A Hyperspace turn ends: it was irreversible if any of its moves was (R9.1).
    irreversible ||= sc[S_TURN_IRREVERSIBLE] === 1;
    pos.set(sc, S_TURN_IRREVERSIBLE, 0);
    pos.setDue(-1);
  }
  pos.set(sc, S_HALFMOVE, irreversible ? 0 : sc[S_HALFMOVE] + 1);
  if (irreversible) pos.set(sc, S_REVERSIBLE_FROM, pos.historyLength);
  pos.set(pos.lastMoved, p, sc[S_PLY]);
  pos.set(sc, S_PLY, sc[S_PLY] + 1);
  advanceTurn(pos, p);
}

/**
 * The turn passes from p to the next player left (R6.7). Under Collapse every eliminated
 * player's slot passed over counts down, and at zero their boards leave play (R9.2).
 */
export function advanceTurn(pos: Position, p: number): void {
  for (let i = 1; i <= pos.n; i++) {
    const q = (p + i) % pos.n;
    if (pos.status[q] !== ELIMINATED) {
      if (q <= p) pos.set(pos.scalars, S_FULLMOVE, pos.scalars[S_FULLMOVE] + 1);
      pos.setTurn(q);
      return;
    }
    if (pos.countdown[q] > 0) {
      pos.setCountdown(q, pos.countdown[q] - 1);
      if (pos.countdown[q] === 0) collapse(pos, q);
    }
  }
}

/** Players whose pending king capture falls to player p this turn (R6.3). */
export function preyOf(pos: Position, p: number): number {
  let mask = 0;
  for (let x = 0; x < pos.n; x++)
    if (pos.status[x] === MATED && pos.mateBy[x] === p) mask |= 1 << x;
  return mask;
}

/**
 * The game ends: a winner, or DRAWN with the reason. A flight still pending (R9.3: a board
 * collapsed under a Cowardly king, and the game is then drawn, R7.2) is called off: nobody is
 * to move any more.
 */
export function finish(pos: Position, winner: number, reason: DrawReason = 'none'): void {
  if (pos.mode === MODE_FLIGHT) {
    for (let p = 0; p < pos.n; p++) pos.setFleeing(p, false);
    pos.setMode(MODE_NORMAL);
  }
  pos.set(pos.scalars, S_PHASE, OVER);
  pos.set(pos.scalars, S_WINNER, winner);
  pos.set(pos.scalars, S_DRAW_REASON, DRAW_REASONS.indexOf(reason));
}
