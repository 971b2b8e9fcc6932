/**
 * Positions with three players: checks across boards, shifts, BRS over opponent layers. Level 3
 * searches a tenth of its budget (chooseBehaviour): these need a few plies, not its strength.
 */
import { describe, expect, it } from 'vitest';
import {
  checkedBoards,
  legalActionList,
  makeAction,
  moveFromBoard,
  moveToBoard,
} from '../../src/core';
import type { Level } from '../../src/ai/bot';
import { playLegal, position } from './helpers';
import { chooseBehaviour } from './byNodes';

describe('three players', () => {
  // A's king stands on e1 of AB and AC. C's rook on AC e8 gives check along the e-file; the
  // king is boxed in by A's own pieces on AB (R5.1), so the only answers are to shift a piece
  // from AB onto e2 of AC (R4.6): the bishop (the king then guards it) or the queen (lost to
  // the rook).
  const json = {
    players: 3,
    turn: 'A',
    boards: {
      AB: { pieces: '4k3/8/8/8/8/8/3P1P2/3QKB2' },
      AC: { pieces: '4r1k1/8/8/8/8/8/8/4K3' },
    },
  };

  it('the position is as described', () => {
    const pos = position(json);
    expect(checkedBoards(pos, 0).map((b) => pos.g.names[b])).toEqual(['AC']);
    const moves = legalActionList(pos).map((m) => makeAction(pos, m));
    expect(moves.sort()).toEqual(['AB:Bf1-AC:e2', 'AB:Qd1-AC:e2']);
  });

  it.each([1, 2, 3] as Level[])('level %i escapes by shifting the bishop in', (level) => {
    const pos = position(json);
    const choice = chooseBehaviour(pos, { level, seed: 'check' });
    if (!choice) throw new Error('no move');
    expect(choice.text).toBe('AB:Bf1-AC:e2');
    expect(moveFromBoard(choice.action)).not.toBe(moveToBoard(choice.action));
    playLegal(pos, choice.action);
    expect(checkedBoards(pos, 0)).toEqual([]);
  });

  it('takes a hanging queen that shifted next to its pieces', () => {
    // B's queen stands on AB d4, attacked by A's pawn on e3 and undefended.
    const pos = position({
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/pppp1ppp/8/8/3q4/4P3/PPPP1PPP/4K3' },
        // Each army's 8 pawns stand on AB (no game gives an army more, R2.1).
        AC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
        BC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
      },
    });
    for (const level of [2, 3] as Level[]) {
      const choice = chooseBehaviour(pos, { level, seed: 'q' });
      expect(choice?.text).toBe('AB:e3xd4');
    }
  });
});
