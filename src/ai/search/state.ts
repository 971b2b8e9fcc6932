/**
 * What a search works with, shared by its parts (searcher.ts, alphaBeta.ts, frontier.ts,
 * quiescence.ts, layer.ts, leastExposed.ts): the position and the searching player, the move
 * buffer, the per-ply bookkeeping of the nodes under way, the node count and its limits, and the
 * tables. The parts are functions of this state, so that each reads and writes it directly.
 */
import { DRAWN, MAX_BOARDS, type Position } from '../../core';
import type { Evaluation } from '../eval';
import { MoveOrdering } from './ordering';
import { DRAW_SCORE, INF, WIN } from './scores';
import { TranspositionTable } from './transposition';
import type { SearchLimits } from './types';

export const MAX_PLY = 64;

export const BUFFER = 1 << 20;
/** Room left in the move buffer for one node's moves. */
export const NODE_ROOM = 1 << 15;

/** Frames of the per-ply bookkeeping: a few plies beyond MAX_PLY for the frontier's layers. */
const FRAMES = MAX_PLY * 2;
/** What fold() reports: the child improved the node's best value / caused a cutoff. */
export const IMPROVED = 1;
export const CUTOFF = 2;

export class SearchState {
  readonly tt = new TranspositionTable();
  readonly ordering = new MoveOrdering(MAX_PLY);
  readonly moves = new Int32Array(BUFFER);
  /** The ordering score of each move of `moves` (ordering.ts). */
  readonly order = new Int32Array(BUFFER);
  /**
   * The window and best value of the node at each ply (see open() and fold()): the alpha/beta
   * bookkeeping of every kind of node, written once.
   */
  readonly alpha = new Float64Array(FRAMES);
  readonly beta = new Float64Array(FRAMES);
  readonly best = new Float64Array(FRAMES);
  readonly maxing = new Uint8Array(FRAMES);
  /** Per ply: a combined attack has been granted in this layer (see layerFree). */
  readonly combo = new Uint8Array(FRAMES);
  /** Boards where the searching player holds a seat (see concerningMe). */
  readonly mine = new Uint8Array(MAX_BOARDS);
  /** The move made light at each ply (0: made by the core, or none), see eliminated(). */
  readonly line = new Int32Array(FRAMES);

  pos!: Position;
  /** The searching player. */
  me = 0;
  nodes = 0;
  private nodeLimit = 0;
  private deadline = 0;
  aborted = false;
  timedOut = false;
  /** Whether the first layer sees combined attacks (off once they doom every move). */
  combined = true;
  /** See SearchLimits.extendForcedCapture. */
  extendCapture = false;
  /** Stack pointer into the move buffer: each node's moves sit above its parent's. */
  sp = 0;

  /** `evaluator`: the Searcher's. */
  constructor(readonly evaluator: Evaluation) {}

  /** A fresh search of `pos` for `me`: counters, limits and every table cleared (determinism). */
  begin(pos: Position, me: number, limits: SearchLimits, started: number): void {
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
    this.ordering.clear();
  }

  /** Count a node; stop at the budget (or the safety cap). */
  tick(): boolean {
    if (++this.nodes >= this.nodeLimit) this.aborted = true;
    else if ((this.nodes & 511) === 0 && performance.now() > this.deadline) {
      this.aborted = true;
      this.timedOut = true;
    }
    return this.aborted;
  }

  /** Count a node of the least-exposed pass: whether the budget (or the safety cap) is spent. */
  spent(): boolean {
    return this.aborted || this.tick();
  }

  /** The score of the finished game for me (`ply`: how far from the root). */
  terminal(ply: number): number {
    const w = this.pos.winner;
    if (w === this.me) return WIN - ply;
    if (w === DRAWN) return DRAW_SCORE;
    return -WIN + ply;
  }

  /**
   * Start the bookkeeping of the node at `ply` with window (alpha, beta): a node where I move
   * raises alpha, an opponent's node lowers beta; nothing found yet.
   */
  open(ply: number, alpha: number, beta: number, isMax: boolean): void {
    this.alpha[ply] = alpha;
    this.beta[ply] = beta;
    this.best[ply] = isMax ? -INF : INF;
    this.maxing[ply] = isMax ? 1 : 0;
  }

  /** Would value v narrow the window of the node at `ply` (is it better for its mover)? */
  improves(ply: number, v: number): boolean {
    return this.maxing[ply] ? v > this.alpha[ply] : v < this.beta[ply];
  }

  /** Take value v (a child's, or standing pat) into the node at `ply`: IMPROVED and/or CUTOFF. */
  fold(ply: number, v: number): number {
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
}
