/** The search's transposition table: what an entry settles, and mate scores across plies. */
import { describe, expect, it } from 'vitest';
import { STANDARD_FEN, legalActionList, playUnchecked } from '../../src/core';
import { MATE_BOUND, WIN } from '../../src/ai/search';
import { NO_CUTOFF, TranspositionTable } from '../../src/ai/search/transposition';
import { fen } from './helpers';

const start = fen(STANDARD_FEN);
const move = legalActionList(start)[0];

/** A table with one entry, the start position's: `best` of a depth-3 node at ply 2, (-50, 50). */
function holding(best: number): { tt: TranspositionTable; slot: number } {
  const tt = new TranspositionTable();
  tt.clear();
  const slot = tt.slotOf(start);
  tt.store(slot, start, move, best, -50, 50, 3, 2);
  return { tt, slot };
}

describe('transposition table', () => {
  it('holds what was stored for a position, and nothing once cleared', () => {
    const { tt, slot } = holding(10);
    expect(tt.holds(slot, start)).toBe(true);
    expect(tt.move[slot]).toBe(move);
    const after = start.clone();
    playUnchecked(after, move);
    expect(tt.holds(tt.slotOf(after), after)).toBe(false);
    tt.clear();
    expect(tt.holds(slot, start)).toBe(false);
  });

  it('an exact value settles any window, at its depth or shallower', () => {
    const { tt, slot } = holding(10);
    expect(tt.cutoff(slot, 3, 500, 600, 2)).toBe(10);
    expect(tt.cutoff(slot, 1, -600, -500, 2)).toBe(10);
    expect(tt.cutoff(slot, 4, -50, 50, 2)).toBe(NO_CUTOFF);
  });

  it('a lower bound (a cutoff) settles only windows it fails high on; an upper bound, low', () => {
    const lower = holding(80);
    expect(lower.tt.cutoff(lower.slot, 3, -50, 70, 2)).toBe(80);
    expect(lower.tt.cutoff(lower.slot, 3, -50, 90, 2)).toBe(NO_CUTOFF);
    const upper = holding(-80);
    expect(upper.tt.cutoff(upper.slot, 3, -70, 50, 2)).toBe(-80);
    expect(upper.tt.cutoff(upper.slot, 3, -90, 50, 2)).toBe(NO_CUTOFF);
  });

  it('a mate is stored as its distance from the node: met at another ply, as far below it', () => {
    // Found at ply 2, mate at ply 5 of the root's count: three plies below the node.
    const win = holding(WIN - 5);
    expect(win.tt.cutoff(win.slot, 3, -50, 50, 4)).toBe(WIN - 7);
    const loss = holding(-WIN + 5);
    expect(loss.tt.cutoff(loss.slot, 3, -50, 50, 1)).toBe(-WIN + 4);
  });

  it('a score short of a mate is read back as stored', () => {
    const { tt, slot } = holding(MATE_BOUND - 1);
    expect(tt.cutoff(slot, 3, -50, 50, 4)).toBe(MATE_BOUND - 1);
  });
});
