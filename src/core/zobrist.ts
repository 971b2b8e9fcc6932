/**
 * Zobrist keys, as pairs of 32-bit halves (lo, hi) so that hashes are 64-bit without BigInt.
 * Generated once from a fixed seed: hashes are stable across runs and machines.
 */
import { MAX_BOARDS, MAX_PLAYERS } from './geometry';
import { createRng } from './random';

const rng = createRng(0x5eed_c4e55);
const random32 = (): number => (rng() * 4294967296) | 0;

function keys(count: number): Int32Array {
  const a = new Int32Array(count * 2);
  for (let i = 0; i < a.length; i++) a[i] = random32();
  return a;
}

/** Index ((board << 7) | square) * 16 + pieceCode, times 2 for (lo, hi). */
export const PIECE_KEYS = keys(MAX_BOARDS * 128 * 16);
/** Index player: the player to move. */
export const TURN_KEYS = keys(MAX_PLAYERS);
/** Index (board * 2 + seat) * 4 + rights bits. */
export const CASTLE_KEYS = keys(MAX_BOARDS * 2 * 4);
/** Index player: the king has moved (castling lost). */
export const KING_MOVED_KEYS = keys(MAX_PLAYERS);
/** Index board * 8 + file of the en-passant square. */
export const EP_KEYS = keys(MAX_BOARDS * 8);
/** Index board * 2 + seat, times MAX_PLAYERS + owner: who holds a seat (Scavenger moves seats). */
export const SEAT_KEYS = keys(MAX_BOARDS * 2 * MAX_PLAYERS);
/** Index board: the board has left play (Collapse). */
export const DEAD_BOARD_KEYS = keys(MAX_BOARDS);
/** Index player * 4 + status. */
export const STATUS_KEYS = keys(MAX_PLAYERS * 4);
/** Index player * 16 + unplaced piece: a piece not yet placed. */
export const UNPLACED_KEYS = keys(MAX_PLAYERS * 16);
/** Index mode: the kind of turn being played (normal, final move, forced capture, pass). */
export const MODE_KEYS = keys(8);
/** Index player * 8 + countdown: turn slots left before an eliminated player's boards collapse. */
export const COUNTDOWN_KEYS = keys(MAX_PLAYERS * 8);
/** Index player: that player's king must flee (Cowardly Kings). */
export const FLEE_KEYS = keys(MAX_PLAYERS);
/** Index 0: a Hyperspace turn is under way; index 1 + board: that board is still due. */
export const DUE_KEYS = keys(MAX_BOARDS + 1);
