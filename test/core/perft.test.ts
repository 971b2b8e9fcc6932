/**
 * Two players are exactly standard chess on one board (R1.1): the move generator must match
 * the published perft counts of the chessprogramming.org "Perft Results" positions, here every
 * count up to a million nodes; the deeper ones (four positions at their last depth, 15 million
 * nodes) are in test:slow (perft.slow.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { STANDARD_FEN, makeFen, parseFen } from '../../src/core';
import {
  KIWIPETE,
  POSITION_3,
  POSITION_4,
  POSITION_4_MIRRORED,
  POSITION_5,
  POSITION_6,
  describePerft,
} from './perftSuite';

describePerft('quick');

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
