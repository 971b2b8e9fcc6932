/** Perft: count the leaf nodes of the legal move tree (standard test of move generators). */
import { makeMove, playUnchecked } from './make';
import { MAX_MOVES } from './move';
import { generateMoves } from './movegen';
import { OVER, S_PLY, type Position } from './position';
import { legalActions } from './rules';

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

/**
 * Perft over whole actions with every rule applied (placements, final moves, forced captures,
 * flights, Hyperspace moves one at a time, game end): slower, for positions with options.
 */
export function perftActions(pos: Position, depth: number, ply = 0): number {
  if (depth === 0) return 1;
  const actions = bufferAt(ply);
  const n = legalActions(pos, actions, 0);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    playUnchecked(pos, actions[i]);
    total += perftActions(pos, depth - 1, ply + 1);
    pos.undo();
  }
  return total;
}

/**
 * Every whole turn of the player to move, as lists of actions (a Hyperspace turn is several
 * moves, R9.1; otherwise each turn is one action). Stops after `limit` turns.
 */
export function wholeTurns(pos: Position, limit = 10_000, ply = 0): number[][] {
  const out: number[][] = [];
  const who = pos.turn;
  const turnPly = pos.scalars[S_PLY];
  const actions = bufferAt(ply).slice(0, legalActions(pos, bufferAt(ply), 0));
  for (const a of actions) {
    if (out.length >= limit) break;
    playUnchecked(pos, a);
    const goesOn = pos.turn === who && pos.scalars[S_PLY] === turnPly && pos.phase !== OVER;
    if (goesOn)
      for (const rest of wholeTurns(pos, limit - out.length, ply + 1)) out.push([a, ...rest]);
    else out.push([a]);
    pos.undo();
  }
  return out;
}
