/**
 * One coordinate system in every explanation (issue 50 item 5): a square is named by its board
 * and as that board's rim prints it, also for a player seated North, whose relative squares
 * (R1.6) are mirrored on the board.
 */
import { expect, test } from 'vitest';
import { Game, defaultSetup, parseSquare, type Spot } from '../../src/core';
import { explain } from '../../src/store/explain';
import { explainInput } from '../store/explainInput';
import { castlingText, checkText, explainNames, refusedText } from '../../src/text/check';
import { homeSquareText, spotName } from '../../src/text/squares';
import { build } from '../core/helpers';

/**
 * Three players, B to move: B's king on relative e1 stands on AB e8 (B sits North there) and on
 * BC e1 (South). On AB A's rook on d5 attacks d8, B's bishop stands on f8 (so O-O is refused,
 * f8 taken) and B's rook on h8 keeps its castling right; on BC B's pawn stands on f2.
 */
function northKing(): Game {
  const made = Game.fromPosition(
    defaultSetup(3, 'squares'),
    build({
      players: 3,
      turn: 'B',
      pieces: { AB: { d5: 'R', f8: 'b', h8: 'r' }, BC: { f2: 'P' } },
      extra: { AB: { castling: 'k' } },
    }),
  );
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** Every "AB e8"-like name in `text`, and every square named without its board. */
function namedSquares(text: string, boards: readonly string[]) {
  const named = [...text.matchAll(/\b([A-H]{2}) ([a-h][1-8])\b/g)]
    .filter((m) => boards.includes(m[1]))
    .map((m) => `${m[1]} ${m[2]}`);
  const bare = [...text.matchAll(/(?<![A-H]{2} )\b[a-h][1-8]\b/g)].map((m) => m[0]);
  return { named, bare };
}

test('spotName names a square by its board and as the rim prints it', () => {
  expect(spotName({ board: 2, square: parseSquare('e8') }, ['AB', 'AC', 'BC'])).toBe('BC e8');
});

test('R1.6 the tray names a home square as printed on each board of the player (South d1, North d8)', () => {
  const boards = ['AB', 'AC', 'BC'];
  // B sits North on AB and South on BC.
  const b = [
    { board: 0, north: true },
    { board: 2, north: false },
  ];
  expect(homeSquareText(parseSquare('d1'), b, boards)).toEqual({
    label: 'd1/d8',
    title: 'AB d8, BC d1',
  });
  // A sits South everywhere: the relative square is the printed one.
  expect(
    homeSquareText(
      parseSquare('g1'),
      [
        { board: 0, north: false },
        { board: 1, north: false },
      ],
      boards,
    ),
  ).toEqual({ label: 'g1', title: 'AB g1, AC g1' });
});

test('every explanation text names squares as printed on their boards (a king seated North)', () => {
  const game = northKing();
  const pos = game.position;
  const names = explainNames(game);
  const boards = names.boards;
  const ab = boards.indexOf('AB');
  const king = { board: ab, square: pos.kingSquare(pos.turn, ab) };
  expect(spotName(king, boards)).toBe('AB e8');
  const e = explain(explainInput(game, { selected: king }));
  const texts = [
    checkText(e.checks, names),
    ...e.refused.map((r) => refusedText(r, names)),
    ...e.castling.map((c) => castlingText(c, names) ?? ''),
  ].filter(Boolean);
  // The squares the explanation is about, as they stand on their boards.
  const spots: Spot[] = [
    ...e.refused.flatMap((r) => [...r.spots, ...r.blockers]),
    ...e.refused.flatMap((r) => r.attacks.map((a) => ({ board: a.board, square: a.from }))),
    ...e.castling.flatMap((c) => c.refusals.flatMap((r) => (r.spot ? [r.spot] : []))),
  ];
  const printed = new Set(spots.map((s) => spotName(s, boards)));
  for (const text of texts) {
    const { named, bare } = namedSquares(text, boards);
    expect(bare, text).toEqual([]);
    for (const n of named) expect(printed, `${n} in "${text}"`).toContain(n);
  }
  const all = texts.join('\n');
  // d8 on AB is attacked by A's rook (B's relative d1); f8 on AB is taken.
  expect(all).toContain("AB d8 / BC d1: attacked on AB by Player 1's rook on AB d5");
  expect(all).toContain('O-O refused: AB f8 is taken');
  expect(all).toContain('AB f7 / BC f2: own piece on BC');
});
