/**
 * What an elimination costs and gives with three or more players: the bots weigh it by the
 * rules that follow it (the final move and the forced capture, Scavenger's inheritance), not
 * as a flat prize. Node budgets only (no clock), so every move here is the same on any machine.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIVE,
  ELIMINATED,
  MATED,
  MODE_CAPTURE,
  QUEEN,
  parseAction,
  roleOf,
  type PositionJson,
} from '../../src/core';
import { chooseAction, type Level } from '../../src/ai/bot';
import { ELIMINATION_BONUS, Evaluator } from '../../src/ai/eval';
import { MATE_BOUND, Searcher } from '../../src/ai/search';
import { material, playLegal, position } from './helpers';

const A = 0;
const B = 1;
const C = 2;

/** The bot's action at `level` (level budget, no clock). */
function choose(json: PositionJson, level: Level): string {
  const choice = chooseAction(position(json), { level, seed: 'elimination', timeMs: Infinity });
  if (!choice) throw new Error('no move');
  return choice.text;
}

/** Play the given actions (texts) from the position, each checked legal; returns the position. */
function line(json: PositionJson, texts: string[]) {
  const pos = position(json);
  for (const text of texts) {
    const parsed = parseAction(pos, text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
    playLegal(pos, parsed.value, text);
  }
  return pos;
}

/**
 * The line's first action mates `victim`, and the rest plays out what follows (the final move,
 * the forced capture, the duel): `victim` is out and `winner` wins the game.
 */
function expectMateThatLoses(json: PositionJson, texts: string[], victim: number, winner: number) {
  expect(line(json, texts.slice(0, 1)).status[victim]).toBe(MATED);
  const end = line(json, texts);
  expect(end.status[victim]).toBe(ELIMINATED);
  expect(end.winner).toBe(winner);
}

/** The duel's boards: A's back-rank mate of B on AB, C's rook waiting on AC. */
const DUEL = {
  AB: { pieces: '4k3/3ppp2/8/8/8/8/8/R3K3' },
  AC: { pieces: '4k3/1r6/8/8/8/8/1P1PPP2/4K3' },
};
const BARE_KINGS = '4k3/8/8/8/8/8/8/4K3';

describe('R6.3 the duel after an elimination', () => {
  // A can mate B at once on AB (Ra8, a back-rank mate). But then B makes its final move, C
  // moves, A must spend its turn taking B's king, and C moves again: C's rook swings to h7 and
  // mates A on AC's first rank (A's pawns on d2, e2, f2 box the linked king in, R5.1), and with
  // two players left that mate wins at once (R7.1). Without the mate, A has time to guard its
  // first rank.
  const threePlayers: PositionJson = {
    players: 3,
    turn: 'A',
    boards: { ...DUEL, BC: { pieces: BARE_KINGS } },
  };

  it('the mate on AB is there, and it loses the duel that follows', () => {
    // B's final move, C's rook to h7, A's forced capture, C's mate.
    expectMateThatLoses(
      threePlayers,
      ['AB:Ra1-a8', 'AB:d7-d6', 'AC:Rb7-h7', 'AB:Ra8xe8', 'AC:Rh7-h1'],
      B,
      C,
    );
  });

  it.each([2, 3] as Level[])(
    'level %i does not mate B when the tempi it hands C lose the duel',
    (level) => {
      const text = choose(threePlayers, level);
      expect(text).not.toBe('AB:Ra1-a8');
      // The move chosen keeps A alive against C's attack: after it, C's swing to h7 and the
      // mate on the first rank no longer work.
      const pos = line(threePlayers, [text]);
      expect(pos.status[A]).toBe(ACTIVE);
    },
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
  // Game 11 of the 3,2,2 match on seeds `dec02f-diag`, C (level 3) to move. C can mate A on AC
  // (Qh4xg3). Then A makes its final move, B shifts its rook from BC to AB's a1 (a quiet move
  // away from C's boards), C must spend its turn taking A's king, and B's rook comes back onto
  // BC's c8: mate, and with two players left that wins at once (R7.1). Level 3 played the mate
  // (depth 4, +244): with the capture counted as a ply, B's rook move, reduced as a late quiet
  // move, left the mate after the capture to the quiescence search.
  const game11: PositionJson = {
    players: 3,
    turn: 'C',
    boards: {
      AB: { pieces: '3k1bnr/ppppp1pp/8/8/8/8/PPPN1P1P/2B1KB1R', castling: 'K' },
      AC: { pieces: 'r1b1k1n1/p4p2/8/8/7q/6P1/3PP3/R2QK1N1', castling: 'Qq' },
      BC: { pieces: '1n2kb1r/1pppp1pp/8/8/8/8/3Q1P2/RNBK4', castling: 'k' },
    },
    halfmove: 1,
    fullmove: 17,
    kingMoved: ['B'],
    moveOrder: ['C', 'A', 'B'],
  };

  it('the mate on AC is there, and B mates C after the forced capture', () => {
    expectMateThatLoses(
      game11,
      ['AC:Qh4xg3', 'AC:Ra1xa7', 'BC:Ra1-AB:a1', 'AC:Qg3xe1', 'AB:Ra1-BC:c8'],
      A,
      B,
    );
  });

  it('level 3 does not mate A there', () => {
    expect(choose(game11, 3)).not.toBe('AC:Qh4xg3');
  });
});

describe('R9.4 choosing between two eliminations', () => {
  // Four players. A can mate B on AB (Qe7, guarded by the knight on d5) or C on AC (Rh8, a
  // back-rank mate once B has moved). B's army (queen and two rooks) stands on BD; C has three pawns.
  const twoMates = (options: PositionJson['options']): PositionJson => ({
    players: 4,
    turn: 'A',
    options,
    boards: {
      AB: { pieces: '4k3/8/8/3N4/7Q/8/8/4K3' },
      AC: { pieces: '4k3/3ppp2/8/8/8/8/8/4K2R' },
      BD: { pieces: '4k3/8/8/8/3Q4/8/8/R3K2R' },
    },
  });

  it('both mates are there', () => {
    const json = twoMates({ scavenger: true });
    expect(line(json, ['AB:Qh4-e7']).status[B]).toBe(ELIMINATED);
    // C's mate is decided when its turn starts (R6.1), after B's move.
    expect(line(json, ['AC:Rh1-h8', 'BD:Ra1-b1']).status[C]).toBe(ELIMINATED);
  });

  it.each([1, 2, 3] as Level[])(
    'with Scavenger, level %i mates the player whose army it inherits',
    (level) => {
      const json = twoMates({ scavenger: true });
      const text = choose(json, level);
      expect(text).toBe('AB:Qh4-e7');
      const pos = line(json, [text]);
      // A now holds B's seats and its queen and rooks on BD (R9.4).
      expect(material(pos, A)).toBeGreaterThan(material(position(json), A) + 1500);
      expect(roleOf(pos.pieceAt(pos.g.names.indexOf('BD'), 0x33))).toBe(QUEEN);
    },
  );
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
