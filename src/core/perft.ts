/** Perft: count the leaf nodes of the legal move tree (standard test of move generators). */
import { makeMove } from './make';
import { playUnchecked } from './play';
import { generateMoves } from './movegen';
import { borrowList, returnList } from './moveLists';
import { OVER, S_PLY, type Position } from './position';
import { legalActionList, legalActions } from './rules';

/** Leaf count at `depth`; the last ply is counted in bulk, without playing the moves. */
export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = borrowList();
  const n = generateMoves(pos, moves, 0);
  let total = n;
  if (depth > 1) {
    total = 0;
    for (let i = 0; i < n; i++) {
      pos.begin();
      makeMove(pos, moves[i]);
      total += perft(pos, depth - 1);
      pos.undo();
    }
  }
  returnList(moves);
  return total;
}

/**
 * Perft over whole actions with every rule applied (placements, final moves, forced captures,
 * flights, Hyperspace moves one at a time, game end): slower, for positions with options.
 */
export function perftActions(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const actions = borrowList();
  const n = legalActions(pos, actions, 0);
  let total = n;
  if (depth > 1) {
    total = 0;
    for (let i = 0; i < n; i++) {
      playUnchecked(pos, actions[i]);
      total += perftActions(pos, depth - 1);
      pos.undo();
    }
  }
  returnList(actions);
  return total;
}

/**
 * Every whole turn of the player to move, as lists of actions (a Hyperspace turn is several
 * moves, R9.1; otherwise each turn is one action). Stops after `limit` turns.
 */
export function wholeTurns(pos: Position, limit = 10_000): number[][] {
  const out: number[][] = [];
  const who = pos.turn;
  const turnPly = pos.scalars[S_PLY];
  const actions = legalActionList(pos);
  for (const a of actions) {
    if (out.length >= limit) break;
    playUnchecked(pos, a);
    const goesOn = pos.turn === who && pos.scalars[S_PLY] === turnPly && pos.phase !== OVER;
    if (goesOn) for (const rest of wholeTurns(pos, limit - out.length)) out.push([a, ...rest]);
    else out.push([a]);
    pos.undo();
  }
  return out;
}
