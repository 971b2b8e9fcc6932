/**
 * Positions where an elimination costs the bot the game or gives it an army (elimination.test.ts
 * for levels 1 and 2; elimination.slow.test.ts for level 3 at its full budget, seconds a move),
 * and what the bots must choose there.
 */
import { expect } from 'vitest';
import {
  ACTIVE,
  ELIMINATED,
  MATED,
  QUEEN,
  parseAction,
  roleOf,
  type PositionJson,
} from '../../src/core';
import { chooseAction, type Level } from '../../src/ai/bot';
import { material, playLegal, position } from './helpers';

export const A = 0;
export const B = 1;
export const C = 2;

/** The bot's action at `level` (level budget, no clock). */
export function choose(json: PositionJson, level: Level): string {
  const choice = chooseAction(position(json), { level, seed: 'elimination', timeMs: Infinity });
  if (!choice) throw new Error('no move');
  return choice.text;
}

/** Play the given actions (texts) from the position, each checked legal; returns the position. */
export function line(json: PositionJson, texts: string[]) {
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
export function expectMateThatLoses(
  json: PositionJson,
  texts: string[],
  victim: number,
  winner: number,
) {
  expect(line(json, texts.slice(0, 1)).status[victim]).toBe(MATED);
  const end = line(json, texts);
  expect(end.status[victim]).toBe(ELIMINATED);
  expect(end.winner).toBe(winner);
}

/** The duel's boards: A's back-rank mate of B on AB, C's rook waiting on AC. */
export const DUEL = {
  AB: { pieces: '4k3/3ppp2/8/8/8/8/8/R3K3' },
  AC: { pieces: '4k3/1r6/8/8/8/8/1P1PPP2/4K3' },
};
export const BARE_KINGS = '4k3/8/8/8/8/8/8/4K3';

// A can mate B at once on AB (Ra8, a back-rank mate). But then B makes its final move, C
// moves, A must spend its turn taking B's king, and C moves again: C's rook swings to h7 and
// mates A on AC's first rank (A's pawns on d2, e2, f2 box the linked king in, R5.1), and with
// two players left that mate wins at once (R7.1). Without the mate, A has time to guard its
// first rank.
export const threePlayers: PositionJson = {
  players: 3,
  turn: 'A',
  boards: { ...DUEL, BC: { pieces: BARE_KINGS } },
};

/** R6.3: the bot does not mate B on AB when the tempi it hands C lose the duel. */
export function expectNoMateLosingTheDuel(level: Level): void {
  const text = choose(threePlayers, level);
  expect(text).not.toBe('AB:Ra1-a8');
  // The move chosen keeps A alive against C's attack: after it, C's swing to h7 and the
  // mate on the first rank no longer work.
  const pos = line(threePlayers, [text]);
  expect(pos.status[A]).toBe(ACTIVE);
}

// Game 11 of the 3,2,2 match on seeds `dec02f-diag`, C (level 3) to move. C can mate A on AC
// (Qh4xg3). Then A makes its final move, B shifts its rook from BC to AB's a1 (a quiet move
// away from C's boards), C must spend its turn taking A's king, and B's rook comes back onto
// BC's c8: mate, and with two players left that wins at once (R7.1). Level 3 played the mate
// (depth 4, +244): with the capture counted as a ply, B's rook move, reduced as a late quiet
// move, left the mate after the capture to the quiescence search.
export const game11: PositionJson = {
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

// Four players. A can mate B on AB (Qe7, guarded by the knight on d5) or C on AC (Rh8, a
// back-rank mate once B has moved). B's army (queen and two rooks) stands on BD; C has three pawns.
export const twoMates = (options: PositionJson['options']): PositionJson => ({
  players: 4,
  turn: 'A',
  options,
  boards: {
    AB: { pieces: '4k3/8/8/3N4/7Q/8/8/4K3' },
    AC: { pieces: '4k3/3ppp2/8/8/8/8/8/4K2R' },
    BD: { pieces: '4k3/8/8/8/3Q4/8/8/R3K2R' },
  },
});

/** R9.4: with Scavenger the bot mates the player whose army it inherits. */
export function expectMateInheritingTheArmy(level: Level): void {
  const json = twoMates({ scavenger: true });
  const text = choose(json, level);
  expect(text).toBe('AB:Qh4-e7');
  const pos = line(json, [text]);
  // A now holds B's seats and its queen and rooks on BD (R9.4).
  expect(material(pos, A)).toBeGreaterThan(material(position(json), A) + 1500);
  expect(roleOf(pos.pieceAt(pos.g.names.indexOf('BD'), 0x33))).toBe(QUEEN);
}
