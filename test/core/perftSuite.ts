/**
 * The chessprogramming.org "Perft Results" positions and their published counts (R1.1: two
 * players are exactly standard chess on one board). The unit lane (perft.test.ts) checks every
 * count up to a million nodes; test:slow (perft.slow.test.ts) the deeper ones.
 */
import { describe, expect, test } from 'vitest';
import { STANDARD_FEN, makeFen, parseFen, perft } from '../../src/core';

export const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
export const POSITION_3 = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';
export const POSITION_4 = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1';
export const POSITION_4_MIRRORED =
  'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1';
export const POSITION_5 = 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8';
export const POSITION_6 =
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10';

/** Published counts for depths 1, 2, … of each position. */
const CASES: [string, string, number[]][] = [
  ['initial position', STANDARD_FEN, [20, 400, 8902, 197281, 4865609]],
  ['Kiwipete', KIWIPETE, [48, 2039, 97862, 4085603]],
  ['position 3', POSITION_3, [14, 191, 2812, 43238, 674624]],
  ['position 4', POSITION_4, [6, 264, 9467, 422333]],
  ['position 4 mirrored', POSITION_4_MIRRORED, [6, 264, 9467]],
  ['position 5', POSITION_5, [44, 1486, 62379, 2103487]],
  ['position 6', POSITION_6, [46, 2079, 89890, 3894594]],
];

/** The counts the unit lane checks: up to this many nodes (the deeper ones take seconds each). */
const QUICK_NODES = 1_000_000;

/** Perft of every position at the depths of `lane`: quick, up to QUICK_NODES; deep, past it. */
export function describePerft(lane: 'quick' | 'deep'): void {
  const inLane = (count: number) => count <= QUICK_NODES === (lane === 'quick');
  const cases = CASES.filter(([, , counts]) => counts.some(inLane));
  describe(`R1.1 perft: two players play standard chess (${lane})`, () => {
    test.each(cases)('R1.1 perft of the %s', (_name, fen, counts) => {
      const parsed = parseFen(fen);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const pos = parsed.value;
      const hash = [pos.hashLo, pos.hashHi];
      counts.forEach((count, i) => {
        if (inLane(count)) expect(perft(pos, i + 1), `depth ${i + 1}`).toBe(count);
      });
      // make/unmake leaves the position exactly as it was
      expect([pos.hashLo, pos.hashHi]).toEqual(hash);
      expect(makeFen(pos)).toBe(fen);
    });
  });
}
