/**
 * The search: Best-Reply Search with the BRS+ refinement (Schadd & Winands 2011; Esser et al.
 * 2013), which is plain alpha-beta when two players are left.
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
 * out; in `match` games this restriction won more games (README, "Strength").
 * A layer counts as one ply of depth, like each of my actions, so deep lines stay affordable
 * with 3–8 players. With two players a layer is the opponent's move and the search is ordinary
 * alpha-beta (negamax in max/min form).
 *
 * Under Hyperspace a turn is several actions by the same player: each is a node of its own.
 *
 * The last ply (light()) and the quiescence search play ordinary moves "light" (captures.ts):
 * moves from the core's generateMoves, made with applyMove, the turn handed on without
 * resolving the next turn, mate found as "in check with no legal move". This saves the full
 * move generation playUnchecked makes for the next player on every move. The quiescence search
 * lets the player to move stand pat or capture (opponents only capture my pieces: in the
 * paranoid view they gain nothing from taking each other's), one opponent per layer as in BRS;
 * a player in check searches its evasions instead.
 *
 * Determinism: the search stops at a node budget (counted in moves made), never at a clock,
 * so the same position, level and seed give the same move on any machine. A wall-clock cap is
 * kept only as a safety net far above the calibrated time (see bot.ts); only if it fires does
 * the result depend on the machine.
 */
import {
  ACTIVE,
  DRAWN,
  ELIMINATED,
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_PLACE,
  KING,
  MAX_BOARDS,
  MODE_CAPTURE,
  MODE_NORMAL,
  OVER,
  PAWN,
  generateMoves,
  legalActions,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  playUnchecked,
  roleOf,
  type Position,
} from '../core';
import { generateCaptures, kingSafe, makeLight } from './captures';
import { ELIMINATION_BONUS, Evaluator, type Evaluation } from './eval';
import { VALUE } from './tables';

/**
 * The core's piece-code helpers as local bindings: under the test runner (Vite's module
 * transform) every use of an imported name goes through a getter, which doubled the time of
 * the per-square loops below.
 */
const roleOfCode = roleOf;

export const INF = 1_000_000;
export const WIN = 100_000;
/** A score this close to WIN is a forced win or loss. */
export const MATE_BOUND = WIN - 1000;
const MAX_PLY = 64;
/** Score of a draw for me: slightly below equal, so the bot plays on when it can. */
const DRAW_SCORE = -25;
/**
 * What a lost position's move loses (centipawns) per unit of exposure to a mate in one: 2 when
 * the next opponent has one, else the share of its moves that leave the next one a mate.
 */
const EXPOSURE_COST = 1000;
const MAX_QDEPTH = 8;
/** Special turns (final move, forced capture, flight, pass) met at depth 0 are searched on. */
const MAX_EXTENSIONS = 2;

const BUFFER = 1 << 20;
/** Room left in the move buffer for one node's moves. */
const NODE_ROOM = 1 << 15;

/** Frames of the per-ply bookkeeping: a few plies beyond MAX_PLY for the frontier's layers. */
const FRAMES = MAX_PLY * 2;
/** What fold() reports: the child improved the node's best value / caused a cutoff. */
const IMPROVED = 1;
const CUTOFF = 2;

const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

export interface SearchLimits {
  /** Deepest iteration (plies: one per action of mine, one per opponent layer). */
  maxDepth: number;
  /** Node budget (moves made, quiescence included): the deterministic limit. */
  nodes: number;
  /** Safety cap in milliseconds (machine-dependent; far above the calibrated time). */
  timeMs: number;
  /** Search every root move with a full window, so that every root score is exact. */
  exactRoot?: boolean;
  /**
   * A time target (in the game, not in tests or matches: the result then depends on the
   * machine). After each completed iteration the search goes deeper only while it has used
   * less than half the target, or less than the whole target when its best move changed in
   * that iteration (an unsettled position deserves more time). `timeMs` still caps it.
   */
  targetMs?: number;
  /**
   * My forced capture of a king I mated (R6.3) does not count as a ply: the opponents' layer
   * after it, where the tempo I lost is punished, stays within the search's depth.
   */
  extendForcedCapture?: boolean;
  /**
   * When the opponents' very next moves can mate me after every move I have (lost, if they
   * cooperate and see it), weigh each move's exposure to those mates (see exposure()) against its
   * score, among the moves the search does not see mated: real opponents miss some mates, never a
   * mate in one of their own. Without it the search plays the best move of a search blind to those
   * mates: of depth 1 (material only) when even single opponents mate every move, of the search
   * without combined attacks otherwise.
   */
  leastExposed?: boolean;
}

export interface SearchResult {
  action: number;
  score: number;
  /** Deepest completed iteration. */
  depth: number;
  nodes: number;
  ms: number;
  /** Root actions and their scores from the last completed iteration (exact with exactRoot). */
  root: { action: number; score: number }[];
  /** Whether the safety cap stopped the search (the result may then vary between machines). */
  timedOut: boolean;
}

/** Transposition table keyed by the core's Zobrist hash. */
class Table {
  readonly mask: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly move: Int32Array;
  readonly value: Int32Array;
  readonly depth: Int8Array;
  readonly flag: Uint8Array;

  constructor(bits: number) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.move = new Int32Array(size);
    this.value = new Int32Array(size);
    this.depth = new Int8Array(size);
    this.flag = new Uint8Array(size);
  }

  clear(): void {
    this.lo.fill(0);
    this.hi.fill(0);
    this.move.fill(0);
    this.depth.fill(-1);
  }
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

export class Searcher {
  private readonly tt = new Table(18);
  private readonly moves = new Int32Array(BUFFER);
  private readonly order = new Int32Array(BUFFER);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history = new Int32Array(8 * MAX_BOARDS * 128 * 8);
  /**
   * The window and best value of the node at each ply (see open() and fold()): the alpha/beta
   * bookkeeping of every kind of node, written once.
   */
  private readonly alpha = new Float64Array(FRAMES);
  private readonly beta = new Float64Array(FRAMES);
  private readonly best = new Float64Array(FRAMES);
  private readonly maxing = new Uint8Array(FRAMES);
  /** Per ply: a combined attack has been granted in this layer (see layerFree). */
  private readonly combo = new Uint8Array(FRAMES);
  /** Boards where the searching player holds a seat (see concerningMe). */
  private readonly mine = new Uint8Array(MAX_BOARDS);
  /** The move made light at each ply (0: made by the core, or none), see eliminated(). */
  private readonly line = new Int32Array(FRAMES);

  private pos!: Position;
  private me = 0;
  private nodes = 0;
  private nodeLimit = 0;
  private deadline = 0;
  private aborted = false;
  private timedOut = false;
  /** Whether the first layer sees combined attacks (off once they doom every move). */
  private combined = true;
  /** See SearchLimits.extendForcedCapture. */
  private extendCapture = false;
  /** Stack pointer into the move buffer: each node's moves sit above its parent's. */
  private sp = 0;

  /**
   * `evaluator`: the static evaluation and its working arrays; the benchmark and tests pass the
   * reference (test/ai/evalReference.ts) to compare searches with it.
   */
  constructor(readonly evaluator: Evaluation = new Evaluator()) {}

  /** A fresh search of `pos` for `me`: counters, limits and every table cleared (determinism). */
  private begin(pos: Position, me: number, limits: SearchLimits, started: number): void {
    this.pos = pos;
    this.me = me;
    this.nodes = 0;
    this.nodeLimit = limits.nodes;
    this.deadline = started + limits.timeMs;
    this.extendCapture = limits.extendForcedCapture ?? false;
    this.aborted = false;
    this.timedOut = false;
    this.combined = true;
    this.combo.fill(0);
    this.line.fill(0);
    this.sp = 0;
    this.tt.clear();
    this.killers.fill(0);
    this.history.fill(0);
  }

  /** Search the position for the player to move. `shuffle` orders equal root moves (seeded). */
  search(pos: Position, limits: SearchLimits, shuffle?: (n: number) => number): SearchResult {
    const started = performance.now();
    this.begin(pos, pos.turn, limits, started);

    const end = legalActions(pos, this.moves, 0);
    const actions = Array.from(this.moves.subarray(0, end));
    if (shuffle)
      for (let i = actions.length - 1; i > 0; i--) {
        const j = shuffle(i + 1);
        [actions[i], actions[j]] = [actions[j], actions[i]];
      }
    // Initial order: captures and promotions first (stable, so the shuffle breaks ties).
    const first = actions.map((m) => this.orderScore(m, 0, 0, pos.turn));
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
          const v = this.node(depth - 1, limits.exactRoot ? -INF : alpha, INF, 1, false, 0);
          pos.undo();
          if (this.aborted) break;
          scores[i] = v;
          searched++;
          if (v > iterScore) {
            iterScore = v;
            iterBest = m;
          }
          if (v > alpha) alpha = v;
        }
        if (this.aborted) {
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
        if (doomed && this.combined) {
          this.combined = false;
          this.tt.clear();
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
      best = this.leastExposed(alive.length > 0 ? alive : ranked);
      bestScore = ranked.find((r) => r.action === best)!.score;
    }
    return {
      action: best,
      score: bestScore,
      depth: depthDone,
      nodes: this.nodes,
      ms: performance.now() - started,
      root,
      timedOut: this.timedOut,
    };
  }

  /**
   * Of my root moves (best first, with their scores), the one whose score less its exposure to
   * a mate in one in the opponents' next layer, at EXPOSURE_COST a unit, is highest; the earlier
   * on a tie (see SearchLimits.leastExposed).
   */
  private leastExposed(moves: { action: number; score: number }[]): number {
    let best = moves[0].action;
    let bestValue = -Infinity;
    for (const { action, score } of moves) {
      // Exposure only lowers a value: a move that scores no better cannot win.
      if (score <= bestValue) continue;
      const value = score - EXPOSURE_COST * this.exposure(action);
      // Its moves count against the budget: a move whose exposure it cut short is left out.
      if (this.aborted) break;
      if (value > bestValue) {
        best = action;
        bestValue = value;
      }
    }
    return best;
  }

  /**
   * How exposed my move m leaves me in the opponents' next layer. With four or more players
   * left, see matingOpponents(). With three or two: 2 if the next opponent can mate me at once;
   * otherwise the share of the next opponent's moves after which the one after it can (whatever
   * the next one plays, checks that combine with the mate included).
   */
  private exposure(m: number): number {
    const pos = this.pos;
    playUnchecked(pos, m);
    let exposure = 0;
    if (pos.mode === MODE_NORMAL && pos.turn !== this.me && pos.status[this.me] === ACTIVE) {
      if (pos.playersLeft() >= 4) exposure = this.matingOpponents();
      else if (this.canMateMe()) exposure = 2;
      else {
        const start = this.sp;
        const end = generateMoves(pos, this.moves, start);
        this.sp = end;
        let replies = 0;
        let mating = 0;
        for (let i = start; i < end && !this.spent(); i++) {
          makeLight(pos, this.moves[i]);
          if (pos.turn !== this.me) {
            replies++;
            if (this.canMateMe()) mating++;
          }
          pos.undo();
        }
        this.sp = start;
        exposure = replies > 0 ? mating / replies : 0;
      }
    }
    pos.undo();
    return exposure;
  }

  /**
   * The opponents of the layer to come that have a mate in one on me, each with those before
   * it passing: 2 for the player to move, 1 for each later one. (The share of replies used with
   * three players would cost a move generation per reply per later opponent here.)
   */
  private matingOpponents(): number {
    const pos = this.pos;
    let count = this.canMateMe() ? 2 : 0;
    for (let q = pos.nextPlayer(pos.turn); q !== this.me; q = pos.nextPlayer(q)) {
      pos.begin();
      pos.setTurn(q);
      if (this.canMateMe()) count++;
      pos.undo();
    }
    return count;
  }

  /** Has the player to move a move after which I am in check with no legal move? */
  private canMateMe(): boolean {
    const pos = this.pos;
    const start = this.sp;
    const end = generateMoves(pos, this.moves, start);
    this.sp = end;
    let mates = false;
    for (let i = start; i < end && !mates && !this.spent(); i++) {
      makeLight(pos, this.moves[i]);
      if (!kingSafe(pos, this.me)) {
        pos.begin();
        pos.setTurn(this.me);
        mates = generateMoves(pos, this.moves, end) === end;
        pos.undo();
      }
      pos.undo();
    }
    this.sp = start;
    return mates;
  }

  /**
   * The value of a position for player `me`, whoever is to move (iterative deepening to the
   * node budget; the last completed depth counts). Used to compare placements.
   */
  value(pos: Position, me: number, limits: SearchLimits): number {
    this.begin(pos, me, limits, performance.now());
    if (pos.phase === OVER) return this.terminal(0);
    let value = this.evaluator.evaluate(pos, me);
    for (let depth = 1; depth <= limits.maxDepth; depth++) {
      const v = this.node(depth, -INF, INF, 0, false, 0);
      if (this.aborted) break;
      value = v;
      if (Math.abs(v) >= MATE_BOUND) break;
    }
    return value;
  }

  /** Count a node of the least-exposed pass: whether the budget (or the safety cap) is spent. */
  private spent(): boolean {
    return this.aborted || this.tick();
  }

  /** Count a node; stop at the budget (or the safety cap). */
  private tick(): boolean {
    if (++this.nodes >= this.nodeLimit) this.aborted = true;
    else if ((this.nodes & 511) === 0 && performance.now() > this.deadline) {
      this.aborted = true;
      this.timedOut = true;
    }
    return this.aborted;
  }

  private terminal(ply: number): number {
    const w = this.pos.winner;
    if (w === this.me) return WIN - ply;
    if (w === DRAWN) return DRAW_SCORE;
    return -WIN + ply;
  }

  /** Ordering score of move m for player `who` (TT move and killers handled by the caller). */
  private orderScore(m: number, ttMove: number, ply: number, who: number): number {
    if (m === ttMove) return 1 << 30;
    const flag = moveFlag(m);
    if (flag >= FLAG_PLACE) return 0;
    const pos = this.pos;
    const fb = moveFromBoard(m);
    const tb = moveToBoard(m);
    const to = moveTo(m);
    const role = roleOfCode(pos.pieceAt(fb, moveFrom(m)));
    let victim = 0;
    if (flag === FLAG_EN_PASSANT) victim = VALUE[PAWN];
    else if (flag !== FLAG_CASTLE) {
      if (role === KING && fb === tb && !pos.options.cowardly) {
        const p = pos.turn;
        const rel = pos.kingSeat[p * pos.nb + fb] ? to ^ 0x70 : to;
        for (const b of pos.kingBoards[p]) {
          const c = pos.pieceAt(b, pos.kingSeat[p * pos.nb + b] ? rel ^ 0x70 : rel);
          if (c && VALUE[roleOfCode(c)] > victim && pos.status[pos.ownerOf(b, c)] !== ELIMINATED)
            victim = VALUE[roleOfCode(c)];
        }
      } else {
        const c = pos.pieceAt(tb, to);
        if (c && pos.status[pos.ownerOf(tb, c)] !== ELIMINATED) victim = VALUE[roleOfCode(c)];
      }
    }
    if (victim) return 100_000_000 + victim * 16 - role;
    const promo = movePromotion(m);
    if (promo) return 90_000_000 + VALUE[promo];
    if (m === this.killers[ply * 2]) return 80_000_001;
    if (m === this.killers[ply * 2 + 1]) return 80_000_000;
    return this.history[this.historyIndex(who, tb, to, role)];
  }

  private historyIndex(who: number, tb: number, to: number, role: number): number {
    return ((who * MAX_BOARDS + tb) * 128 + to) * 8 + role;
  }

  /** Is move m quiet (no capture, no promotion)? For killers and history. */
  private quiet(m: number): boolean {
    if (moveFlag(m) !== 0 && moveFlag(m) !== 1) return false;
    if (movePromotion(m)) return false;
    return this.pos.pieceAt(moveToBoard(m), moveTo(m)) === 0;
  }

  /**
   * A node of the main search. `searched`: in an opponent layer, whether the one opponent that
   * moves freely has already moved (the rest then play their pre-ordered move).
   */
  private node(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    searched: boolean,
    ext: number,
  ): number {
    if (this.tick()) return 0;
    const pos = this.pos;
    if (pos.phase === OVER) return this.terminal(ply);
    if (pos.status[this.me] !== ACTIVE) return -WIN + ply;
    if (ply >= MAX_PLY - 2) return this.evaluator.evaluate(pos, this.me);
    if (depth <= 0) {
      // An ordinary turn, or the rest of a Hyperspace turn under way: quiescence.
      if (pos.mode === MODE_NORMAL || pos.dueBoards() !== null)
        return this.quiesce(alpha, beta, ply, 0, searched);
      if (ext >= MAX_EXTENSIONS) return this.evaluator.evaluate(pos, this.me);
      depth = 1;
      ext++;
    }
    if (depth === 1 && pos.mode === MODE_NORMAL && !pos.options.hyperspace)
      return this.light(alpha, beta, ply, searched);
    const who = pos.turn;
    const isMax = who === this.me;
    const useTable = isMax || !searched;
    const tt = this.tt;
    const slot = pos.hashLo & tt.mask;
    let ttMove = 0;
    if (tt.lo[slot] === pos.hashLo && tt.hi[slot] === pos.hashHi && tt.depth[slot] >= 0) {
      ttMove = tt.move[slot];
      if (useTable && tt.depth[slot] >= depth) {
        let v = tt.value[slot];
        if (v >= MATE_BOUND) v -= ply;
        else if (v <= -MATE_BOUND) v += ply;
        const f = tt.flag[slot];
        if (f === EXACT || (f === LOWER && v >= beta) || (f === UPPER && v <= alpha)) return v;
      }
    }
    const start = this.sp;
    if (start + NODE_ROOM > BUFFER) return this.evaluator.evaluate(pos, this.me);
    let end = legalActions(pos, this.moves, start);
    if (end === start) return this.evaluator.evaluate(pos, this.me);
    const order = this.order;
    for (let i = start; i < end; i++) order[i] = this.orderScore(this.moves[i], ttMove, ply, who);
    if (!isMax && !searched && pos.mode === MODE_NORMAL) end = this.concerningMe(start, end);
    this.sp = end;

    if (!isMax && searched) {
      // BRS+: this opponent plays its pre-ordered move.
      const m = this.pick(start, end);
      this.line[ply] = 0;
      playUnchecked(pos, m);
      const back = pos.turn === this.me;
      const v = this.node(back ? depth - 1 : depth, alpha, beta, ply + 1, !back, ext);
      pos.undo();
      this.sp = start;
      return v;
    }

    this.open(ply, alpha, beta, isMax);
    this.line[ply] = 0;
    if (isMax) this.combo[ply + 1] = 0; // a new layer of opponents begins
    let bestMove = 0;
    let preordered = 0;
    const combine = this.combined && !isMax && ply < pos.playersLeft() - 1 && !this.combo[ply];
    const ownDepth = isMax && this.extendCapture && pos.mode === MODE_CAPTURE ? depth : depth - 1;
    for (let i = start; i < end; i++) {
      const m = this.pick(i, end);
      if (i === start) preordered = m;
      const a = this.alpha[ply];
      const b = this.beta[ply];
      const quiet = this.quiet(m);
      const role = roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)));
      let v: number;
      playUnchecked(pos, m);
      let childDepth = ownDepth;
      let childSearched = false;
      if (!isMax && pos.turn !== this.me) {
        childDepth = depth;
        childSearched = this.layerFree(ply, m !== preordered, combine, isMax);
      }
      // Late quiet moves of a deep node are searched one ply shallower first.
      const reduce = depth >= 3 && quiet && i - start >= 4 && ttMove !== m;
      if (reduce) {
        v = this.node(childDepth - 1, a, b, ply + 1, childSearched, ext);
        if (!this.aborted && this.improves(ply, v))
          v = this.node(childDepth, a, b, ply + 1, childSearched, ext);
      } else v = this.node(childDepth, a, b, ply + 1, childSearched, ext);
      pos.undo();
      if (this.aborted) {
        this.sp = start;
        return 0;
      }
      const folded = this.fold(ply, v);
      if (folded & IMPROVED) bestMove = m;
      if (folded & CUTOFF) {
        if (quiet) this.reward(m, ply, who, role, depth);
        break;
      }
    }
    this.sp = start;
    const best = this.best[ply];
    if (useTable) {
      const flag = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
      let v = best;
      if (v >= MATE_BOUND) v += ply;
      else if (v <= -MATE_BOUND) v -= ply;
      tt.lo[slot] = pos.hashLo;
      tt.hi[slot] = pos.hashHi;
      tt.move[slot] = bestMove;
      tt.value[slot] = v;
      tt.depth[slot] = clamp(depth, 0, 100);
      tt.flag[slot] = flag;
    }
    return best;
  }

  /**
   * Start the bookkeeping of the node at `ply` with window (alpha, beta): a node where I move
   * raises alpha, an opponent's node lowers beta; nothing found yet.
   */
  private open(ply: number, alpha: number, beta: number, isMax: boolean): void {
    this.alpha[ply] = alpha;
    this.beta[ply] = beta;
    this.best[ply] = isMax ? -INF : INF;
    this.maxing[ply] = isMax ? 1 : 0;
  }

  /** Would value v narrow the window of the node at `ply` (is it better for its mover)? */
  private improves(ply: number, v: number): boolean {
    return this.maxing[ply] ? v > this.alpha[ply] : v < this.beta[ply];
  }

  /** Take value v (a child's, or standing pat) into the node at `ply`: IMPROVED and/or CUTOFF. */
  private fold(ply: number, v: number): number {
    let result = 0;
    if (this.maxing[ply]) {
      if (v > this.best[ply]) {
        this.best[ply] = v;
        result = IMPROVED;
      }
      if (v > this.alpha[ply]) this.alpha[ply] = v;
    } else {
      if (v < this.best[ply]) {
        this.best[ply] = v;
        result = IMPROVED;
      }
      if (v < this.beta[ply]) this.beta[ply] = v;
    }
    return this.alpha[ply] >= this.beta[ply] ? result | CUTOFF : result;
  }

  /** A quiet move caused a cutoff: killer and history. */
  private reward(m: number, ply: number, who: number, role: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = m;
    }
    const h = this.historyIndex(who, moveToBoard(m), moveTo(m), role);
    this.history[h] = Math.min(this.history[h] + depth * depth, 50_000_000);
  }

  /**
   * A node one ply above the quiescence search. Its moves come from the core's generateMoves
   * (exact for an ordinary turn) and are played light (captures.ts), so no next turn is
   * resolved below it; mate is found directly instead: a player in check without a legal move.
   * In an opponent layer, the pre-ordered move of an opponent that does not move freely is its
   * best capture, or a pass when it has none.
   */
  private light(alpha: number, beta: number, ply: number, searched: boolean): number {
    const pos = this.pos;
    const who = pos.turn;
    const isMax = who === this.me;
    const start = this.sp;
    if (start + NODE_ROOM > BUFFER) return this.evaluator.evaluate(pos, this.me);
    if (!isMax && searched) {
      const m = this.bestCapture(start, who);
      this.line[ply] = m;
      if (m) makeLight(pos, m);
      else {
        pos.begin();
        pos.setTurn(pos.nextPlayer(who));
      }
      const v =
        pos.turn === this.me
          ? this.quiesce(alpha, beta, ply + 1, 0)
          : this.light(alpha, beta, ply + 1, true);
      pos.undo();
      return v;
    }
    let end = generateMoves(pos, this.moves, start);
    if (end === start) return this.noMoves(ply);
    const order = this.order;
    for (let i = start; i < end; i++) order[i] = this.orderScore(this.moves[i], 0, ply, who);
    if (!isMax) end = this.concerningMe(start, end);
    this.sp = end;
    this.open(ply, alpha, beta, isMax);
    let preordered = 0;
    const combine = this.combined && !isMax && ply < pos.playersLeft() - 1 && !this.combo[ply];
    for (let i = start; i < end; i++) {
      const m = this.pick(i, end);
      if (i === start) preordered = m;
      if (this.tick()) break;
      const a = this.alpha[ply];
      const b = this.beta[ply];
      const quiet = this.quiet(m);
      const role = roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)));
      this.line[ply] = m;
      makeLight(pos, m);
      const v =
        isMax || pos.turn === this.me
          ? this.quiesce(a, b, ply + 1, 0)
          : this.light(a, b, ply + 1, this.layerFree(ply, m !== preordered, combine, isMax));
      pos.undo();
      if (this.aborted) break;
      if (this.fold(ply, v) & CUTOFF) {
        if (quiet) this.reward(m, ply, who, role, 1);
        break;
      }
    }
    this.sp = start;
    return this.aborted ? 0 : this.best[ply];
  }

  /** Score of a light position whose player to move has no legal move. */
  private noMoves(ply: number): number {
    const pos = this.pos;
    const who = pos.turn;
    if (kingSafe(pos, who)) {
      // Stalemate: a draw with two players left, a pass with more (R6.5, R7.1).
      return pos.playersLeft() === 2 ? DRAW_SCORE : this.evaluator.evaluate(pos, this.me);
    }
    if (who === this.me) return -WIN + ply;
    if (pos.playersLeft() === 2) return WIN - ply;
    return this.eliminated(ply);
  }

  /**
   * An opponent checkmated with three or more players left, found at a light position: the
   * move that mated is played again by the core, which applies what the mate brings (R6.2-R6.3:
   * the final move to come and the checkmater's forced capture, Scavenger's inheritance R9.4,
   * Cowardly Kings' flight R9.3), and the resolved position is evaluated; the evaluation knows
   * these states (eval.ts). Mates are rare at the frontier, so the full move generation of the
   * replay costs little.
   */
  private eliminated(ply: number): number {
    const pos = this.pos;
    const m = this.line[ply - 1];
    if (ply === 0 || m === 0) return this.evaluator.evaluate(pos, this.me) + ELIMINATION_BONUS;
    pos.undo();
    playUnchecked(pos, m);
    const v =
      pos.phase === OVER
        ? this.terminal(ply)
        : pos.status[this.me] !== ACTIVE
          ? -WIN + ply
          : this.evaluator.evaluate(pos, this.me);
    pos.undo();
    makeLight(pos, m);
    return v;
  }

  /** The best legal capture of player `who` by value taken (0 if none), for BRS+ at the frontier. */
  private bestCapture(start: number, who: number): number {
    const pos = this.pos;
    const end = generateCaptures(pos, this.moves, start, -1);
    let best = 0;
    let bestScore = -1;
    for (let i = start; i < end; i++) {
      const m = this.moves[i];
      const score =
        VALUE[roleOfCode(pos.pieceAt(moveToBoard(m), moveTo(m)))] * 16 -
        roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m))) +
        (movePromotion(m) ? 800 * 16 : 0);
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

  /**
   * After a move at `ply` (the position is the child's, an opponent to move): has the layer's
   * free opponent moved (`deviated`: not its pre-ordered move), so that the child plays its
   * pre-ordered move? With `combine`, a move that checks me leaves the next opponent free too
   * (a combined attack); once per layer (combo[]), since every opponent checking in turn
   * multiplied the layer (with 7 opponents one move's layer could exceed the budget).
   */
  private layerFree(ply: number, deviated: boolean, combine: boolean, isMax: boolean): boolean {
    const freed = deviated && combine && !kingSafe(this.pos, this.me);
    this.combo[ply + 1] = !isMax && (freed || this.combo[ply]) ? 1 : 0;
    return deviated && !freed;
  }

  /**
   * The moves of [start, end) a free opponent chooses among: those on or onto a board where I
   * play, king moves (the king moves on all its boards at once), and its pre-ordered move
   * (which stands for "plays elsewhere"). Its other moves change nothing I can lose or win in
   * this view; with 8 players they were six moves in seven, and searching them kept level 3
   * from completing two plies. Returns the new end (order scores move with their moves).
   */
  private concerningMe(start: number, end: number): number {
    const pos = this.pos;
    const mine = this.mine;
    for (let b = 0; b < pos.nb; b++)
      mine[b] = pos.seatOwner[b * 2] === this.me || pos.seatOwner[b * 2 + 1] === this.me ? 1 : 0;
    const moves = this.moves;
    const order = this.order;
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

  /** Selection step: bring the best-ordered move of [i, end) to i and return it. */
  private pick(i: number, end: number): number {
    const order = this.order;
    const moves = this.moves;
    let bi = i;
    for (let j = i + 1; j < end; j++) if (order[j] > order[bi]) bi = j;
    if (bi !== i) {
      const m = moves[bi];
      moves[bi] = moves[i];
      moves[i] = m;
      const o = order[bi];
      order[bi] = order[i];
      order[i] = o;
    }
    return moves[i];
  }

  /** Quiescence in check: the evasions in [sp, end), best first. */
  private evasions(alpha: number, beta: number, ply: number, qdepth: number, end: number): number {
    const pos = this.pos;
    const who = pos.turn;
    const isMax = who === this.me;
    const start = this.sp;
    const order = this.order;
    for (let i = start; i < end; i++) order[i] = this.orderScore(this.moves[i], 0, ply, who);
    this.sp = end;
    this.open(ply, alpha, beta, isMax);
    for (let i = start; i < end; i++) {
      const m = this.pick(i, end);
      if (this.tick()) break;
      this.line[ply] = m;
      makeLight(pos, m);
      const v = this.quiesce(this.alpha[ply], this.beta[ply], ply + 1, qdepth + 1, !isMax);
      pos.undo();
      if (this.aborted || this.fold(ply, v) & CUTOFF) break;
    }
    this.sp = start;
    return this.aborted ? 0 : this.best[ply];
  }

  /**
   * Quiescence: the player to move stands pat or captures; opponents only take my pieces.
   * As in the main search (BRS), one opponent acts per layer: once one has captured
   * (`taken`), the rest of the layer passes and I am to move. Letting every opponent of a
   * layer capture in turn multiplied their captures (with 7 opponents the quiescence of one
   * move could exceed the whole node budget, and level 3 did not finish depth 1).
   */
  private quiesce(alpha: number, beta: number, ply: number, qdepth: number, taken = false): number {
    const pos = this.pos;
    if (taken && pos.turn !== this.me) {
      pos.begin();
      pos.setTurn(this.me);
      const v = this.quiesce(alpha, beta, ply, qdepth);
      pos.undo();
      return v;
    }
    if (!kingSafe(pos, pos.turn)) {
      // In check: no standing pat; every evasion is searched (or it is mate).
      const start = this.sp;
      const end = generateMoves(pos, this.moves, start);
      if (end === start) return this.noMoves(ply);
      if (qdepth < MAX_QDEPTH && ply < MAX_PLY - 2)
        return this.evasions(alpha, beta, ply, qdepth, end);
    }
    const stand = this.evaluator.evaluate(pos, this.me);
    if (ply >= MAX_PLY - 2 || qdepth >= MAX_QDEPTH) return stand;
    const who = pos.turn;
    const isMax = who === this.me;
    this.open(ply, alpha, beta, isMax);
    if (this.fold(ply, stand) & CUTOFF) return stand;
    const start = this.sp;
    if (start + NODE_ROOM > BUFFER) return stand;
    const end = generateCaptures(pos, this.moves, start, isMax ? -1 : this.me);
    if (end === start) return stand;
    const order = this.order;
    for (let i = start; i < end; i++) {
      const m = this.moves[i];
      const victim = VALUE[roleOfCode(pos.pieceAt(moveToBoard(m), moveTo(m)))];
      const kingTake = victim === 0 && !movePromotion(m);
      order[i] =
        (victim + (movePromotion(m) ? 800 : 0)) * 16 -
        roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)));
      if (kingTake) order[i] = 16 * 200; // a king capture on another board: value unknown here
    }
    this.sp = end;
    for (let i = start; i < end; i++) {
      const m = this.pick(i, end);
      const gain = (order[i] >> 4) + 200;
      if (!this.improves(ply, isMax ? stand + gain : stand - gain)) continue; // delta pruning
      if (this.tick()) break;
      this.line[ply] = m;
      makeLight(pos, m);
      if (!kingSafe(pos, who)) {
        pos.undo();
        continue;
      }
      const v = this.quiesce(this.alpha[ply], this.beta[ply], ply + 1, qdepth + 1, !isMax);
      pos.undo();
      if (this.aborted || this.fold(ply, v) & CUTOFF) break;
    }
    this.sp = start;
    return this.aborted ? 0 : this.best[ply];
  }

  /**
   * The line the last search expects after `first` (its principal variation, read back from
   * the table: at most `plies` actions after `first`, each one legal where it is met). Read
   * only: the position is restored. The last plies of a search keep no table entries, so the
   * line is short in shallow searches.
   */
  expectedLine(pos: Position, first: number, plies: number): number[] {
    const line: number[] = [];
    const tt = this.tt;
    playUnchecked(pos, first);
    while (line.length < plies && pos.phase !== OVER) {
      const slot = pos.hashLo & tt.mask;
      if (tt.lo[slot] !== pos.hashLo || tt.hi[slot] !== pos.hashHi || tt.depth[slot] < 0) break;
      const m = tt.move[slot];
      const end = legalActions(pos, this.moves, 0);
      if (!m || !this.moves.subarray(0, end).includes(m)) break;
      line.push(m);
      playUnchecked(pos, m);
    }
    for (let i = 0; i <= line.length; i++) pos.undo();
    return line;
  }
}
