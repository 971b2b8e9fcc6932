/**
 * Piece values and piece-square tables for the evaluation. Tables are written from the South
 * seat's point of view with rank 8 on the first line (as a board is printed) and are read by
 * relative square (R1.6): a North piece mirrors its rank first, so both seats share them.
 */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../core';

/** Centipawn value of each role code (index 1–6); the king has no material value. */
export const VALUE = new Int32Array([0, 100, 320, 330, 500, 900, 0, 0]);

/** Attack weight of a role near an enemy king (king safety). */
export const ATTACK_WEIGHT = new Int32Array([0, 1, 2, 2, 3, 5, 1, 0]);

/** Mobility weight per reachable square, by role. */
export const MOBILITY_WEIGHT = new Int32Array([0, 0, 4, 4, 2, 1, 0, 0]);

// prettier-ignore
const PAWN_TABLE = [
   0,  0,  0,  0,  0,  0,  0,  0,
  60, 60, 60, 60, 60, 60, 60, 60,
  20, 20, 25, 35, 35, 25, 20, 20,
  10, 10, 15, 25, 25, 15, 10, 10,
   0,  0,  5, 20, 20,  5,  0,  0,
   5,  0,  0,  5,  5,  0,  0,  5,
   5, 10, 10,  0,  0, 10, 10,  5,
   0,  0,  0,  0,  0,  0,  0,  0,
];
// prettier-ignore
const KNIGHT_TABLE = [
  -50,-40,-30,-30,-30,-30,-40,-50,
  -40,-20,  0,  0,  0,  0,-20,-40,
  -30,  0, 10, 15, 15, 10,  0,-30,
  -30,  5, 15, 20, 20, 15,  5,-30,
  -30,  0, 15, 20, 20, 15,  0,-30,
  -30,  5, 10, 15, 15, 10,  5,-30,
  -40,-20,  0,  5,  5,  0,-20,-40,
  -50,-40,-30,-30,-30,-30,-40,-50,
];
// prettier-ignore
const BISHOP_TABLE = [
  -20,-10,-10,-10,-10,-10,-10,-20,
  -10,  0,  0,  0,  0,  0,  0,-10,
  -10,  0,  5, 10, 10,  5,  0,-10,
  -10,  5,  5, 10, 10,  5,  5,-10,
  -10,  0, 10, 10, 10, 10,  0,-10,
  -10, 10, 10, 10, 10, 10, 10,-10,
  -10,  5,  0,  0,  0,  0,  5,-10,
  -20,-10,-10,-10,-10,-10,-10,-20,
];
// prettier-ignore
const ROOK_TABLE = [
   0,  0,  0,  0,  0,  0,  0,  0,
   5, 10, 10, 10, 10, 10, 10,  5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
   0,  0,  0,  5,  5,  0,  0,  0,
];
// prettier-ignore
const QUEEN_TABLE = [
  -20,-10,-10, -5, -5,-10,-10,-20,
  -10,  0,  0,  0,  0,  0,  0,-10,
  -10,  0,  5,  5,  5,  5,  0,-10,
   -5,  0,  5,  5,  5,  5,  0, -5,
    0,  0,  5,  5,  5,  5,  0, -5,
  -10,  5,  5,  5,  5,  5,  0,-10,
  -10,  0,  5,  0,  0,  0,  0,-10,
  -20,-10,-10, -5, -5,-10,-10,-20,
];
// prettier-ignore
const KING_TABLE = [
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -20,-30,-30,-40,-40,-30,-30,-20,
  -10,-20,-20,-20,-20,-20,-20,-10,
   10, 10,  0,  0,  0,  0, 10, 10,
   20, 30, 10,  0,  0, 10, 30, 20,
];
// prettier-ignore
const KING_END_TABLE = [
  -50,-40,-30,-20,-20,-30,-40,-50,
  -30,-20,-10,  0,  0,-10,-20,-30,
  -30,-10, 20, 30, 30, 20,-10,-30,
  -30,-10, 30, 40, 40, 30,-10,-30,
  -30,-10, 30, 40, 40, 30,-10,-30,
  -30,-10, 20, 30, 30, 20,-10,-30,
  -30,-30,  0,  0,  0,  0,-30,-30,
  -50,-30,-30,-30,-30,-30,-30,-50,
];

/** Convert a printed table (rank 8 first) to one indexed by relative 0x88 square. */
function to0x88(table: readonly number[]): Int16Array {
  const out = new Int16Array(128);
  for (let rank = 0; rank < 8; rank++)
    for (let file = 0; file < 8; file++) out[rank * 16 + file] = table[(7 - rank) * 8 + file];
  return out;
}

/** PST[role][relative 0x88 square]. */
export const PST: Int16Array[] = [];
PST[PAWN] = to0x88(PAWN_TABLE);
PST[KNIGHT] = to0x88(KNIGHT_TABLE);
PST[BISHOP] = to0x88(BISHOP_TABLE);
PST[ROOK] = to0x88(ROOK_TABLE);
PST[QUEEN] = to0x88(QUEEN_TABLE);
PST[KING] = to0x88(KING_TABLE);
export const KING_END = to0x88(KING_END_TABLE);

/** Penalty for king-zone attack units (grows faster than linearly, capped). */
export const SAFETY = new Int32Array(64);
for (let i = 0; i < 64; i++) SAFETY[i] = Math.min(500, Math.round(i * i * 2.2 + i * 6));
