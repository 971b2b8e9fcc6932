/**
 * An opponent layer of Best-Reply Search (BRS+): which opponent moves freely, and among which
 * of its moves. See searcher.ts for the model.
 */
import { KING, moveFrom, moveFromBoard, moveToBoard, roleOf } from '../../core';
import { kingSafe } from '../captures';
import type { SearchState } from './state';

/** A local binding of the core's helper (see ordering.ts). */
const roleOfCode = roleOf;

/**
 * After a move at `ply` (the position is the child's, an opponent to move): has the layer's
 * free opponent moved (`deviated`: not its pre-ordered move), so that the child plays its
 * pre-ordered move? With `combine`, a move that checks me leaves the next opponent free too
 * (a combined attack); once per layer (combo[]), since every opponent checking in turn
 * multiplied the layer (with 7 opponents one move's layer could exceed the budget).
 */
export function layerFree(
  s: SearchState,
  ply: number,
  deviated: boolean,
  combine: boolean,
  isMax: boolean,
): boolean {
  const freed = deviated && combine && !kingSafe(s.pos, s.me);
  s.combo[ply + 1] = !isMax && (freed || s.combo[ply]) ? 1 : 0;
  return deviated && !freed;
}

/**
 * The moves of [start, end) a free opponent chooses among: those on or onto a board where I
 * play, king moves (the king moves on all its boards at once), and its pre-ordered move
 * (which stands for "plays elsewhere"). Its other moves change nothing I can lose or win in
 * this view; with 8 players they were six moves in seven, and searching them kept level 3
 * from completing two plies. Returns the new end (order scores move with their moves).
 */
export function concerningMe(s: SearchState, start: number, end: number): number {
  const pos = s.pos;
  const mine = s.mine;
  for (let b = 0; b < pos.nb; b++)
    mine[b] = pos.seatOwner[b * 2] === s.me || pos.seatOwner[b * 2 + 1] === s.me ? 1 : 0;
  const moves = s.moves;
  const order = s.order;
  let first = start;
  for (let i = start + 1; i < end; i++) if (order[i] > order[first]) first = i;
  let kept = start;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    const keep =
      i === first ||
      mine[moveToBoard(m)] === 1 ||
      mine[moveFromBoard(m)] === 1 ||
      roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m))) === KING;
    if (!keep) continue;
    moves[kept] = m;
    order[kept] = order[i];
    kept++;
  }
  return kept;
}
