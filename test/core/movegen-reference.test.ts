/**
 * The core's move generator against the plain reference generator of reference.ts, on seeded
 * random positions (3–5 players, petrified pieces, castling rights) and on positions reached
 * by random playouts: the same pseudo-legal moves (R3, R4, R5.1, R5.2, R5.4), and the legal
 * moves are exactly those that leave the king safe on every board (R5.3, R4.6).
 */
import { describe, expect, test } from 'vitest';
import {
  LABELS,
  MODE_FINAL,
  MODE_NORMAL,
  MODE_PASS,
  PLAY,
  generateMoves,
  geometry,
  inCheck,
  legalActionList,
  parsePosition,
  type BoardJson,
  type Position,
  type PositionJson,
  createRng,
} from '../../src/core';
import { abs, field, placedGame, type PieceMap } from './helpers';
import { coreKey, referenceInCheck, referenceLegal, referencePseudo, refKey } from './reference';

const SQUARES = Array.from({ length: 64 }, (_, i) => 'abcdefgh'[i % 8] + String(1 + (i >> 3)));
const buffer = new Int32Array(1 << 16);

/** A seeded random position: kings on one relative square each, 0–9 pieces per board. */
function randomPosition(seed: number): PositionJson | null {
  const rng = createRng(`ref-${seed}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const n = 3 + Math.floor(rng() * 3);
  const g = geometry(n);
  const eliminated = rng() < 0.3 ? [LABELS[Math.floor(rng() * n)]] : [];
  const castling = rng() < 0.35;
  const kings: Record<string, string> = {};
  for (let p = 0; p < n; p++) kings[LABELS[p]] = castling ? 'e1' : pick(SQUARES);
  const boards: Record<string, BoardJson> = {};
  for (let b = 0; b < g.boards; b++) {
    const seats = [LABELS[g.south[b]], LABELS[g.north[b]]];
    const map: PieceMap = {};
    const kingSquares: string[] = [];
    seats.forEach((x, seat) => {
      if (eliminated.includes(x)) return;
      const sq = abs(kings[x], seat === 1);
      kingSquares.push(sq);
      map[sq] = seat ? 'k' : 'K';
    });
    if (kingSquares.length === 2) {
      const [a, c] = kingSquares;
      const df = Math.abs(a.charCodeAt(0) - c.charCodeAt(0));
      const dr = Math.abs(Number(a[1]) - Number(c[1]));
      if (df <= 1 && dr <= 1) return null; // kings touching (or on one square)
    }
    let rights = '';
    if (castling)
      for (const seat of [0, 1]) {
        if (eliminated.includes(seats[seat]) || rng() < 0.4) continue;
        const rank = seat ? '8' : '1';
        for (const [file, letter] of [
          ['h', 'K'],
          ['a', 'Q'],
        ]) {
          if (rng() < 0.3) continue;
          map[file + rank] = seat ? 'r' : 'R';
          rights += seat ? letter.toLowerCase() : letter;
        }
      }
    const count = Math.floor(rng() * 10);
    for (let i = 0; i < count; i++) {
      const sq = pick(SQUARES);
      if (map[sq]) continue;
      const role = pick(['P', 'P', 'P', 'N', 'B', 'R', 'Q']);
      if (role === 'P' && (sq[1] === '1' || sq[1] === '8')) continue;
      map[sq] = rng() < 0.5 ? role : role.toLowerCase();
    }
    const order = (s: string) =>
      s === '' ? '' : ['K', 'Q', 'k', 'q'].filter((c) => s.includes(c)).join('');
    boards[g.names[b]] = { pieces: field(map), ...(rights ? { castling: order(rights) } : {}) };
  }
  const active = Array.from(LABELS.slice(0, n)).filter((x) => !eliminated.includes(x));
  return { players: n, turn: pick(active), boards, eliminated };
}

/** Compare the core with the reference on one position; returns what was checked. */
function compare(pos: Position, where: string): string {
  if (pos.phase !== PLAY) return 'skipped';
  const pseudo = referencePseudo(pos).map(refKey).sort();
  const legal = referenceLegal(pos).map(refKey).sort();
  expect(inCheck(pos, pos.turn), `${where}: in check`).toBe(referenceInCheck(pos));
  if (pos.mode === MODE_NORMAL) {
    const end = generateMoves(pos, buffer, 0, false);
    const corePseudo = Array.from(buffer.subarray(0, end), coreKey).sort();
    expect(corePseudo, `${where}: pseudo-legal moves`).toEqual(pseudo);
    expect(legalActionList(pos).map(coreKey).sort(), `${where}: legal moves`).toEqual(legal);
    return legal.length ? 'normal' : 'none';
  }
  if (pos.mode === MODE_FINAL) {
    // mated: no legal move, in check; the final move is any pseudo-legal move (R6.3)
    expect(legal, `${where}: mated but has legal moves`).toEqual([]);
    expect(referenceInCheck(pos), `${where}: mated but not in check`).toBe(true);
    const core = legalActionList(pos).map(coreKey).sort();
    if (pseudo.length) expect(core, `${where}: final moves`).toEqual(pseudo);
    return 'final';
  }
  if (pos.mode === MODE_PASS) {
    expect(legal, `${where}: stalemated but has legal moves`).toEqual([]);
    expect(referenceInCheck(pos), `${where}: stalemated but in check`).toBe(false);
    return 'pass';
  }
  return 'other';
}

describe('the move generator against an independent reference', () => {
  test('R5.3 R4.3 seeded random positions: same pseudo-legal and legal moves as the reference', () => {
    const seen = new Map<string, number>();
    let built = 0;
    for (let seed = 0; built < 400 && seed < 2000; seed++) {
      const json = randomPosition(seed);
      if (!json) continue;
      const parsed = parsePosition(json);
      if (!parsed.ok) continue; // e.g. a king on a square another piece took
      built++;
      const kind = compare(parsed.value, `seed ${seed} ${JSON.stringify(json)}`);
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    }
    expect(built).toBe(400);
    expect(seen.get('normal')).toBeGreaterThan(300);
  });

  test.each([3, 4, 5, 6])(
    'R5.3 R4.6 positions of a random %i-player playout: same moves as the reference',
    (n) => {
      let game = placedGame(n, `ref-playout-${n}`, 'random');
      const rng = createRng(`ref-moves-${n}`);
      const kinds = new Set<string>();
      for (let ply = 0; ply < 160 && game.position.phase === PLAY; ply++) {
        if (ply % 4 === 0) kinds.add(compare(game.position, `${n} players, ply ${ply}`));
        const legal = game.legalActions();
        const r = game.play(legal[Math.floor(rng() * legal.length)]);
        if (!r.ok) throw new Error(r.error.message);
        game = r.value;
      }
      expect(kinds.has('normal')).toBe(true);
    },
  );
});
