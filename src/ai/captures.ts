/**
 * Captures for the quiescence search, generated directly from the boards, and a "light" make
 * that plays one and hands the turn on without resolving the next turn.
 *
 * The core's playUnchecked resolves the start of the next turn (mate, stalemate, draws), which
 * means a full move generation for the next player on every make; the quiescence search only
 * needs captures, so it plays them with applyMove and passes the turn itself. The positions
 * inside the quiescence search are therefore approximate (no mate detection, Hyperspace turns
 * end after one move); they are only evaluated and always undone exactly with pos.undo().
 * Legality is tested after the move: the mover's king must not be attacked on any board (R5.3).
 */
import {
  ELIMINATED,
  FLAG_NORMAL,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
  applyMove,
  encodeMove,
  isAttacked,
  roleOf,
  seatOf,
  type Position,
} from '../core';

/**
 * The core's piece-code helpers as local bindings: under the test runner (Vite's module
 * transform) every use of an imported name goes through a getter, which doubled the time of
 * the per-square loops below.
 */
const roleOfCode = roleOf;
const seatOfCode = seatOf;

const KNIGHT_OFFSETS = [33, 31, 18, 14, -33, -31, -18, -14];
const KING_OFFSETS = [1, -1, 16, -16, 17, 15, -17, -15];
const DIAGONALS = [17, 15, -17, -15];
const ORTHOGONALS = [16, -16, 1, -1];
const QUEEN_DIRS = [...ORTHOGONALS, ...DIAGONALS];

/** A piece of the enemy seat that may be taken (not a king). */
const takeable = (c: number, enemySeat: number): boolean =>
  c !== 0 && seatOfCode(c) === enemySeat && roleOfCode(c) !== KING;

/**
 * Captures (and queen promotions) of the player to move into `out` from `start`; returns the
 * end. With `victim` ≥ 0 only pieces of that player are taken (promotions are always listed).
 * Pieces of eliminated players (petrified, worth nothing) are not taken; en passant is left out.
 * The moves are pseudo-legal: play them with makeLight and test with kingSafe.
 */
export function generateCaptures(
  pos: Position,
  out: Int32Array,
  start: number,
  victim: number,
): number {
  const p = pos.turn;
  let count = start;
  for (const b of pos.domain[p]) {
    for (let seat = 0; seat < 2; seat++) {
      if (pos.seatOwner[b * 2 + seat] !== p) continue;
      const enemy = pos.seatOwner[b * 2 + (seat ^ 1)];
      const canTake =
        enemy !== p && pos.status[enemy] !== ELIMINATED && (victim < 0 || enemy === victim);
      const enemyBit = seat ^ 1;
      for (let sq = 0; sq < 128; sq++) {
        if (sq & 0x88) {
          sq += 7;
          continue;
        }
        const c = pos.pieceAt(b, sq);
        if (!c || seatOfCode(c) !== seat) continue;
        const role = roleOfCode(c);
        if (role === KING) continue;
        if (role === PAWN) {
          const fwd = seat ? -16 : 16;
          const promote = sq >> 4 === (seat ? 1 : 6);
          const promo = promote ? QUEEN : 0;
          if (promote && pos.pieceAt(b, sq + fwd) === 0)
            out[count++] = encodeMove(b, sq, b, sq + fwd, QUEEN, FLAG_NORMAL);
          if (!canTake) continue;
          for (let side = -1; side <= 1; side += 2) {
            const t = sq + fwd + side;
            if (!(t & 0x88) && takeable(pos.pieceAt(b, t), enemyBit))
              out[count++] = encodeMove(b, sq, b, t, promo, FLAG_NORMAL);
          }
          continue;
        }
        if (!canTake) continue;
        if (role === KNIGHT) {
          for (let i = 0; i < 8; i++) {
            const t = sq + KNIGHT_OFFSETS[i];
            if (!(t & 0x88) && takeable(pos.pieceAt(b, t), enemyBit))
              out[count++] = encodeMove(b, sq, b, t, 0, FLAG_NORMAL);
          }
          continue;
        }
        const dirs = role === QUEEN ? QUEEN_DIRS : role === ROOK ? ORTHOGONALS : DIAGONALS;
        for (let i = 0; i < dirs.length; i++) {
          const d = dirs[i];
          for (let t = sq + d; !(t & 0x88); t += d) {
            const tc = pos.pieceAt(b, t);
            if (!tc) continue;
            if (takeable(tc, enemyBit)) out[count++] = encodeMove(b, sq, b, t, 0, FLAG_NORMAL);
            break;
          }
        }
      }
    }
  }
  return kingCaptures(pos, p, out, count, victim);
}

/** King captures: on every board at once (R5.2), or on its own board for a Cowardly king. */
function kingCaptures(
  pos: Position,
  p: number,
  out: Int32Array,
  start: number,
  victim: number,
): number {
  const rel = pos.kingRel[p];
  const boards = pos.kingBoards[p];
  if (rel < 0 || boards.length === 0) return start;
  const nb = pos.nb;
  let count = start;
  const first = boards[0];
  const firstMirror = pos.kingSeat[p * nb + first] ? 0x70 : 0;
  for (let i = 0; i < 8; i++) {
    const t = rel + KING_OFFSETS[i];
    if (t & 0x88) continue;
    let ok = true;
    let takes = false;
    for (const b of boards) {
      const seat = pos.kingSeat[p * nb + b];
      const c = pos.pieceAt(b, seat ? t ^ 0x70 : t);
      if (!c) continue;
      const owner = pos.seatOwner[b * 2 + seatOfCode(c)];
      if (roleOfCode(c) === KING || owner === p) {
        ok = false;
        break;
      }
      if (pos.status[owner] !== ELIMINATED && (victim < 0 || owner === victim)) takes = true;
    }
    if (ok && takes)
      out[count++] = encodeMove(first, rel ^ firstMirror, first, t ^ firstMirror, 0, 0);
  }
  return count;
}

/** Play a move for the player to move without resolving the next turn; undo with pos.undo(). */
export function makeLight(pos: Position, m: number): void {
  const p = pos.turn;
  pos.begin();
  applyMove(pos, m);
  pos.setTurn(pos.nextPlayer(p));
}

/** Is player p's king safe on every board (R5.3)? */
export function kingSafe(pos: Position, p: number): boolean {
  const boards = pos.kingBoards[p];
  for (let i = 0; i < boards.length; i++) if (!kingSafeOn(pos, p, boards[i])) return false;
  return true;
}

/** Is player p's king safe on board b (true where it does not stand)? */
export function kingSafeOn(pos: Position, p: number, b: number): boolean {
  const k = pos.kingSquare(p, b);
  if (k < 0) return true;
  let enemies = 0;
  for (let seat = 0; seat < 2; seat++) {
    const o = pos.seatOwner[b * 2 + seat];
    if (o !== p && pos.status[o] !== ELIMINATED) enemies |= 1 << seat;
  }
  return !(enemies && isAttacked(pos, b, k, enemies));
}
