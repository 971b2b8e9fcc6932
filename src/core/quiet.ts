/**
 * Quiet shifts (R9.7, a house rule switched on by options.quiet): a move that shifts a piece to
 * another board may not put an opponent's king in check — neither the arriving piece on the
 * board it lands on, nor a line its leaving uncovers on the board it comes from. Both tests are
 * local (one piece's attack, one line through one square), so the move generator applies them
 * to every shift it makes (movegen.ts), and the same tests say why a shift is refused.
 */
import { attacksFromMark, markAttackers, mySeats, uncovers } from './attacks';
import {
  FLAG_PLACE,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
} from './move';
import type { Position } from './position';

/**
 * The square of the king of player p's opponent on board b, or -1 when none stands there.
 * The opponent is whoever holds the other seat (none where p holds both, R9.4). A mated
 * player's king still stands on its boards until it is taken or removed (R6.3), so it can be
 * put in check; an eliminated player's king has left every board (R6.4) and a Scavenger's king
 * never stands on an inherited board (R9.4), so there is no king there to check.
 */
export function opponentKing(pos: Position, p: number, b: number): number {
  for (let seat = 0; seat < 2; seat++) {
    const o = pos.seatOwner[b * 2 + seat];
    if (o === p) continue;
    const k = pos.kingSquare(o, b);
    if (k >= 0) return k;
  }
  return -1;
}

/**
 * Would player p's piece leaving square sq of board b uncover a line of p's onto the opponent's
 * king there, `king` being that king's square (opponentKing)? Only p's pieces can attack it on
 * that board: the other seat is the king's own, and petrified pieces give no check (R6.4).
 */
export const leavingChecks = (pos: Position, p: number, b: number, sq: number, king: number) =>
  king >= 0 && uncovers(pos, b, sq, king, mySeats(pos, p, b));

/** How a shift breaks R9.7: on which board it would check the king standing on which square. */
export interface QuietBreach {
  /** 'arrival': the arriving piece gives check; 'uncovered': leaving opens a line. */
  kind: 'arrival' | 'uncovered';
  board: number;
  /** The checked king's square on that board. */
  king: number;
}

/**
 * How move m of the player to move breaks R9.7, or null when it does not (not a shift, the
 * option off, or no check given). Its other legality is not tested here.
 */
export function quietBreach(pos: Position, m: number): QuietBreach | null {
  const fb = moveFromBoard(m);
  const tb = moveToBoard(m);
  if (!pos.options.quiet || fb === tb || moveFlag(m) >= FLAG_PLACE) return null;
  const p = pos.turn;
  const from = moveFrom(m);
  const code = pos.squares[(fb << 7) | from];
  if (!code || pos.ownerOf(fb, code) !== p || tb >= pos.nb) return null;
  const left = opponentKing(pos, p, fb);
  if (leavingChecks(pos, p, fb, from, left)) return { kind: 'uncovered', board: fb, king: left };
  const landed = opponentKing(pos, p, tb);
  const seat = pos.seatOf(p, tb);
  if (landed < 0 || seat < 0) return null;
  const marks = new Uint8Array(128);
  markAttackers(pos, tb, landed, marks, 0);
  const arriving = (movePromotion(m) || code & 7) | (seat << 3);
  if (!attacksFromMark(marks, 0, moveTo(m), arriving)) return null;
  return { kind: 'arrival', board: tb, king: landed };
}
