/**
 * What an elimination costs and gives with three or more players: the bots weigh it by the
 * rules that follow it (the final move and the forced capture, Scavenger's inheritance), not
 * as a flat prize. Node budgets only (no clock), so every move here is the same on any machine.
 * Level 3 at its full budget takes seconds a move: its cases are in elimination.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ELIMINATED, MODE_CAPTURE, parseAction, type PositionJson } from '../../src/core';
import { type Level } from '../../src/ai/bot';
import { ELIMINATION_BONUS, Evaluator } from '../../src/ai/eval';
import { MATE_BOUND, Searcher } from '../../src/ai/search';
import { position } from './helpers';
import {
  A,
  B,
  BARE_KINGS,
  C,
  DUEL,
  choose,
  expectMateInheritingTheArmy,
  expectMateThatLoses,
  expectNoMateLosingTheDuel,
  game11,
  line,
  threePlayers,
  twoMates,
} from './eliminations';

describe('R6.3 the duel after an elimination', () => {
  // threePlayers (eliminations.ts): A can mate B on AB, and that loses the duel with C.
  it('the mate on AB is there, and it loses the duel that follows', () => {
    // B's final move, C's rook to h7, A's forced capture, C's mate.
    expectMateThatLoses(
      threePlayers,
      ['AB:Ra1-a8', 'AB:d7-d6', 'AC:Rb7-h7', 'AB:Ra8xe8', 'AC:Rh7-h1'],
      B,
      C,
    );
  });

  it.each([2] as Level[])(
    'level %i does not mate B when the tempi it hands C lose the duel (level 3: elimination.slow.test.ts)',
    expectNoMateLosingTheDuel,
  );

  it.each([1, 2, 3] as Level[])('level %i mates at once with two players left (R7.1)', (level) => {
    // The same position with C out of the game (its pieces petrified): ordinary chess.
    const twoPlayers: PositionJson = {
      ...threePlayers,
      eliminated: ['C'],
      boards: {
        ...threePlayers.boards,
        AC: { pieces: '8/1r6/8/8/8/8/1P1PPP2/4K3' },
        BC: { pieces: '8/8/8/8/8/8/8/4K3' },
      },
    };
    expect(choose(twoPlayers, level)).toBe('AB:Ra1-a8');
    expect(line(twoPlayers, ['AB:Ra1-a8']).winner).toBe(A);
  });
});

describe('R6.3 the forced capture at five players', () => {
  // The duel above with five players: D and E stand apart on DE. After A's mate on AB come B's
  // final move and C's rook swing to h7 (the layer), A's forced capture, and C's mate on AC's
  // first rank (the next layer). Level 3 completes depth 3 at most at five players; at depth 3
  // the capture used to take the last ply, the layer after it was left to the quiescence
  // search (captures only) and the mate looked like a win.
  const fivePlayers: PositionJson = {
    players: 5,
    turn: 'A',
    boards: { ...DUEL, DE: { pieces: BARE_KINGS } },
  };
  const searchAtDepth3 = (extendForcedCapture: boolean) => {
    const pos = position(fivePlayers);
    const mate = parseAction(pos, 'AB:Ra1-a8');
    if (!mate.ok) throw new Error(mate.error.message);
    const limits = { maxDepth: 3, nodes: 5_000_000, timeMs: Infinity, extendForcedCapture };
    const result = new Searcher().search(pos, limits);
    const mateScore = result.root.find((r) => r.action === mate.value)?.score;
    return { chosen: result.action, mate: mate.value, mateScore };
  };

  it('the forced capture is not counted as a ply, so depth 3 sees the mate that follows it', () => {
    const seen = searchAtDepth3(true);
    expect(seen.mateScore).toBeLessThanOrEqual(-MATE_BOUND);
    expect(seen.chosen).not.toBe(seen.mate);
  });

  it('counted as a ply, the capture hides that mate at depth 3 (what the extension is for)', () => {
    const hidden = searchAtDepth3(false);
    expect(hidden.chosen).toBe(hidden.mate);
    expect(hidden.mateScore).toBeGreaterThan(0);
  });
});

describe('R6.3 the forced capture at three players (a level-3 loss of match seed dec02f-diag)', () => {
  // game11 (eliminations.ts); level 3's choice there: elimination.slow.test.ts.
  it('the mate on AC is there, and B mates C after the forced capture', () => {
    expectMateThatLoses(
      game11,
      ['AC:Qh4xg3', 'AC:Ra1xa7', 'BC:Ra1-AB:a1', 'AC:Qg3xe1', 'AB:Ra1-BC:c8'],
      A,
      B,
    );
  });
});

describe('R9.4 choosing between two eliminations', () => {
  // twoMates (eliminations.ts): A can mate B, whose army it would inherit, or C.
  it.each([1, 2] as Level[])(
    'with Scavenger, level %i mates the player whose army it inherits (level 3: elimination.slow.test.ts)',
    expectMateInheritingTheArmy,
  );

  it('both mates are there', () => {
    const json = twoMates({ scavenger: true });
    expect(line(json, ['AB:Qh4-e7']).status[B]).toBe(ELIMINATED);
    // C's mate is decided when its turn starts (R6.1), after B's move.
    expect(line(json, ['AC:Rh1-h8', 'BD:Ra1-b1']).status[C]).toBe(ELIMINATED);
  });
});

describe('the evaluation of a mate awaiting its capture', () => {
  const value = (json: PositionJson) => new Evaluator().evaluate(position(json), A);
  // B has been checkmated by A (R6.1-R6.2): the rook on AB a8 will take its king.
  const boards = (ac: string) => ({
    AB: { pieces: 'R3k3/3ppp2/8/8/8/8/8/4K3' },
    AC: { pieces: ac },
    BC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
  });

  it('R6.3 the checkmater cannot save a piece en prise: its turn is the capture', () => {
    // A to move owes the capture; its knight on AC d4 stands on C's rook's file (d8), or not
    // (the rook on c8).
    const owing = (ac: string): PositionJson => ({
      players: 3,
      turn: 'A',
      mated: { B: 'A' },
      boards: boards(ac),
    });
    expect(position(owing('3rk3/8/8/8/3N4/8/8/4K3')).mode).toBe(MODE_CAPTURE);
    const attacked = value(owing('3rk3/8/8/8/3N4/8/8/4K3'));
    expect(attacked).toBeLessThan(value(owing('2r1k3/8/8/8/3N4/8/8/4K3')) - 150);
    // Free to move, A steps the knight away: the same threat costs it little.
    const free = (ac: string): PositionJson => ({
      players: 3,
      turn: 'A',
      boards: { ...boards(ac), AB: { pieces: '4k3/R2ppp2/8/8/8/8/8/4K3' } },
    });
    expect(value(free('3rk3/8/8/8/3N4/8/8/4K3'))).toBeGreaterThan(
      value(free('2r1k3/8/8/8/3N4/8/8/4K3')) - 50,
    );
  });

  it('R9.3 under Cowardly Kings a mate is no elimination: the mated player stays a rival', () => {
    // Each king on one board: A's on AC, B's on AB (mated by the rook), C's on BC.
    const json = (mated: boolean, cowardly: boolean): PositionJson => ({
      players: 3,
      turn: 'C',
      options: { cowardly },
      ...(mated ? { mated: { B: 'A' } } : {}),
      boards: cowardly
        ? {
            AB: { pieces: 'R3k3/3ppp2/8/8/8/8/8/8' },
            AC: { pieces: '8/8/8/8/8/8/8/4K3' },
            BC: { pieces: '4k3/8/8/8/8/8/8/8' },
          }
        : boards('4k3/8/8/8/8/8/8/4K3'),
    });
    expect(value(json(true, false)) - value(json(false, false))).toBeGreaterThan(ELIMINATION_BONUS);
    expect(Math.abs(value(json(true, true)) - value(json(false, true)))).toBeLessThan(100);
  });

  it('R9.2 under Collapse the mated player’s boards are doomed from the mate on', () => {
    // A's queen and rook stand on AB, a board of the mated B.
    const json = (collapse: boolean): PositionJson => ({
      players: 3,
      turn: 'C',
      options: { collapse },
      mated: { B: 'A' },
      boards: {
        ...boards('4k3/8/8/8/8/8/8/4K3'),
        AB: { pieces: 'R3k3/3ppp2/8/8/8/8/8/3QK3' },
      },
    });
    expect(value(json(true))).toBeLessThan(value(json(false)) - 150);
  });
});
