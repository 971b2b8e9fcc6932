/**
 * The last ply of the main search (depth 1 of an ordinary turn), played "light": moves from the
 * core's generateMoves, made with applyMove (captures.ts), the turn handed on without resolving
 * the next turn, mate found as "in check with no legal move". This saves the full move
 * generation playUnchecked makes for the next player on every move. Below it, the quiescence
 * search.
 */
import { generateMoves, moveFrom, moveFromBoard, roleOf } from '../../core';
import { generateCaptures, kingSafe, makeLight } from '../captures';
import { layerFree, concerningMe } from './layer';
import { captureScore, isQuiet, pick } from './ordering';
import { noMoves, quiesce } from './quiescence';
import { BUFFER, CUTOFF, NODE_ROOM, type SearchState } from './state';

/** A local binding of the core's helper (see ordering.ts). */
const roleOfCode = roleOf;

/**
 * A node one ply above the quiescence search. Its moves come from the core's generateMoves
 * (exact for an ordinary turn) and are played light (captures.ts), so no next turn is
 * resolved below it; mate is found directly instead: a player in check without a legal move.
 * In an opponent layer, the pre-ordered move of an opponent that does not move freely is its
 * best capture, or a pass when it has none.
 */
export function light(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  searched: boolean,
): number {
  const pos = s.pos;
  const who = pos.turn;
  const isMax = who === s.me;
  const start = s.sp;
  if (start + NODE_ROOM > BUFFER) return s.evaluator.evaluate(pos, s.me);
  if (!isMax && searched) {
    const m = bestCapture(s, start, who);
    s.line[ply] = m;
    if (m) makeLight(pos, m);
    else {
      pos.begin();
      pos.setTurn(pos.nextPlayer(who));
    }
    const v =
      pos.turn === s.me
        ? quiesce(s, alpha, beta, ply + 1, 0)
        : light(s, alpha, beta, ply + 1, true);
    pos.undo();
    return v;
  }
  const moves = s.moves;
  const order = s.order;
  let end = generateMoves(pos, moves, start);
  if (end === start) return noMoves(s, ply);
  for (let i = start; i < end; i++) order[i] = s.ordering.score(pos, moves[i], 0, ply, who);
  if (!isMax) end = concerningMe(s, start, end);
  s.sp = end;
  s.open(ply, alpha, beta, isMax);
  let preordered = 0;
  const combine = s.combined && !isMax && ply < pos.playersLeft() - 1 && !s.combo[ply];
  for (let i = start; i < end; i++) {
    const m = pick(moves, order, i, end);
    if (i === start) preordered = m;
    if (s.tick()) break;
    const a = s.alpha[ply];
    const b = s.beta[ply];
    const quiet = isQuiet(pos, m);
    const role = roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)));
    s.line[ply] = m;
    makeLight(pos, m);
    const v =
      isMax || pos.turn === s.me
        ? quiesce(s, a, b, ply + 1, 0)
        : light(s, a, b, ply + 1, layerFree(s, ply, m !== preordered, combine, isMax));
    pos.undo();
    if (s.aborted) break;
    if (s.fold(ply, v) & CUTOFF) {
      if (quiet) s.ordering.reward(m, ply, who, role, 1);
      break;
    }
  }
  s.sp = start;
  return s.aborted ? 0 : s.best[ply];
}

/** The best legal capture of player `who` by value taken (0 if none), for BRS+ at the frontier. */
function bestCapture(s: SearchState, start: number, who: number): number {
  const pos = s.pos;
  const moves = s.moves;
  const end = generateCaptures(pos, moves, start, -1);
  let best = 0;
  let bestScore = -1;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    const score = captureScore(pos, m);
    if (score <= bestScore) continue;
    makeLight(pos, m);
    const legal = kingSafe(pos, who);
    pos.undo();
    if (legal) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}
