/**
 * The transposition table, keyed by the core's Zobrist hash: one entry a slot (the low bits of
 * the hash), replaced on every store, compared on both halves of the hash. It is cleared at the
 * start of every search, so that a move never depends on what was searched before.
 */
import type { Position } from '../../core';
import { MATE_BOUND } from './scores';

/** 2^18 slots of 18 bytes (4.5 MiB). */
const BITS = 18;

/** How the stored value bounds the node's: exact, at least (a cutoff), at most (none better). */
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/** What cutoff() returns when the entry decides nothing: no score is this low. */
export const NO_CUTOFF = -(2 ** 30);

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

export class TranspositionTable {
  private readonly mask: number;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /** The best move found at the slot's position (0: none), searched first when it is met again. */
  readonly move: Int32Array;
  private readonly value: Int32Array;
  private readonly depth: Int8Array;
  private readonly flag: Uint8Array;

  constructor(bits = BITS) {
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

  /** The slot of position pos (whatever it holds). */
  slotOf(pos: Position): number {
    return pos.hashLo & this.mask;
  }

  /** Does the slot hold an entry of position pos? */
  holds(slot: number, pos: Position): boolean {
    return this.lo[slot] === pos.hashLo && this.hi[slot] === pos.hashHi && this.depth[slot] >= 0;
  }

  /**
   * The value of the slot's entry (one that holds() the node's position) if it settles a node of
   * `depth` at `ply` with window (alpha, beta), else NO_CUTOFF.
   */
  cutoff(slot: number, depth: number, alpha: number, beta: number, ply: number): number {
    if (this.depth[slot] < depth) return NO_CUTOFF;
    // Mate scores are stored relative to the node, read back relative to the root.
    let v = this.value[slot];
    if (v >= MATE_BOUND) v -= ply;
    else if (v <= -MATE_BOUND) v += ply;
    const f = this.flag[slot];
    if (f === EXACT || (f === LOWER && v >= beta) || (f === UPPER && v <= alpha)) return v;
    return NO_CUTOFF;
  }

  /** Store `best` (and its move), the result of a node of `depth` at `ply` with (alpha, beta). */
  store(
    slot: number,
    pos: Position,
    move: number,
    best: number,
    alpha: number,
    beta: number,
    depth: number,
    ply: number,
  ): void {
    const flag = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
    let v = best;
    if (v >= MATE_BOUND) v += ply;
    else if (v <= -MATE_BOUND) v -= ply;
    this.lo[slot] = pos.hashLo;
    this.hi[slot] = pos.hashHi;
    this.move[slot] = move;
    this.value[slot] = v;
    this.depth[slot] = clamp(depth, 0, 100);
    this.flag[slot] = flag;
  }
}
