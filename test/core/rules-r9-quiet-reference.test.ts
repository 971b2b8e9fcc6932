/**
 * RULES R9.7 Quiet shifts: the move generator's local test (the arriving piece's attack, the
 * line through the square it leaves) against a slow reference written here from the clause:
 * play each shift the rules as written allow, then look on every board for an opponent's king
 * attacked by a piece that did not attack it before. The legal actions with the option on must
 * be exactly the actions as written less those shifts, on positions of seeded random playouts
 * at 4–8 players under the options that change who stands where (Hyperspace, Cowardly Kings,
 * Scavenger, Dimensional Collapse).
 */
import { describe, expect, test } from 'vitest';
import {
  ELIMINATED,
  FLAG_PLACE,
  Game,
  MAX_MOVES,
  MODE_FINAL,
  PLAY,
  applyMove,
  createRng,
  legalActions,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveToBoard,
  playUnchecked,
  type Options,
  type Position,
} from '../../src/core';
import { setupOf } from './helpers';

const PAWN = 1;
const KNIGHT = 2;
const BISHOP = 3;
const ROOK = 4;
const QUEEN = 5;
const KING = 6;
const KNIGHT_STEPS = [33, 31, 18, 14, -33, -31, -18, -14];
const KING_STEPS = [1, -1, 16, -16, 17, 15, -17, -15];
const DIAGONALS = [17, 15, -17, -15];
const ORTHOGONALS = [16, -16, 1, -1];
const LINES: [number[], number][] = [
  [DIAGONALS, BISHOP],
  [ORTHOGONALS, ROOK],
];
const SOUTH_PAWN = [-15, -17];
const NORTH_PAWN = [15, 17];
const off = (sq: number) => (sq & 0x88) !== 0;

/** The squares of board b holding a king: a plain scan. */
function kingsOn(pos: Position, b: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 128; k++)
    if (!off(k) && (pos.squares[(b << 7) | k] & 7) === KING) out.push(k);
  return out;
}

/**
 * Every attack on a king standing on `kings` of board b whose owner is not `mover` and is still
 * in the game, by a piece of the other seat's holder if they are in the game too, as numbers
 * (king square << 7 | attacker square): a plain scan from the king outwards.
 */
function kingAttacks(pos: Position, mover: number, b: number, kings: readonly number[]): number[] {
  const out: number[] = [];
  if (!pos.live[b]) return out;
  const s = pos.squares;
  const base = b << 7;
  for (const k of kings) {
    const code = s[base + k];
    const victim = pos.seatOwner[b * 2 + (code >> 3)];
    const enemySeat = (code >> 3) ^ 1;
    const enemy = pos.seatOwner[b * 2 + enemySeat];
    if (victim === mover || pos.status[victim] === ELIMINATED) continue;
    if (enemy === victim || pos.status[enemy] === ELIMINATED) continue;
    const e = enemySeat << 3;
    const at = (t: number) => (off(t) ? -1 : s[base + t]);
    for (const d of KNIGHT_STEPS) if (at(k + d) === (KNIGHT | e)) out.push((k << 7) | (k + d));
    for (const d of KING_STEPS) if (at(k + d) === (KING | e)) out.push((k << 7) | (k + d));
    // a South pawn attacks upwards, so it stands below the king; a North pawn above it
    for (const d of enemySeat ? NORTH_PAWN : SOUTH_PAWN)
      if (at(k + d) === (PAWN | e)) out.push((k << 7) | (k + d));
    for (const [steps, slider] of LINES)
      for (const d of steps) {
        let t = k + d;
        while (at(t) === 0) t += d;
        if (at(t) === (QUEEN | e) || at(t) === (slider | e)) out.push((k << 7) | t);
      }
  }
  return out;
}

/** What a position's kings and their attackers were before a move, board by board (lazily). */
class Before {
  private readonly kings = new Map<number, number[]>();
  private readonly attacks = new Map<number, number[]>();
  constructor(private readonly pos: Position) {}
  kingsOn(b: number): number[] {
    let k = this.kings.get(b);
    if (!k) this.kings.set(b, (k = kingsOn(this.pos, b)));
    return k;
  }
  attacksOn(b: number): number[] {
    let a = this.attacks.get(b);
    if (!a) this.attacks.set(b, (a = kingAttacks(this.pos, this.pos.turn, b, this.kingsOn(b))));
    return a;
  }
}

/**
 * Does shift m, played as the rules are written, put an opponent's king in check: is a king
 * attacked afterwards by a piece that did not attack it before? A move changes the squares of
 * the two boards it joins only, so those two are looked at.
 */
function referenceBreach(pos: Position, m: number, before: Before): boolean {
  const mover = pos.turn;
  const boards = [moveFromBoard(m), moveToBoard(m)];
  const kingMoves = (pos.squares[(boards[0] << 7) | moveFrom(m)] & 7) === KING;
  for (const b of boards) before.attacksOn(b);
  pos.begin();
  applyMove(pos, m);
  const breach = boards.some((b) => {
    // a Cowardly king shifting changes where kings stand
    const attacks = kingAttacks(pos, mover, b, kingMoves ? kingsOn(pos, b) : before.kingsOn(b));
    return attacks.some((a) => !before.attacksOn(b).includes(a));
  });
  pos.undo();
  return breach;
}

const buffer = new Int32Array(MAX_MOVES);
const isShift = (m: number) => moveFlag(m) < FLAG_PLACE && moveFromBoard(m) !== moveToBoard(m);

/** Compare the generator with the reference on one position; returns how many shifts R9.7 refuses. */
function compare(pos: Position, where: string): number {
  const asWritten = Array.from(buffer.subarray(0, legalActions(pos, buffer, 0, false)));
  const quiet = new Set(buffer.subarray(0, legalActions(pos, buffer, 0, true)));
  const before = new Before(pos);
  const expected = asWritten.filter((m) => !isShift(m) || !referenceBreach(pos, m, before));
  // compared as sets (each list holds an action once); only a difference goes to expect
  const missing = expected.filter((m) => !quiet.has(m));
  const wanted = new Set(expected);
  const extra = [...quiet].filter((m) => !wanted.has(m));
  if (missing.length || extra.length || quiet.size !== expected.length)
    expect({ missing, extra }, where).toEqual({ missing: [], extra: [] });
  return asWritten.length - quiet.size;
}

const CONFIGS: Partial<Options>[] = [
  {},
  { hyperspace: true },
  { cowardly: true },
  { scavenger: true },
  { collapse: true },
  { hyperspace: true, cowardly: true, scavenger: true, collapse: true },
  { cowardly: true, collapse: true },
  { hyperspace: true, scavenger: true },
];
const PLAYERS = [4, 5, 6, 7, 8];
const PLIES: Record<number, number> = { 4: 90, 5: 70, 6: 40, 7: 30, 8: 30 };

describe('R9.7 Quiet shifts against a slow reference', () => {
  test('R9.7 on seeded random playouts at 4–8 players under every option that matters, the legal actions are those as written less the shifts that give check', () => {
    let positions = 0;
    let refusedShifts = 0;
    let refusingPositions = 0;
    const seen = new Set<string>();
    for (const n of PLAYERS)
      CONFIGS.forEach((config, i) => {
        // half the games are played under the rule, half as written (more checks, more mates)
        const quiet = (n + i) % 2 === 0;
        const seed = `quiet-ref-${n}-${i}`;
        const created = Game.create({ ...setupOf(n, seed), options: { ...config, quiet } });
        if (!created.ok) throw new Error(created.error.message);
        const placed = created.value.autoPlace('random', 'all');
        if (!placed.ok) throw new Error(placed.error.message);
        const pos = placed.value.position.clone();
        const rng = createRng(seed);
        const plies = PLIES[n];
        for (let ply = 0; ply < plies && pos.phase === PLAY; ply++) {
          const where = `${n} players ${JSON.stringify(config)} quiet ${quiet} ply ${ply}`;
          const refused = compare(pos, where);
          positions++;
          refusedShifts += refused;
          if (refused) refusingPositions++;
          seen.add(`mode ${pos.mode}`);
          if (pos.dueBoards()) seen.add('hyperspace turn under way');
          const end = legalActions(pos, buffer, 0);
          if (end === 0) break;
          playUnchecked(pos, buffer[Math.floor(rng() * end)]);
        }
      });
    expect(positions).toBeGreaterThan(2000);
    // the rule did refuse shifts, on many positions; final moves (mode 1) were among them
    expect(refusingPositions).toBeGreaterThan(positions / 4);
    expect(refusedShifts).toBeGreaterThan(positions);
    expect(seen).toContain(`mode ${MODE_FINAL}`);
    expect(seen).toContain('hyperspace turn under way');
  });
});
