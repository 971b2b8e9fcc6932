/**
 * Positions lost against perfect opponents: whatever the player to move plays, the opponents'
 * very next moves can mate it (R6.1). Level 3 then plays the move the opponents are least likely
 * to punish. With three players: one after which the next opponent has no mate in one; both
 * positions come from games on the seeds of the 3,2,2 match `dec02c-322` played with the search
 * before this rule (a9427f6), where level 3 played the move its search ranked first and the next
 * opponent, a level-2 bot, mated it at once. With five: one that leaves the fewest opponents a
 * mate in one; the position comes from a 5-player opening (tuning seeds `opB`, opening 11) where
 * level 3, with the search's own choice, was out within 20 plies, and with this one was not.
 */
import { describe, expect, it } from 'vitest';
import {
  LABELS,
  MATED,
  legalActionList,
  makeAction,
  makePosition,
  parseAction,
  parsePosition,
  play,
  type Position,
  type PositionJson,
} from '../../src/core';
import { chooseAction } from '../../src/ai/bot';
import { MATE_BOUND, Searcher } from '../../src/ai/search';
import { position } from './helpers';

/** Game 33/48, B (level 3) to move: every move is mated even by a single opponent. */
const SINGLE: PositionJson = {
  players: 3,
  phase: 'play',
  turn: 'B',
  boards: {
    AB: { pieces: '4k3/pppbpppp/8/q7/8/2P5/5P2/1NB1K3' },
    AC: { pieces: 'r3k1nr/3p4/8/8/8/5Q2/PP1PP1PP/R3K1NR', castling: 'KQkq' },
    BC: { pieces: '4kb2/ppp1pppp/2n2q2/8/6b1/8/3P4/R3KBNR', castling: 'KQ' },
  },
  halfmove: 0,
  fullmove: 19,
  moveOrder: ['B', 'C', 'A'],
};

/** Game 13/48, A (level 3) to move, in check: every move is mated by a combined attack. */
const COMBINED: PositionJson = {
  players: 3,
  phase: 'play',
  turn: 'A',
  boards: {
    AB: { pieces: '1n2k3/p3q3/2p1b3/4Pp2/8/2N5/PPP1NRPP/2B3K1' },
    AC: { pieces: 'q2k1b1r/3pp1pp/8/8/2B3Q1/8/3P1P2/r5K1' },
    BC: { pieces: '3k4/p4p2/2n2P2/1ppn4/8/5N2/1P1PB1PP/R3K2R', castling: 'KQ' },
  },
  halfmove: 3,
  fullmove: 26,
  kingMoved: ['A', 'C'],
  moveOrder: ['A', 'B', 'C'],
};

/** The position with `label` to move (R6.1 decided for it by the core). */
function withTurn(pos: Position, label: string): Position {
  const parsed = parsePosition({ ...makePosition(pos), turn: label, moveOrder: undefined });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Would `label` be checkmated if its turn came now (R6.1)? */
const matedNow = (pos: Position, label: string): boolean =>
  withTurn(pos, label).playerState(LABELS.indexOf(label)) === MATED;

/** The position after the mover's action (text). */
function afterAction(json: PositionJson, text: string): Position {
  const pos = position(json);
  const action = parseAction(pos, text);
  if (!action.ok) throw new Error(action.error.message);
  play(pos, action.value);
  pos.commit();
  return pos;
}

/** The actions of the player to move that leave `victim` mated. */
function matingActions(pos: Position, victim: string): string[] {
  return legalActionList(pos)
    .filter((reply) => {
      const after = pos.clone();
      play(after, reply);
      after.commit();
      return matedNow(after, victim);
    })
    .map((reply) => makeAction(pos, reply));
}

/** After the mover's action (text), the next opponent's replies that leave the mover mated. */
const nextOpponentMates = (json: PositionJson, text: string): string[] =>
  matingActions(afterAction(json, text), json.turn!);

/** The search's own choice without the rule (level 3's budget). */
function searchWithout(json: PositionJson): string {
  const pos = position(json);
  const result = new Searcher().search(pos.clone(), {
    maxDepth: 32,
    nodes: 300_000,
    timeMs: Infinity,
  });
  return makeAction(pos, result.action);
}

function level3(json: PositionJson): string {
  const choice = chooseAction(position(json), { level: 3, seed: 'lost', timeMs: Infinity });
  if (!choice) throw new Error('no move');
  return choice.text;
}

/** The search's value for player `me`, to depth 1, after each legal action of the mover. */
function depthOneValues(json: PositionJson, me: number): number[] {
  const pos = position(json);
  const searcher = new Searcher();
  return legalActionList(pos).map((m) => {
    const after = pos.clone();
    play(after, m);
    after.commit();
    return searcher.value(after, me, { maxDepth: 1, nodes: 1_000_000, timeMs: Infinity });
  });
}

describe('R6.1 a lost position: the move least exposed to a mate in one', () => {
  it('every move is mated in the opponents’ next layer, as the search sees it', () => {
    for (const [json, me] of [
      [SINGLE, 1],
      [COMBINED, 0],
    ] as const) {
      const values = depthOneValues(json, me);
      expect(values.length).toBeGreaterThan(json === SINGLE ? 100 : 5);
      expect(values.filter((v) => v > -MATE_BOUND)).toEqual([]);
    }
  });

  it('without the rule, B plays Ra1-AB:a2 (its one-ply choice) and C mates at once: Qf6-f2', () => {
    const text = searchWithout(SINGLE);
    expect(text).toBe('BC:Ra1-AB:a2');
    expect(nextOpponentMates(SINGLE, text)).toContain('BC:Qf6-f2');
  });

  it('level 3 as B plays a move after which C has no mate in one', () => {
    expect(nextOpponentMates(SINGLE, level3(SINGLE))).toEqual([]);
  });

  it('without the rule, A interposes Rf2-AC:f1 and B mates at once: f6-AB:f2', () => {
    const text = searchWithout(COMBINED);
    expect(text).toBe('AB:Rf2-AC:f1');
    expect(nextOpponentMates(COMBINED, text)).toContain('BC:f6-AB:f2');
  });

  it('level 3 as A plays a move after which B has no mate in one', () => {
    const text = level3(COMBINED);
    expect(nextOpponentMates(COMBINED, text)).toEqual([]);
  });
});

/** A 5-player opening, A (level 3) to move: every move is mated even by a single opponent. */
const FIVE: PositionJson = {
  players: 5,
  phase: 'play',
  turn: 'A',
  boards: {
    AB: { pieces: '3qk1nr/8/8/8/8/8/1P1P3P/4K1NR', castling: 'Kk' },
    AC: { pieces: '2bqk3/4p3/8/8/8/8/P1P1P1P1/2B1K3' },
    AD: { pieces: '3qkb1r/8/8/8/8/8/5P2/3QKB2', castling: 'k' },
    AE: { pieces: 'r3kb2/p4p2/8/8/8/8/8/RN2K3', castling: 'Qq' },
    BC: { pieces: 'r3k3/3p3p/8/8/8/8/PPPP3P/4KB2', castling: 'q' },
    BD: { pieces: '2b1k3/7p/8/8/8/8/5PP1/2B1K3' },
    BE: { pieces: '1n2k2r/1p1p4/8/8/8/8/4P3/RN2K3', castling: 'Qk' },
    CD: { pieces: 'r3k1n1/5p2/8/8/8/8/8/4KBNR', castling: 'Kq' },
    CE: { pieces: '2b1k3/2p1p1pp/8/8/8/8/PPP2PP1/1N2K3' },
    DE: { pieces: '3qk1n1/8/8/8/8/8/PPPPP1P1/1N2K3' },
  },
  halfmove: 0,
  fullmove: 16,
  moveOrder: ['A', 'B', 'C', 'D', 'E'],
};

/**
 * After the mover's action (text), the opponents that could mate the mover at once, each with
 * the opponents before it passing (its turn set directly).
 */
function matingOpponents(json: PositionJson, text: string): string[] {
  const pos = afterAction(json, text);
  const mover = json.turn!;
  return [...LABELS.slice(0, json.players)].filter(
    (label) => label !== mover && matingActions(withTurn(pos, label), mover).length > 0,
  );
}

describe('R6.1 a lost position with five players: the fewest opponents left a mate in one', () => {
  it('every move of A is mated in the opponents’ next layer, as the search sees it', () => {
    const values = depthOneValues(FIVE, 0);
    expect(values.length).toBeGreaterThan(100);
    expect(values.filter((v) => v > -MATE_BOUND)).toEqual([]);
  });

  it('without the rule, A plays Bf1-AB:b5 (its one-ply choice), leaving C, D and E a mate', () => {
    const text = searchWithout(FIVE);
    expect(text).toBe('AD:Bf1-AB:b5');
    expect(matingOpponents(FIVE, text)).toEqual(['C', 'D', 'E']);
  });

  it('level 3 as A plays a move that leaves only E, the last to move, a mate in one', () => {
    expect(matingOpponents(FIVE, level3(FIVE))).toEqual(['E']);
  });
});
