/** Attack detection on one board, the basis of check (R5.3) and king safety (R5.1). */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types';
import { ELIMINATED, type Position } from './position';

export const KNIGHT_OFFSETS = [33, 31, 18, 14, -33, -31, -18, -14];
export const KING_OFFSETS = [1, -1, 16, -16, 17, 15, -17, -15];
export const DIAGONALS = [17, 15, -17, -15];
export const ORTHOGONALS = [16, -16, 1, -1];

/** By 0x88 difference (to - from + 119): the unit step from `from` along a shared line, else 0. */
const LINE_STEPS = new Int8Array(239);
for (const d of [...ORTHOGONALS, ...DIAGONALS])
  for (let k = 1; k < 8; k++) LINE_STEPS[d * k + 119] = d;

/** The unit 0x88 step from square a towards square b if they share a line, else 0. */
export const lineStep = (a: number, b: number): number => LINE_STEPS[b - a + 119];

/** Is unit step d diagonal (a bishop's), rather than orthogonal (a rook's)? */
const isDiagonal = (d: number): boolean => d === 17 || d === 15 || d === -17 || d === -15;

/**
 * Bits of the marks written by markAttackers: which piece (by code, role | seat << 3) would
 * attack the marked square from there. A South pawn attacks upwards, a North pawn downwards.
 */
const ATTACK_BITS = new Uint8Array(16);
const SOUTH_PAWN_BIT = 1;
const NORTH_PAWN_BIT = 2;
const KNIGHT_BIT = 4;
const DIAGONAL_BIT = 8;
const ORTHOGONAL_BIT = 16;
const KING_BIT = 32;
for (const seat of [0, 8]) {
  ATTACK_BITS[PAWN | seat] = seat ? NORTH_PAWN_BIT : SOUTH_PAWN_BIT;
  ATTACK_BITS[KNIGHT | seat] = KNIGHT_BIT;
  ATTACK_BITS[BISHOP | seat] = DIAGONAL_BIT;
  ATTACK_BITS[ROOK | seat] = ORTHOGONAL_BIT;
  ATTACK_BITS[QUEEN | seat] = DIAGONAL_BIT | ORTHOGONAL_BIT;
  ATTACK_BITS[KING | seat] = KING_BIT;
}

/**
 * Mark in `marks` (from index `at`, one byte per square of board b) the empty squares from which
 * a piece arriving there would attack square `target` of board b, with the kinds of piece that
 * would (see attacksFromMark). The marks must be zero before.
 */
export function markAttackers(
  pos: Position,
  b: number,
  target: number,
  marks: Uint8Array,
  at: number,
): void {
  const s = pos.squares;
  const base = b << 7;
  for (let i = 0; i < 8; i++) {
    const n = target + KNIGHT_OFFSETS[i];
    if (!(n & 0x88)) marks[at + n] |= KNIGHT_BIT;
    const k = target + KING_OFFSETS[i];
    if (!(k & 0x88)) marks[at + k] |= KING_BIT;
    const d = KING_OFFSETS[i];
    const bit = isDiagonal(d) ? DIAGONAL_BIT : ORTHOGONAL_BIT;
    for (let t = target + d; !(t & 0x88) && s[base + t] === 0; t += d) marks[at + t] |= bit;
  }
  for (const d of [15, 17]) {
    if (!((target - d) & 0x88)) marks[at + target - d] |= SOUTH_PAWN_BIT;
    if (!((target + d) & 0x88)) marks[at + target + d] |= NORTH_PAWN_BIT;
  }
}

/** Would piece `code` arriving on empty square sq attack the square marked by markAttackers? */
export const attacksFromMark = (marks: Uint8Array, at: number, sq: number, code: number): boolean =>
  (marks[at + sq] & ATTACK_BITS[code]) !== 0;

/**
 * Would emptying square sq of board b open a line from a slider of the seats in `seats` onto
 * square `target` there (a discovered attack)?
 */
export function uncovers(
  pos: Position,
  b: number,
  sq: number,
  target: number,
  seats: number,
): boolean {
  const d = lineStep(target, sq);
  if (d === 0) return false;
  const s = pos.squares;
  const base = b << 7;
  for (let t = target + d; t !== sq; t += d) if (s[base + t]) return false;
  for (let t = sq + d; !(t & 0x88); t += d) {
    const c = s[base + t];
    if (!c) continue;
    const r = c & 7;
    return (
      ((seats >> (c >> 3)) & 1) === 1 && (r === QUEEN || r === (isDiagonal(d) ? BISHOP : ROOK))
    );
  }
  return false;
}

/** Seats (bit 0 South, bit 1 North) of board b held by player p. */
export function mySeats(pos: Position, p: number, b: number): number {
  return (pos.seatOwner[b * 2] === p ? 1 : 0) | (pos.seatOwner[b * 2 + 1] === p ? 2 : 0);
}

/** Seats of board b whose pieces attack p: held by someone else who is not eliminated (R6.4). */
export function enemySeats(pos: Position, p: number, b: number): number {
  let m = 0;
  for (let s = 0; s < 2; s++) {
    const o = pos.seatOwner[b * 2 + s];
    if (o !== p && pos.status[o] !== ELIMINATED) m |= 1 << s;
  }
  return m;
}

const isEnemy = (code: number, enemies: number): boolean =>
  code !== 0 && ((enemies >> (code >> 3)) & 1) === 1;

/** Is square sq of board b attacked by a piece of the seats in `enemies`? */
export function isAttacked(pos: Position, b: number, sq: number, enemies: number): boolean {
  return attackers(pos, b, sq, enemies, null) > 0;
}

/**
 * Count the pieces of the seats in `enemies` attacking square sq of board b, writing their
 * squares to `out` (room for 16); without `out`, stop at the first.
 */
export function attackers(
  pos: Position,
  b: number,
  sq: number,
  enemies: number,
  out: Int16Array | null,
): number {
  if (!enemies) return 0;
  const s = pos.squares;
  const base = b << 7;
  let count = 0;
  for (let i = 0; i < 8; i++) {
    const t = sq + KNIGHT_OFFSETS[i];
    if (t & 0x88) continue;
    const c = s[base + t];
    if ((c & 7) === KNIGHT && isEnemy(c, enemies)) {
      if (!out) return 1;
      out[count++] = t;
    }
  }
  for (let i = 0; i < 8; i++) {
    const t = sq + KING_OFFSETS[i];
    if (t & 0x88) continue;
    const c = s[base + t];
    if ((c & 7) === KING && isEnemy(c, enemies)) {
      if (!out) return 1;
      out[count++] = t;
    }
  }
  // A South pawn attacks upwards, so it stands below the square; a North pawn above it.
  for (let i = 0; i < 4; i++) {
    const seat = i >> 1;
    if (!((enemies >> seat) & 1)) continue;
    const t = sq + (seat ? 15 : -15) + (i & 1 ? 2 : 0) * (seat ? 1 : -1);
    if (!(t & 0x88) && s[base + t] === (PAWN | (seat << 3))) {
      if (!out) return 1;
      out[count++] = t;
    }
  }
  for (let i = 0; i < 8; i++) {
    const d = i < 4 ? ORTHOGONALS[i] : DIAGONALS[i - 4];
    const slider = i < 4 ? ROOK : BISHOP;
    for (let t = sq + d; !(t & 0x88); t += d) {
      const c = s[base + t];
      if (!c) continue;
      const r = c & 7;
      if ((r === slider || r === QUEEN) && isEnemy(c, enemies)) {
        if (!out) return 1;
        out[count++] = t;
      }
      break;
    }
  }
  return count;
}

/** Boards on which player p's king is attacked (R5.3: a check on any board is a check). */
export function checkedBoards(pos: Position, p: number): number[] {
  const out: number[] = [];
  for (const b of pos.kingBoards[p]) {
    const k = pos.kingSquare(p, b);
    if (k >= 0 && isAttacked(pos, b, k, enemySeats(pos, p, b))) out.push(b);
  }
  return out;
}

export const inCheck = (pos: Position, p: number): boolean => checkedBoards(pos, p).length > 0;
