/**
 * Dimensional Collapse (R9.2): bots take their pieces off boards that are about to collapse.
 * Level 3 searches a tenth of its budget (chooseBehaviour): the queen is one shift from safety.
 */
import { describe, expect, it } from 'vitest';
import { makePosition, moveFromBoard, moveToBoard } from '../../src/core';
import type { Level } from '../../src/ai/bot';
import { DOOMED_QUEEN, playLegal, position } from './helpers';
import { chooseBehaviour } from './byNodes';

describe('R9.2 collapse: a bot saves its pieces from a doomed board', () => {
  const json = DOOMED_QUEEN;

  it.each([2, 3] as Level[])('level %i shifts the queen from AB to AC', (level) => {
    const pos = position(json);
    const choice = chooseBehaviour(pos, { level, seed: 'doomed' });
    if (!choice) throw new Error('no move');
    expect(pos.g.names[moveFromBoard(choice.action)]).toBe('AB');
    expect(pos.g.names[moveToBoard(choice.action)]).toBe('AC');
    playLegal(pos, choice.action);
    // AB and BC collapse at once, with whatever stands on them; the queen is safe on AC.
    const after = makePosition(pos);
    expect(after.boards.AB.live).toBe(false);
    expect(after.boards.AC.pieces).toContain('Q');
  });
});
