/**
 * Playing one action: its own effect (make.ts) — a placement, a move, a forced capture, a
 * flight (R9.3), a pass, a resignation (R6.6), an agreed draw (R8.2), a seat action (R11.4) —
 * then what follows every action (afterAction.ts); `play` checks the action first (rules.ts).
 * The top of the core's layers: turnEnd ← make ← rules ← afterAction ← play.
 */
import { afterAction, endMove, leave } from './afterAction';
import { eliminate, flee } from './elimination';
import { applyMove, place, playCapture } from './make';
import {
  FLAG_DRAW,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  SEAT_BOT,
  SEAT_RESIGN,
  SEAT_RETURN,
  SEAT_TIMEOUT,
  moveFlag,
  moveFrom,
  moveFromBoard,
  seatActionKind,
  seatActionPlayer,
} from './move';
import { DRAWN, MODE_CAPTURE, MODE_FINAL, MODE_FLIGHT, MODE_PASS, type Position } from './position';
import { legalActionList, refusal } from './rules';
import { endTurn, finish, preyOf } from './turnEnd';
import { KING, fail, ok, type Result } from './types';

/** Play an action known to be legal (from legalActions): for search. Undo with pos.undo(). */
export function playUnchecked(pos: Position, action: number): void {
  const p = pos.turn;
  const flag = moveFlag(action);
  const mode = pos.mode;
  pos.begin();
  if (flag === FLAG_RESIGN && seatActionKind(action) !== SEAT_RESIGN)
    return playSeatAction(pos, action);
  if (flag === FLAG_PLACE && mode === MODE_FLIGHT) flee(pos, action);
  else if (flag === FLAG_PLACE) place(pos, action);
  else if (flag === FLAG_PASS) endTurn(pos, p, false);
  else if (flag === FLAG_RESIGN) {
    eliminate(pos, p, -1, 'resigned');
    endTurn(pos, p, false);
  } else if (flag === FLAG_DRAW) finish(pos, DRAWN, 'agreement');
  else if (mode === MODE_CAPTURE) playCapture(pos, action, preyOf(pos, p));
  else if (mode === MODE_FINAL) endTurn(pos, p, applyMove(pos, action));
  else {
    const fb = moveFromBoard(action);
    const king = (pos.squares[(fb << 7) | moveFrom(action)] & 7) === KING;
    endMove(pos, fb, king, applyMove(pos, action));
  }
  afterAction(pos, flag === FLAG_PASS && mode === MODE_PASS);
}

/**
 * A seat action (R11.4): a time-out or an absence eliminates its player at once (R11.2,
 * R11.3); a bot taking the seat, or its player taking it back, changes nothing on the boards.
 */
function playSeatAction(pos: Position, action: number): void {
  const kind = seatActionKind(action);
  if (kind === SEAT_BOT || kind === SEAT_RETURN) return;
  leave(pos, seatActionPlayer(action), kind === SEAT_TIMEOUT ? 'timed-out' : 'left');
}

/**
 * Play an action for the player to move, resolving the start of the next turn. Undo with
 * pos.undo(). Returns an error (and changes nothing) if the action is not legal now. `legal`:
 * the legal actions (legalActionList), when the caller has them already.
 */
export function play(
  pos: Position,
  action: number,
  legal: readonly number[] = legalActionList(pos),
): Result<void> {
  const why = refusal(pos, action, legal);
  if (why) return fail('illegal-action', why);
  playUnchecked(pos, action);
  return ok(undefined);
}
