/**
 * Two-player tactics: mate in one, mate in two, no piece left hanging. Level 3 searches a tenth
 * of its budget (chooseBehaviour): these need a few plies, not the level's strength.
 */
import { describe, expect, it } from 'vitest';
import { OVER, isCapture, legalActionList, makeAction, playUnchecked } from '../../src/core';
import type { Level } from '../../src/ai/bot';
import { uciMove } from '../../src/cli/bots';
import { MATE_BOUND } from '../../src/ai/search';
import { fen, material, playLegal } from './helpers';
import { chooseBehaviour } from './byNodes';

const best = (f: string, level: Level, seed = 't') => {
  const pos = fen(f);
  const choice = chooseBehaviour(pos, { level, seed });
  if (!choice) throw new Error('no move');
  return { pos, choice, uci: uciMove(choice.action) };
};

describe('mate in one', () => {
  it.each([1, 2, 3] as Level[])('level %i plays the back-rank mate', (level) => {
    const { uci, choice } = best('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', level);
    expect(uci).toBe('a1a8');
    expect(choice.score).toBeGreaterThanOrEqual(MATE_BOUND);
  });

  it.each([1, 2, 3] as Level[])('level %i mates with Black too (Qh4#)', (level) => {
    const { uci } = best('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', level);
    expect(uci).toBe('d8h4');
  });
});

describe('mate in two', () => {
  it.each([
    ['white', 'k7/8/2K5/8/8/8/8/7R w - - 0 1'],
    ['black', '7r/8/8/8/8/2k5/8/K7 b - - 0 1'],
  ])('level 2 and 3 force mate in two (%s)', (_, f) => {
    for (const level of [2, 3] as Level[]) {
      const { pos, choice } = best(f, level);
      const me = pos.turn;
      expect(choice.score).toBeGreaterThanOrEqual(MATE_BOUND);
      playLegal(pos, choice.action);
      // Whatever the defender does, the bot mates at once.
      for (const reply of legalActionList(pos)) {
        playUnchecked(pos, reply);
        const mate = chooseBehaviour(pos, { level, seed: 't' });
        if (!mate) throw new Error('no move');
        playUnchecked(pos, mate.action);
        expect(pos.phase, `${makeAction(pos, reply)}`).toBe(OVER);
        expect(pos.winner).toBe(me);
        pos.undo();
        pos.undo();
      }
    }
  });
});

/** The material the mover can lose by force within two plies (the opponent's best capture and
 * the mover's best recapture). */
function exposedLoss(pos: ReturnType<typeof fen>, me: number): number {
  const before = material(pos, me) - material(pos, 1 - me);
  let worst = 0;
  for (const m of legalActionList(pos)) {
    if (!isCapture(pos, m)) continue;
    playUnchecked(pos, m);
    let bestAfter = material(pos, me) - material(pos, 1 - me);
    for (const r of legalActionList(pos)) {
      if (!isCapture(pos, r)) continue;
      playUnchecked(pos, r);
      bestAfter = Math.max(bestAfter, material(pos, me) - material(pos, 1 - me));
      pos.undo();
    }
    pos.undo();
    worst = Math.max(worst, before - bestAfter);
  }
  return worst;
}

describe('no piece left hanging', () => {
  it.each([
    ['a queen attacked by a pawn', 'rnb1kbnr/pppp1ppp/8/4p3/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 3'],
    ['a knight attacked by a pawn', 'r1bqkbnr/pppp1ppp/2n5/8/3NP3/8/PPP2PPP/RNBQKB1R b KQkq - 0 3'],
    ['a rook attacked by a defended bishop', '4k3/8/8/8/8/p7/1b6/R3K3 w - - 0 1'],
    ['a bishop attacked by a knight', '4k3/8/8/8/3b4/8/4N3/4K3 b - - 0 1'],
  ])('%s: the bot saves it (levels 2 and 3)', (_, f) => {
    for (const level of [2, 3] as Level[]) {
      const { pos, choice } = best(f, level);
      const me = pos.turn;
      playLegal(pos, choice.action);
      expect(exposedLoss(pos, me), `level ${level}: ${uciMove(choice.action)}`).toBeLessThan(100);
    }
  });
});
