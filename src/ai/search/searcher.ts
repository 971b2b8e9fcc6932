/**
 * The search's root: iterative deepening over the root moves, the fallbacks of lost positions,
 * and what is read back from the table. The search is Best-Reply Search with the BRS+ refinement
 * (Schadd & Winands 2011; Esser et al. 2013), which is plain alpha-beta when two players are
 * left.
 *
 * Values are always from the point of view of the searching player ("me", the player to move
 * at the root). Nodes where I move maximise; nodes where an opponent moves minimise. The search
 * follows the real turn order: down to the last ply every action is a legal action of the core
 * played with playUnchecked (placement, final moves, forced captures, Cowardly flights and
 * Hyperspace turns all come from legalActions). Between two of my turns the opponents form one
 * "layer": BRS+ lets exactly one of them choose freely among all its moves while each of the
 * others plays its pre-ordered move (the first by move ordering: the transposition-table move,
 * else the best capture, killer or history move). The free opponent chooses only among the
 * moves that concern me (on or onto my boards, king moves, and its pre-ordered move standing for
 * "plays elsewhere"). In the first layer (the opponents' next moves), when the free opponent's
 * move checks me, the next opponent moves freely too, once per layer: mates in this game are
 * mostly combined attacks (one player checks, the next one mates), which plain BRS cannot see at
 * any depth. Deeper layers stay plain BRS+: combined attacks there
 * stack the opponents' cooperation turn after turn, and the search grew so pessimistic that it
 * gave up material against threats that real opponents (each playing for itself) never carry
 * out; in `match` games this restriction won more games (docs/bots.md, "Strength").
 * A layer counts as one ply of depth, like each of my actions, so deep lines stay affordable
 * with 3–8 players. With two players a layer is the opponent's move and the search is ordinary
 * alpha-beta (negamax in max/min form).
 *
 * Under Hyperspace a turn is several actions by the same player: each is a node of its own.
 *
 * The last ply and the quiescence search play ordinary moves "light" (frontier.ts,
 * quiescence.ts): the turn handed on without resolving the next turn.
 *
 * Determinism: the search stops at a node budget (counted in moves made), never at a clock,
 * so the same position, level and seed give the same move on any machine. A wall-clock cap is
 * kept only as a safety net far above the calibrated time (see bot.ts); only if it fires does
 * the result depend on the machine.
 *
 * Its parts: alphaBeta.ts (the nodes), layer.ts (an opponent layer of BRS+), frontier.ts (the
 * last ply), quiescence.ts, ordering.ts, transposition.ts, leastExposed.ts (lost positions), all
 * working on one SearchState (state.ts).
 */
import { OVER, legalActions, playUnchecked, type Position } from '../../core';
import { Evaluator, type Evaluation } from '../eval';
import { alphaBeta } from './alphaBeta';
import { leastExposed } from './leastExposed';
import { INF, MATE_BOUND } from './scores';
import { SearchState } from './state';
import type { SearchLimits, SearchResult } from './types';

export class Searcher {
  private readonly s: SearchState;

  /**
   * `evaluator`: the static evaluation and its working arrays; the benchmark and tests pass the
   * reference (test/ai/evalReference.ts) to compare searches with it.
   */
  constructor(readonly evaluator: Evaluation = new Evaluator()) {
    this.s = new SearchState(evaluator);
  }

  /** Search the position for the player to move. `shuffle` orders equal root moves (seeded). */
  search(pos: Position, limits: SearchLimits, shuffle?: (n: number) => number): SearchResult {
    const started = performance.now();
    const s = this.s;
    s.begin(pos, pos.turn, limits, started);

    const end = legalActions(pos, s.moves, 0);
    const actions = Array.from(s.moves.subarray(0, end));
    if (shuffle)
      for (let i = actions.length - 1; i > 0; i--) {
        const j = shuffle(i + 1);
        [actions[i], actions[j]] = [actions[j], actions[i]];
      }
    // Initial order: captures and promotions first (stable, so the shuffle breaks ties).
    const first = actions.map((m) => s.ordering.score(pos, m, 0, 0, pos.turn));
    const idx = actions.map((_, i) => i).sort((a, b) => first[b] - first[a] || a - b);
    let rootMoves = idx.map((i) => actions[i]);
    let root = rootMoves.map((action) => ({ action, score: -INF }));
    let best = rootMoves[0];
    let bestScore = -INF;
    let depthDone = 0;
    // Every move was mated in the opponents' next layer (with or without combined attacks).
    let firstLayerDoomed = false;
    if (rootMoves.length > 1) {
      for (let depth = 1; depth <= limits.maxDepth; depth++) {
        let alpha = -INF;
        const scores = new Array<number>(rootMoves.length).fill(-INF);
        let iterBest = 0;
        let iterScore = -INF;
        let searched = 0;
        for (let i = 0; i < rootMoves.length; i++) {
          const m = rootMoves[i];
          playUnchecked(pos, m);
          const v = alphaBeta(s, depth - 1, limits.exactRoot ? -INF : alpha, INF, 1, false, 0);
          pos.undo();
          if (s.aborted) break;
          scores[i] = v;
          searched++;
          if (v > iterScore) {
            iterScore = v;
            iterBest = m;
          }
          if (v > alpha) alpha = v;
        }
        if (s.aborted) {
          // The previous best is searched first, so a move that beat it at this depth is better.
          const loses = iterScore <= -MATE_BOUND && bestScore > -MATE_BOUND;
          if (searched > 0 && !limits.exactRoot && !loses) {
            best = iterBest;
            bestScore = iterScore;
          }
          break;
        }
        // A forced loss only exists if the opponents cooperate perfectly. Combined attacks are
        // the most cooperative part of the model: search again from depth 1 without them, with
        // what is left of the budget (at 8 players the first iteration itself can find every
        // move mated by two opponents in turn). If every move still loses, keep the move of the
        // last iteration that saw a way out.
        const doomed = iterScore <= -MATE_BOUND && (depthDone === 0 || bestScore > -MATE_BOUND);
        if (doomed && depth === 2) firstLayerDoomed = true;
        if (doomed && s.combined) {
          s.combined = false;
          s.tt.clear();
          depth = 0;
          continue;
        }
        if (doomed && depthDone > 0) {
          depthDone = depth;
          break;
        }
        const changed = depthDone > 0 && iterBest !== best;
        best = iterBest;
        bestScore = iterScore;
        depthDone = depth;
        const ranked = rootMoves
          .map((m, i) => ({ action: m, score: scores[i], i }))
          .sort((a, b) => b.score - a.score || a.i - b.i);
        rootMoves = ranked.map((r) => r.action);
        root = ranked.map(({ action, score }) => ({ action, score }));
        if (Math.abs(bestScore) >= MATE_BOUND) break;
        if (limits.targetMs !== undefined) {
          const used = performance.now() - started;
          if (used >= limits.targetMs * (changed ? 1 : 0.5)) break;
        }
      }
    }
    if (bestScore === -INF) bestScore = 0; // not even one ply was searched, or one move only
    if (limits.leastExposed && firstLayerDoomed) {
      // Among the moves not mated in the last search that could tell (all if none is).
      const ranked = [{ action: best, score: bestScore }, ...root.filter((r) => r.action !== best)];
      const alive = ranked.filter((r) => r.score > -MATE_BOUND);
      best = leastExposed(s, alive.length > 0 ? alive : ranked);
      bestScore = ranked.find((r) => r.action === best)!.score;
    }
    return {
      action: best,
      score: bestScore,
      depth: depthDone,
      nodes: s.nodes,
      ms: performance.now() - started,
      root,
      timedOut: s.timedOut,
    };
  }

  /**
   * The value of a position for player `me`, whoever is to move (iterative deepening to the
   * node budget; the last completed depth counts). Used to compare placements.
   */
  value(pos: Position, me: number, limits: SearchLimits): number {
    const s = this.s;
    s.begin(pos, me, limits, performance.now());
    if (pos.phase === OVER) return s.terminal(0);
    let value = this.evaluator.evaluate(pos, me);
    for (let depth = 1; depth <= limits.maxDepth; depth++) {
      const v = alphaBeta(s, depth, -INF, INF, 0, false, 0);
      if (s.aborted) break;
      value = v;
      if (Math.abs(v) >= MATE_BOUND) break;
    }
    return value;
  }

  /**
   * The line the last search expects after `first` (its principal variation, read back from
   * the table: at most `plies` actions after `first`, each one legal where it is met). Read
   * only: the position is restored. The last plies of a search keep no table entries, so the
   * line is short in shallow searches.
   */
  expectedLine(pos: Position, first: number, plies: number): number[] {
    const line: number[] = [];
    const { tt, moves } = this.s;
    playUnchecked(pos, first);
    while (line.length < plies && pos.phase !== OVER) {
      const slot = tt.slotOf(pos);
      if (!tt.holds(slot, pos)) break;
      const m = tt.move[slot];
      const end = legalActions(pos, moves, 0);
      if (!m || !moves.subarray(0, end).includes(m)) break;
      line.push(m);
      playUnchecked(pos, m);
    }
    for (let i = 0; i <= line.length; i++) pos.undo();
    return line;
  }
}
