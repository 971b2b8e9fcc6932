/**
 * Hyperspace status words (issue 50 item 6, R9.1): once the turn's first move is made a king
 * move is no longer offered, a selected king says why it cannot move, and the screen-reader
 * sentence never counts zero boards.
 */
import { expect, test } from 'vitest';
import { Game, KING, roleOf } from '../../src/core';
import { defaultConfig, toSetup } from '../../src/store/config';
import { explain } from '../../src/store/explain';
import { explainInput } from '../store/explainInput';
import { bannerText, kingHeldText, namesOf, turnSentence } from '../../src/text';

function hyperspaceGame(): Game {
  const config = defaultConfig(3, 'hyperspace-words');
  const created = Game.create(
    toSetup({ ...config, options: { ...config.options, hyperspace: true } }),
  );
  if (!created.ok) throw new Error(created.error.message);
  const placed = created.value.autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  return placed.value;
}

const selectKing = (game: Game) => {
  const pos = game.position;
  const board = pos.kingBoards[pos.turn][0];
  const king = { board, square: pos.kingSquare(pos.turn, board) };
  expect(roleOf(pos.pieceAt(king.board, king.square))).toBe(KING);
  return explain(explainInput(game, { selected: king }));
};

test('R9.1: before the first move the banner offers one king move instead of the due boards', () => {
  const game = hyperspaceGame();
  const due = game.status().due!;
  expect(due.length).toBe(2);
  expect(bannerText(game, false)).toContain(
    `Still due this turn: ${due.join(' and ')} (or one king move for the whole turn).`,
  );
  expect(selectKing(game).kingHeld).toBeNull();
});

test('R9.1: after the first move no king move is offered, and a selected king says why it cannot move', () => {
  const start = hyperspaceGame();
  const mover = start.position.turn;
  const first = start
    .legalActions()
    .map((a) => start.actionText(a))
    .find((t) => !/^[A-H]{2}:K/.test(t))!;
  const played = start.play(first);
  if (!played.ok) throw new Error(played.error.message);
  const game = played.value;
  expect(game.position.turn).toBe(mover);
  const due = game.status().due!;
  expect(due.length).toBe(1);
  const banner = bannerText(game, false);
  expect(banner).toContain(`Still due this turn: ${due[0]}.`);
  expect(banner).not.toMatch(/king move/);
  // The king cannot move now: the explanation says so instead of refused squares.
  const e = selectKing(game);
  expect(e.kingHeld?.map((b) => game.position.g.names[b])).toEqual(due);
  expect(e.refused).toEqual([]);
  expect(e.castling).toEqual([]);
  expect(kingHeldText(due)).toBe(
    `Your king cannot move now: with Hyperspace a king move is a whole turn, and this turn has begun with another move. Still due: ${due[0]}.`,
  );
});

test('R9.1: the screen-reader sentence never reads "0 boards still due ()"', () => {
  const game = hyperspaceGame();
  const status = game.status();
  const name = namesOf(game);
  const who = name(status.turn);
  // A player with only a king left has no board due: a plain "to move".
  expect(turnSentence({ ...status, due: [] }, name)).toBe(`${who} to move.`);
  expect(turnSentence(status, name)).toBe(
    `${who} to move: 2 boards still due this turn (${status.due!.join(' and ')}).`,
  );
});
