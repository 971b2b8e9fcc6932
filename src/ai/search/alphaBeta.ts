/**
 * A node of the main search: alpha-beta over the core's legal actions (played with
 * playUnchecked), opponents' layers by BRS+ (layer.ts), the transposition table, move ordering,
 * late-move reductions and the extension of special turns; its last ply is frontier.ts's.
 */
import {
  ACTIVE,
  MODE_CAPTURE,
  MODE_NORMAL,
  OVER,
  legalActions,
  moveFrom,
  moveFromBoard,
  playUnchecked,
  roleOf,
} from '../../core';
import { light } from './frontier';
import { concerningMe, layerFree } from './layer';
import { isQuiet, pick } from './ordering';
import { quiesce } from './quiescence';
import { WIN } from './scores';
import { BUFFER, CUTOFF, IMPROVED, MAX_PLY, NODE_ROOM, type SearchState } from './state';
import { NO_CUTOFF } from './transposition';

/** A local binding of the core's helper (see ordering.ts). */
const roleOfCode = roleOf;

/** Special turns (final move, forced capture, flight, pass) met at depth 0 are searched on. */
const MAX_EXTENSIONS = 2;

/**
 * A node of the main search. `searched`: in an opponent layer, whether the one opponent that
 * moves freely has already moved (the rest then play their pre-ordered move).
 */
export function alphaBeta(
  s: SearchState,
  depth: number,
  alpha: number,
  beta: number,
  ply: number,
  searched: boolean,
  ext: number,
): number {
  if (s.tick()) return 0;
  const pos = s.pos;
  if (pos.phase === OVER) return s.terminal(ply);
  if (pos.status[s.me] !== ACTIVE) return -WIN + ply;
  if (ply >= MAX_PLY - 2) return s.evaluator.evaluate(pos, s.me);
  if (depth <= 0) {
    // An ordinary turn, or the rest of a Hyperspace turn under way: quiescence.
    if (pos.mode === MODE_NORMAL || pos.dueBoards() !== null)
      return quiesce(s, alpha, beta, ply, 0, searched);
    if (ext >= MAX_EXTENSIONS) return s.evaluator.evaluate(pos, s.me);
    depth = 1;
    ext++;
  }
  if (depth === 1 && pos.mode === MODE_NORMAL && !pos.options.hyperspace)
    return light(s, alpha, beta, ply, searched);
  const who = pos.turn;
  const isMax = who === s.me;
  const useTable = isMax || !searched;
  const tt = s.tt;
  const slot = tt.slotOf(pos);
  let ttMove = 0;
  if (tt.holds(slot, pos)) {
    ttMove = tt.move[slot];
    if (useTable) {
      const v = tt.cutoff(slot, depth, alpha, beta, ply);
      if (v !== NO_CUTOFF) return v;
    }
  }
  const start = s.sp;
  if (start + NODE_ROOM > BUFFER) return s.evaluator.evaluate(pos, s.me);
  const moves = s.moves;
  const order = s.order;
  let end = legalActions(pos, moves, start);
  if (end === start) return s.evaluator.evaluate(pos, s.me);
  for (let i = start; i < end; i++) order[i] = s.ordering.score(pos, moves[i], ttMove, ply, who);
  if (!isMax && !searched && pos.mode === MODE_NORMAL) end = concerningMe(s, start, end);
  s.sp = end;

  if (!isMax && searched) {
    // BRS+: this opponent plays its pre-ordered move.
    const m = pick(moves, order, start, end);
    s.line[ply] = 0;
    playUnchecked(pos, m);
    const back = pos.turn === s.me;
    const v = alphaBeta(s, back ? depth - 1 : depth, alpha, beta, ply + 1, !back, ext);
    pos.undo();
    s.sp = start;
    return v;
  }

  s.open(ply, alpha, beta, isMax);
  s.line[ply] = 0;
  if (isMax) s.combo[ply + 1] = 0; // a new layer of opponents begins
  let bestMove = 0;
  let preordered = 0;
  const combine = s.combined && !isMax && ply < pos.playersLeft() - 1 && !s.combo[ply];
  const ownDepth = isMax && s.extendCapture && pos.mode === MODE_CAPTURE ? depth : depth - 1;
  for (let i = start; i < end; i++) {
    const m = pick(moves, order, i, end);
    if (i === start) preordered = m;
    const a = s.alpha[ply];
    const b = s.beta[ply];
    const quiet = isQuiet(pos, m);
    const role = roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)));
    let v: number;
    playUnchecked(pos, m);
    let childDepth = ownDepth;
    let childSearched = false;
    if (!isMax && pos.turn !== s.me) {
      childDepth = depth;
      childSearched = layerFree(s, ply, m !== preordered, combine, isMax);
    }
    // Late quiet moves of a deep node are searched one ply shallower first.
    const reduce = depth >= 3 && quiet && i - start >= 4 && ttMove !== m;
    if (reduce) {
      v = alphaBeta(s, childDepth - 1, a, b, ply + 1, childSearched, ext);
      if (!s.aborted && s.improves(ply, v))
        v = alphaBeta(s, childDepth, a, b, ply + 1, childSearched, ext);
    } else v = alphaBeta(s, childDepth, a, b, ply + 1, childSearched, ext);
    pos.undo();
    if (s.aborted) {
      s.sp = start;
      return 0;
    }
    const folded = s.fold(ply, v);
    if (folded & IMPROVED) bestMove = m;
    if (folded & CUTOFF) {
      if (quiet) s.ordering.reward(m, ply, who, role, depth);
      break;
    }
  }
  s.sp = start;
  const best = s.best[ply];
  if (useTable) tt.store(slot, pos, bestMove, best, alpha, beta, depth, ply);
  return best;
}
