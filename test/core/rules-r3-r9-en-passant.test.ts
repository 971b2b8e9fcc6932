/**
 * R3.3 with R9.1: en passant in a Hyperspace turn, when the pawn that takes arrives beside
 * the double-stepped pawn earlier in the same turn (issue #12 item 10), and repetition still
 * comparing positions as FIDE does (a right counts only while a pawn may use it).
 */
import { describe, expect, test } from 'vitest';
import { makePosition, parsePosition, type Position } from '../../src/core';
import { apply, at, build, field, moves } from './helpers';

const HYPER = { hyperspace: true };

/** The hash of the position as it is, and as it would be without board b's en-passant right. */
function hashes(pos: Position, board: string): { with: string; without: string } {
  const json = makePosition(pos);
  delete json.boards[board].ep;
  const parsed = parsePosition(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return {
    with: `${pos.hashLo}:${pos.hashHi}`,
    without: `${parsed.value.hashLo}:${parsed.value.hashHi}`,
  };
}

/** The incremental hash equals one computed from scratch. */
function expectHashInStep(pos: Position): void {
  expect(pos.computeHash()).toEqual([pos.hashLo, pos.hashHi]);
}

describe('R3.3, R9.1 en passant in a Hyperspace turn', () => {
  /** B (North on AB) double-steps e7-e5 with no pawn of A beside it; C moves its king. */
  function afterDoubleStep(): Position {
    const pos = build({
      players: 3,
      turn: 'B',
      options: HYPER,
      pieces: { AB: { e7: 'p', h2: 'P' }, AC: { d4: 'P' } },
    });
    apply(pos, 'AB:e7-e5', 'AC:Ke8-d8');
    return pos;
  }

  test('R3.3 R9.1 a pawn shifted beside the double-stepped pawn takes it en passant on the board still due', () => {
    const pos = afterDoubleStep();
    expect(moves(pos)).not.toContain('AB:d5xe6');
    apply(pos, 'AC:d4-AB:d5'); // A's AC move: the pawn shifts beside B's pawn on AB
    expect(moves(pos)).toContain('AB:d5xe6');
    apply(pos, 'AB:d5xe6'); // A's AB move, in the same turn
    expect(at(pos, 'AB', 'e6')).toBe('P');
    expect(at(pos, 'AB', 'e5')).toBe('');
    expectHashInStep(pos);
  });

  test('R3.3 R9.1 the right lapses at the end of that Hyperspace turn', () => {
    const pos = afterDoubleStep();
    apply(pos, 'AC:d4-AB:d5', 'AB:h2-h3');
    expect(makePosition(pos).boards.AB.ep).toBeUndefined();
    expectHashInStep(pos);
  });

  test('R7.2 repetition: the right counts only while a pawn stands beside to use it', () => {
    const pos = afterDoubleStep();
    // Recorded, but with no pawn of A beside e5 the position repeats one without the right.
    expect(makePosition(pos).boards.AB.ep).toBe('e6');
    const before = hashes(pos, 'AB');
    expect(before.with).toBe(before.without);
    expectHashInStep(pos);
    apply(pos, 'AC:d4-AB:d5');
    // Now the capture is possible: the position differs from one without the right.
    const beside = hashes(pos, 'AB');
    expect(beside.with).not.toBe(beside.without);
    expectHashInStep(pos);
  });

  /** As afterDoubleStep, with A's pawn beside e5 on AB, a knight on AB and one on AC. */
  function besideDoubleStep(): Position {
    const pos = build({
      players: 3,
      turn: 'B',
      options: HYPER,
      pieces: { AB: { e7: 'p', d5: 'P', c4: 'N' }, AC: { c5: 'N' } },
    });
    apply(pos, 'AB:e7-e5', 'AC:Ke8-d8');
    expect(moves(pos)).toContain('AB:d5xe6');
    return pos;
  }

  /** The JSON form reads back to the same position (R10.1 positions, issue 50 item 1). */
  function expectRoundTrip(pos: Position): void {
    const parsed = parsePosition(JSON.parse(JSON.stringify(makePosition(pos))));
    expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
    if (parsed.ok) expect(makePosition(parsed.value)).toEqual(makePosition(pos));
  }

  test('R3.3 R9.1 a piece shifted onto the skipped square ends the right: the square is not empty', () => {
    const pos = besideDoubleStep();
    apply(pos, 'AC:Nc5-AB:e6'); // A's AC move lands on e6 of AB, still due
    expect(makePosition(pos).boards.AB.ep).toBeUndefined();
    expectHashInStep(pos);
    expectRoundTrip(pos);
    // the knight may move on from e6 (AB is still due), but the right does not come back
    apply(pos, 'AB:Ne6-g7');
    expect(pos.turn).not.toBe(0);
    expectRoundTrip(pos);
  });

  test('R3.3 R9.1 the double-stepped pawn taken by another piece takes its right with it', () => {
    const pos = besideDoubleStep();
    apply(pos, 'AB:Nc4xe5');
    expect(makePosition(pos).boards.AB.ep).toBeUndefined();
    expect(pos.turn).toBe(0); // AC is still due
    expectHashInStep(pos);
    expectRoundTrip(pos);
  });

  test('R3.3 R9.1 an en-passant capture early in a Hyperspace turn leaves no right behind', () => {
    const pos = besideDoubleStep();
    apply(pos, 'AB:d5xe6');
    expect(pos.turn).toBe(0);
    expect(makePosition(pos).boards.AB.ep).toBeUndefined();
    expectRoundTrip(pos);
  });

  test('R3.3 the position reader refuses a right whose skipped square is taken', () => {
    const json = makePosition(besideDoubleStep());
    expect(json.boards.AB.ep).toBe('e6');
    json.boards.AB.pieces = field({ e1: 'K', e8: 'k', e6: 'n', e5: 'p', d5: 'P', c4: 'N' });
    const parsed = parsePosition(json);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error.message).toMatch(/boards\.AB: en-passant square "e6" is taken/);
  });

  test('R3.3 without Hyperspace no right is recorded when no pawn stands beside (FIDE repetition)', () => {
    const pos = build({ players: 3, turn: 'B', pieces: { AB: { e7: 'p' }, AC: { d4: 'P' } } });
    apply(pos, 'AB:e7-e5');
    expect(makePosition(pos).boards.AB.ep).toBeUndefined();
  });
});
