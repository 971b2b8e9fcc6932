/**
 * Move ordering: the transposition-table move, then captures by most valuable victim and least
 * valuable attacker (MVV-LVA), promotions, the two killers of the ply, and quiet moves by their
 * history (how deep the cutoffs they caused were).
 */
import {
  ELIMINATED,
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_PLACE,
  KING,
  MAX_BOARDS,
  PAWN,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  roleOf,
  type Position,
} from '../../core';
import { VALUE } from '../tables';

/**
 * The core's piece-code helpers as local bindings: under the test runner (Vite's module
 * transform) every use of an imported name goes through a getter, which doubled the time of
 * the per-square loops of the search.
 */
const roleOfCode = roleOf;

/** Killers and history: what quiet moves caused cutoffs, cleared at the start of each search. */
export class MoveOrdering {
  private readonly killers: Int32Array;
  private readonly history = new Int32Array(8 * MAX_BOARDS * 128 * 8);

  /** `plies`: the deepest ply a search reaches. */
  constructor(plies: number) {
    this.killers = new Int32Array(plies * 2);
  }

  clear(): void {
    this.killers.fill(0);
    this.history.fill(0);
  }

  /** Ordering score of move m for player `who` at `ply` (ttMove: the table's move, or 0). */
  score(pos: Position, m: number, ttMove: number, ply: number, who: number): number {
    if (m === ttMove) return 1 << 30;
    const flag = moveFlag(m);
    if (flag >= FLAG_PLACE) return 0;
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
    return this.history[historyIndex(who, tb, to, role)];
  }

  /** A quiet move m of player `who` with a piece of `role` caused a cutoff at `ply`, `depth`. */
  reward(m: number, ply: number, who: number, role: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = m;
    }
    const h = historyIndex(who, moveToBoard(m), moveTo(m), role);
    this.history[h] = Math.min(this.history[h] + depth * depth, 50_000_000);
  }
}

const historyIndex = (who: number, tb: number, to: number, role: number): number =>
  ((who * MAX_BOARDS + tb) * 128 + to) * 8 + role;

/** Is move m quiet (no capture, no promotion)? For killers and history. */
export function isQuiet(pos: Position, m: number): boolean {
  if (moveFlag(m) !== 0 && moveFlag(m) !== 1) return false;
  if (movePromotion(m)) return false;
  return pos.pieceAt(moveToBoard(m), moveTo(m)) === 0;
}

/**
 * MVV-LVA score of a capture (or promotion) from generateCaptures: the value taken (a promotion
 * adds 800) times 16, less the attacker's role.
 */
export function captureScore(pos: Position, m: number): number {
  return (
    (VALUE[roleOfCode(pos.pieceAt(moveToBoard(m), moveTo(m)))] + (movePromotion(m) ? 800 : 0)) *
      16 -
    roleOfCode(pos.pieceAt(moveFromBoard(m), moveFrom(m)))
  );
}

/** Selection step: bring the best-ordered move of [i, end) to i and return it. */
export function pick(moves: Int32Array, order: Int32Array, i: number, end: number): number {
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
