/**
 * The quiescence search, below the last ply: the player to move stands pat or captures
 * (opponents only capture my pieces: in the paranoid view they gain nothing from taking each
 * other's), one opponent per layer as in BRS; a player in check searches its evasions instead.
 * Its moves are played light (captures.ts): the turn handed on without resolving the next turn,
 * mate found as "in check with no legal move" (noMoves(), also for the last ply, frontier.ts).
 */
import { ACTIVE, OVER, generateMoves, playUnchecked } from '../../core';
import { generateCaptures, kingSafe, makeLight } from '../captures';
import { ELIMINATION_BONUS } from '../eval';
import { captureScore, pick } from './ordering';
import { DRAW_SCORE, WIN } from './scores';
import { BUFFER, CUTOFF, MAX_PLY, NODE_ROOM, type SearchState } from './state';

const MAX_QDEPTH = 8;

/**
 * Quiescence: the player to move stands pat or captures; opponents only take my pieces.
 * As in the main search (BRS), one opponent acts per layer: once one has captured
 * (`taken`), the rest of the layer passes and I am to move. Letting every opponent of a
 * layer capture in turn multiplied their captures (with 7 opponents the quiescence of one
 * move could exceed the whole node budget, and level 3 did not finish depth 1).
 */
export function quiesce(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  qdepth: number,
  taken = false,
): number {
  const pos = s.pos;
  if (taken && pos.turn !== s.me) {
    pos.begin();
    pos.setTurn(s.me);
    const v = quiesce(s, alpha, beta, ply, qdepth);
    pos.undo();
    return v;
  }
  if (!kingSafe(pos, pos.turn)) {
    // In check: no standing pat; every evasion is searched (or it is mate).
    const start = s.sp;
    const end = generateMoves(pos, s.moves, start);
    if (end === start) return noMoves(s, ply);
    if (qdepth < MAX_QDEPTH && ply < MAX_PLY - 2) return evasions(s, alpha, beta, ply, qdepth, end);
  }
  const stand = s.evaluator.evaluate(pos, s.me);
  if (ply >= MAX_PLY - 2 || qdepth >= MAX_QDEPTH) return stand;
  const who = pos.turn;
  const isMax = who === s.me;
  s.open(ply, alpha, beta, isMax);
  if (s.fold(ply, stand) & CUTOFF) return stand;
  const start = s.sp;
  if (start + NODE_ROOM > BUFFER) return stand;
  const end = generateCaptures(pos, s.moves, start, isMax ? -1 : s.me);
  if (end === start) return stand;
  const moves = s.moves;
  const order = s.order;
  for (let i = start; i < end; i++) {
    const score = captureScore(pos, moves[i]);
    // Below 0 when nothing is taken on the move's board and nothing promotes: a king capture
    // on another board, its value unknown here.
    order[i] = score < 0 ? 16 * 200 : score;
  }
  s.sp = end;
  for (let i = start; i < end; i++) {
    const m = pick(moves, order, i, end);
    const gain = (order[i] >> 4) + 200;
    if (!s.improves(ply, isMax ? stand + gain : stand - gain)) continue; // delta pruning
    if (s.tick()) break;
    s.line[ply] = m;
    makeLight(pos, m);
    if (!kingSafe(pos, who)) {
      pos.undo();
      continue;
    }
    const v = quiesce(s, s.alpha[ply], s.beta[ply], ply + 1, qdepth + 1, !isMax);
    pos.undo();
    if (s.aborted || s.fold(ply, v) & CUTOFF) break;
  }
  s.sp = start;
  return s.aborted ? 0 : s.best[ply];
}

/** Quiescence in check: the evasions in [sp, end), best first. */
function evasions(
  s: SearchState,
  alpha: number,
  beta: number,
  ply: number,
  qdepth: number,
  end: number,
): number {
  const pos = s.pos;
  const who = pos.turn;
  const isMax = who === s.me;
  const start = s.sp;
  const moves = s.moves;
  const order = s.order;
  for (let i = start; i < end; i++) order[i] = s.ordering.score(pos, moves[i], 0, ply, who);
  s.sp = end;
  s.open(ply, alpha, beta, isMax);
  for (let i = start; i < end; i++) {
    const m = pick(moves, order, i, end);
    if (s.tick()) break;
    s.line[ply] = m;
    makeLight(pos, m);
    const v = quiesce(s, s.alpha[ply], s.beta[ply], ply + 1, qdepth + 1, !isMax);
    pos.undo();
    if (s.aborted || s.fold(ply, v) & CUTOFF) break;
  }
  s.sp = start;
  return s.aborted ? 0 : s.best[ply];
}

/** Score of a light position whose player to move has no legal move. */
export function noMoves(s: SearchState, ply: number): number {
  const pos = s.pos;
  const who = pos.turn;
  if (kingSafe(pos, who)) {
    // Stalemate: a draw with two players left, a pass with more (R6.5, R7.1).
    return pos.playersLeft() === 2 ? DRAW_SCORE : s.evaluator.evaluate(pos, s.me);
  }
  if (who === s.me) return -WIN + ply;
  if (pos.playersLeft() === 2) return WIN - ply;
  return eliminated(s, ply);
}

/**
 * An opponent checkmated with three or more players left, found at a light position: the
 * move that mated is played again by the core, which applies what the mate brings (R6.2-R6.3:
 * the final move to come and the checkmater's forced capture, Scavenger's inheritance R9.4,
 * Cowardly Kings' flight R9.3), and the resolved position is evaluated; the evaluation knows
 * these states (eval.ts). Mates are rare at the frontier, so the full move generation of the
 * replay costs little.
 */
function eliminated(s: SearchState, ply: number): number {
  const pos = s.pos;
  const m = s.line[ply - 1];
  if (ply === 0 || m === 0) return s.evaluator.evaluate(pos, s.me) + ELIMINATION_BONUS;
  pos.undo();
  playUnchecked(pos, m);
  const v =
    pos.phase === OVER
      ? s.terminal(ply)
      : pos.status[s.me] !== ACTIVE
        ? -WIN + ply
        : s.evaluator.evaluate(pos, s.me);
  pos.undo();
  makeLight(pos, m);
  return v;
}
