/** The words of the explanations (src/text/check.ts). */
import { expect, test } from 'vitest';
import { BISHOP, KING, KNIGHT, QUEEN, ROOK, parseSquare, type Attack } from '../../src/core';
import {
  castlingText,
  checkText,
  pinText,
  recentText,
  refusedText,
  squareWords,
  type Names,
} from '../../src/text/check';

const names: Names = { players: ['Ada', 'Boris', 'Chen'], boards: ['AB', 'AC', 'BC'] };
const sq = parseSquare;
const bishop: Attack = {
  board: 1,
  from: sq('b4'),
  to: sq('e1'),
  role: BISHOP,
  owner: 2,
  path: [sq('c3'), sq('d2')],
};
const knight: Attack = { board: 0, from: sq('d3'), to: sq('e1'), role: KNIGHT, owner: 1, path: [] };

test('one checker is named with its board and square; two checkers both, with "give"', () => {
  expect(checkText([bishop], names)).toBe("Chen's bishop on AC b4 gives check");
  expect(checkText([bishop, knight], names)).toBe(
    "Chen's bishop on AC b4 and Boris's knight on AB d3 give check",
  );
  expect(checkText([], names)).toBe('');
});

test('a refused king square names each attacker and the board it attacks on, and blockers', () => {
  const rook: Attack = { board: 1, from: sq('d5'), to: sq('d1'), role: ROOK, owner: 2, path: [] };
  expect(
    refusedText(
      {
        rel: sq('d1'),
        spots: [
          { board: 0, square: sq('d1') },
          { board: 1, square: sq('d1') },
        ],
        attacks: [rook],
        blockers: [{ board: 0, square: sq('d1') }],
      },
      names,
    ),
  ).toBe("AB d1 / AC d1: attacked on AC by Chen's rook on AC d5; own piece on AB");
});

test('pins, castling refusals and recent actions read as sentences', () => {
  expect(pinText({ board: 1, square: sq('d2'), pinner: bishop }, names)).toBe(
    "pinned on AC by Chen's bishop on AC b4",
  );
  expect(
    castlingText(
      {
        side: 'king',
        boards: [],
        refusals: [
          { reason: 'attacked', spot: { board: 0, square: sq('f1') }, attacks: [knight] },
          { reason: 'in-check' },
        ],
      },
      names,
    ),
  ).toBe("O-O refused: AB f1 is attacked by Boris's knight on AB d3; the king is in check");
  expect(castlingText({ side: 'queen', boards: [1], refusals: [] }, names)).toBeNull();
  // Out of the question: not worth a line.
  expect(
    castlingText({ side: 'queen', boards: [], refusals: [{ reason: 'no-rook' }] }, names),
  ).toBeNull();
  expect(
    recentText(
      { index: 3, text: 'AB:e7-e5', player: 1, turnsAgo: 0, from: [], to: [], shift: false },
      names,
    ),
  ).toBe('Boris: AB:e7-e5');
});

test('a long-pressed king: its square on each of its boards, the attackers grouped by board', () => {
  const w = squareWords(
    {
      spot: { board: 0, square: sq('e1') },
      piece: { role: KING, owner: 0, petrified: false },
      spots: [
        { board: 0, square: sq('e1') },
        { board: 1, square: sq('e1') },
      ],
      attacks: [knight, bishop],
    },
    names,
  );
  expect(w.title).toBe('AB e1');
  expect(w.occupant).toBe("Ada's king");
  expect(w.domain).toBe("Its square on every board of Ada's king: AB e1 and AC e1");
  expect(w.groups).toEqual([
    { board: 'AB', attackers: ["Boris's knight on AB d3"] },
    { board: 'AC', attackers: ["Chen's bishop on AC b4"] },
  ]);
  expect(w.sentence).toBe(
    "AB e1: Ada's king. Attacked on AB by Boris's knight on AB d3; on AC by Chen's bishop on AC b4.",
  );
});

test('an empty square or a lone piece: one board, "not attacked" when nothing attacks it', () => {
  const empty = squareWords(
    {
      spot: { board: 2, square: sq('d4') },
      piece: null,
      spots: [{ board: 2, square: sq('d4') }],
      attacks: [],
    },
    names,
  );
  expect(empty.occupant).toBe('empty');
  expect(empty.domain).toBeNull();
  expect(empty.groups).toEqual([{ board: 'BC', attackers: [] }]);
  expect(empty.sentence).toBe('BC d4: empty. Not attacked.');
  const stone = squareWords(
    {
      spot: { board: 1, square: sq('d8') },
      piece: { role: QUEEN, owner: 2, petrified: true },
      spots: [{ board: 1, square: sq('d8') }],
      attacks: [],
    },
    names,
  );
  expect(stone.occupant).toBe("Chen's petrified queen");
});
