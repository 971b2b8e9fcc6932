/** Perft: count the leaf nodes of the legal move tree (standard test of move generators). */
import { makeMove } from './make';
import { generateMoves } from './movegen';
import type { Position } from './position';

export const MAX_MOVES = 1 << 16;
const buffers: Int32Array[] = [];
const bufferAt = (ply: number): Int32Array => (buffers[ply] ??= new Int32Array(MAX_MOVES));

/** Leaf count at `depth`; the last ply is counted in bulk, without playing the moves. */
export function perft(pos: Position, depth: number, ply = 0): number {
  if (depth === 0) return 1;
  const moves = bufferAt(ply);
  const n = generateMoves(pos, moves, 0);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.begin();
    makeMove(pos, moves[i]);
    total += perft(pos, depth - 1, ply + 1);
    pos.undo();
  }
  return total;
}
