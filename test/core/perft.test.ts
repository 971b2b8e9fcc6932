/**
 * Two players are exactly standard chess on one board (R1.1): the move generator must match
 * the published perft counts of the chessprogramming.org "Perft Results" positions.
 */
import { describe, expect, test } from 'vitest';
import { STANDARD_FEN, makeFen, parseFen, perft } from '../../src/core';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const POSITION_3 = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';
const POSITION_4 = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1';
const POSITION_4_MIRRORED = 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1';
const POSITION_5 = 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8';
const POSITION_6 = 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10';

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

describe('R1.1 perft: two players play standard chess', () => {
  test.each(CASES)('R1.1 perft of the %s', (_name, fen, counts) => {
    const parsed = parseFen(fen);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const pos = parsed.value;
    const hash = [pos.hashLo, pos.hashHi];
    counts.forEach((count, i) => expect(perft(pos, i + 1), `depth ${i + 1}`).toBe(count));
    // make/unmake leaves the position exactly as it was
    expect([pos.hashLo, pos.hashHi]).toEqual(hash);
    expect(makeFen(pos)).toBe(fen);
  });
});

describe('FEN', () => {
  test.each([
    STANDARD_FEN,
    KIWIPETE,
    POSITION_3,
    POSITION_4,
    POSITION_4_MIRRORED,
    POSITION_5,
    POSITION_6,
    '8/8/8/8/8/8/8/K6k b - - 99 120',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    'r3k3/8/8/8/8/8/8/4K2R b Kq - 5 40',
  ])('R1.1 FEN round trip: makeFen(parseFen(%s)) gives it back', (fen) => {
    const parsed = parseFen(fen);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(makeFen(parsed.value)).toBe(fen);
  });

  test('R1.1 FEN: an en-passant square no pawn can use is dropped, as chessops does', () => {
    const parsed = parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(makeFen(parsed.value)).toBe(
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
      );
  });

  test('R1.1 FEN: the same position read twice has the same hash, another one a different hash', () => {
    const a = parseFen(KIWIPETE);
    const b = parseFen(KIWIPETE);
    const c = parseFen(POSITION_5);
    if (!a.ok || !b.ok || !c.ok) throw new Error('parse failed');
    expect([a.value.hashLo, a.value.hashHi]).toEqual([b.value.hashLo, b.value.hashHi]);
    expect([a.value.hashLo, a.value.hashHi]).not.toEqual([c.value.hashLo, c.value.hashHi]);
  });
});
