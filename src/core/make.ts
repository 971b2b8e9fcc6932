/**
 * Playing one action on the position: its own effect — a placement (R2.3), a move with its
 * captures, rights and en passant (R3–R5), a flight (R9.3), a resignation, an agreed draw —
 * then what follows every action (afterAction.ts). No legality test: see rules.ts.
 */
import { afterAction, endMove, endTurn, finish, leave, preyOf } from './afterAction';
import { eliminate, flee, removeKings } from './elimination';
import {
  DRAWN,
  ELIMINATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_PASS,
  S_TURN,
  type Position,
} from './position';
import {
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_DRAW,
  FLAG_EN_PASSANT,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  HOME_ROLES,
  KING_PIECE,
  SEAT_BOT,
  SEAT_RESIGN,
  SEAT_RETURN,
  SEAT_TIMEOUT,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  seatActionKind,
  seatActionPlayer,
} from './move';
import { KING, PAWN, ROOK } from './types';

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

/** A forced capture (R6.3): the taken king leaves every board; the other prey of p go too. */
export function playCapture(pos: Position, m: number, prey: number): void {
  const p = pos.turn;
  const irreversible = applyMove(pos, m);
  removeKings(pos, prey, p, 'captured');
  endTurn(pos, p, irreversible);
}

/** A placement (R2.3): the piece appears on its home square of the chosen board. */
function place(pos: Position, action: number): void {
  const p = pos.turn;
  const b = moveFromBoard(action);
  const piece = moveFrom(action);
  const to = moveTo(action);
  const seat = pos.seatOf(p, b);
  pos.putPiece(b, to, HOME_ROLES[piece] | (seat << 3));
  if (piece === KING_PIECE) {
    // Cowardly Kings: the king is placed like a piece, on one board (R9.3).
    pos.set(pos.kingSeat, p * pos.nb + b, seat);
    pos.set(pos.kingRel, p, seat ? to ^ 0x70 : to);
    pos.markStructural();
  }
  // A rook placed after a Cowardly king's flight gets no right: that king has moved (R5.4).
  if (HOME_ROLES[piece] === ROOK && !pos.kingMoved[p]) {
    const i = b * 2 + seat;
    pos.setCastle(i, pos.castle[i] | ((to & 7) === 0 ? 1 : 2));
  }
  pos.setUnplaced(p, pos.unplaced[p] & ~(1 << piece));
  endTurn(pos, p, false);
}

/** A piece leaving or being taken on a corner loses that corner's castling right (R5.4). */
function touchCorner(pos: Position, b: number, sq: number): void {
  const file = sq & 7;
  const rank = sq >> 4;
  if ((file !== 0 && file !== 7) || (rank !== 0 && rank !== 7)) return;
  const seat = rank === 0 ? 0 : 1;
  const bit = file === 0 ? 1 : 2;
  const i = b * 2 + seat;
  if (pos.castle[i] & bit) pos.setCastle(i, pos.castle[i] & ~bit);
}

/**
 * Play move m for the player to move, without any legality test and without ending the turn
 * (see endTurn); begin() must precede it. Returns whether it captured or moved a pawn.
 */
export function applyMove(pos: Position, m: number): boolean {
  const p = pos.scalars[S_TURN];
  const fb = moveFromBoard(m);
  const tb = moveToBoard(m);
  const from = moveFrom(m);
  const to = moveTo(m);
  const flag = moveFlag(m);
  const s = pos.squares;
  const c = s[(fb << 7) | from];
  const role = c & 7;
  let irreversible = false;
  if (role === KING && fb === tb) {
    // The king moves on every board where it stands, taking whatever is there (R5.2).
    const toRel = pos.kingSeat[p * pos.nb + fb] ? to ^ 0x70 : to;
    for (const b of pos.kingBoards[p]) {
      const at = pos.kingSeat[p * pos.nb + b] ? toRel ^ 0x70 : toRel;
      if (s[(b << 7) | at]) {
        irreversible = true;
        touchCorner(pos, b, at);
      }
    }
    pos.setKingSquare(p, toRel);
    pos.loseCastling(p);
    if (flag === FLAG_CASTLE) {
      const m7 = from & 0x70;
      const kingSide = (to & 7) === 6;
      const rookFrom = m7 | (kingSide ? 7 : 0);
      const rook = s[(fb << 7) | rookFrom];
      pos.putPiece(fb, rookFrom, 0);
      pos.putPiece(fb, m7 | (kingSide ? 5 : 3), rook);
      touchCorner(pos, fb, rookFrom);
    }
  } else {
    // Pieces arriving beside (or leaving) a double-stepped pawn change whether its right counts.
    const counted = pos.epCounts(fb);
    const countedTo = tb !== fb && pos.epCounts(tb);
    const taken = s[(tb << 7) | to];
    const promotion = movePromotion(m);
    const seat = fb === tb ? c >> 3 : pos.seatOf(p, tb);
    pos.putPiece(fb, from, 0);
    pos.putPiece(tb, to, (promotion || role) | (seat << 3));
    touchCorner(pos, fb, from);
    if (taken) {
      irreversible = true;
      touchCorner(pos, tb, to);
    }
    if (role === PAWN) irreversible = true;
    if (flag === FLAG_EN_PASSANT) pos.putPiece(fb, to + (c >> 3 ? 16 : -16), 0);
    pos.recountEp(fb, counted);
    pos.lapseEp(fb);
    if (tb !== fb) {
      pos.recountEp(tb, countedTo);
      pos.lapseEp(tb);
    }
    if (flag === FLAG_DOUBLE) offerEnPassant(pos, fb, from, to, c);
    if (role === KING) moveCowardlyKing(pos, p, fb, tb, to);
  }
  return irreversible;
}

/** A Cowardly king shifting to another board (R9.3): it now stands there alone. */
function moveCowardlyKing(pos: Position, p: number, fb: number, tb: number, to: number): void {
  pos.loseCastling(p);
  const seat = pos.seatOf(p, tb);
  pos.set(pos.kingSeat, p * pos.nb + fb, -1);
  pos.set(pos.kingSeat, p * pos.nb + tb, seat);
  pos.set(pos.kingRel, p, seat ? to ^ 0x70 : to);
  pos.markStructural();
}

/** Play move m and end the turn: the plain move of perft and search. */
export function makeMove(pos: Position, m: number): void {
  const p = pos.scalars[S_TURN];
  endTurn(pos, p, applyMove(pos, m));
}

/**
 * A double step on one board gives the enemy seat the en-passant right (R3.3). Without
 * Hyperspace it is recorded only when an enemy pawn stands beside the arrival square (no other
 * right could ever be used). Under Hyperspace the enemy may shift a pawn beside it earlier in
 * its turn (R9.1), so the right is always recorded; it counts in the hash, and so in
 * repetition, only while such a pawn stands beside (Position.epCounts).
 */
function offerEnPassant(pos: Position, b: number, from: number, to: number, c: number): void {
  const enemySeat = (c >> 3) ^ 1;
  const enemy = pos.seatOwner[b * 2 + enemySeat];
  if (enemy === pos.scalars[S_TURN] || pos.status[enemy] === ELIMINATED) return;
  const pawn = PAWN | (enemySeat << 3);
  const s = pos.squares;
  const beside = (t: number) => !(t & 0x88) && s[(b << 7) | t] === pawn;
  if (pos.options.hyperspace || beside(to - 1) || beside(to + 1))
    pos.setEp(b, (from + to) >> 1, enemy);
}
