/**
 * What an action does on the boards: a placement (R2.3), a move with its captures, rights and
 * en passant (R3–R5), a forced capture (R6.3). No legality test (rules.ts) and no resolving of
 * the next turn (afterAction.ts); playing a whole action is play.ts.
 */
import { removeKings } from './elimination';
import { endTurn } from './turnEnd';
import { ELIMINATED, S_TURN, type Position } from './position';
import {
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_EN_PASSANT,
  HOME_ROLES,
  KING_PIECE,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
} from './move';
import { KING, PAWN, ROOK } from './types';

/** A forced capture (R6.3): the taken king leaves every board; the other prey of p go too. */
export function playCapture(pos: Position, m: number, prey: number): void {
  const p = pos.turn;
  const irreversible = applyMove(pos, m);
  removeKings(pos, prey, p, 'captured');
  endTurn(pos, p, irreversible);
}

/** A placement (R2.3): the piece appears on its home square of the chosen board. */
export function place(pos: Position, action: number): void {
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
