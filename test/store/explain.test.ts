/** The explanation model the scene, the HUD and the seam share (src/store/explain.ts). */
import { expect, test } from 'vitest';
import { KING, roleOf, squareName, type Game } from '../../src/core';
import { explain, isRefusedSpot } from '../../src/store/explain';
import { placedGame, playAll } from '../core/helpers';
import { crossedCastling, explainInput as input } from './explainInput';

/** The mover's king on its first board. */
function kingOf(game: Game) {
  const pos = game.position;
  const board = pos.kingBoards[pos.turn][0];
  return { board, square: pos.kingSquare(pos.turn, board) };
}

test('R5.1 selecting the king explains its refused squares and castlings; a hover picks one', () => {
  const game = placedGame(3, 'model');
  const king = kingOf(game);
  expect(roleOf(game.position.pieceAt(king.board, king.square))).toBe(KING);
  const e = explain(input(game, { selected: king }));
  // After placement the king's neighbours hold its own pieces on some board.
  expect(e.refused.length).toBeGreaterThan(0);
  expect(e.castling.map((c) => c.side)).toEqual(['king', 'queen']);
  expect(e.pin).toBeNull();
  const spot = e.refused[0].spots[0];
  expect(isRefusedSpot(e, spot.board, spot.square)).toBe(true);
  const hovered = explain(input(game, { selected: king, hovered: spot }));
  expect(hovered.hovered).toBe(hovered.refused[0]);
  // The same inputs give the same object (the store's selectors rely on it).
  expect(explain(input(game, { selected: king }))).toBe(e);
  // Nothing selected: no refused squares.
  expect(explain(input(game)).refused).toEqual([]);
});

test('R5.4 a castling refused by an attacked square it crosses: that square is crossed, its attacker shown when pointed at', () => {
  const game = crossedCastling();
  const ab = game.position.g.names.indexOf('AB');
  const king = { board: ab, square: game.position.kingSquare(0, ab) };
  const e = explain(input(game, { selected: king }));
  // g1 is not next to the king: no refused step names it; the castling does.
  expect(e.refused.flatMap((r) => r.spots).some((s) => squareName(s.square) === 'g1')).toBe(false);
  expect(e.crossings.map((r) => [squareName(r.rel), r.spots.map((s) => s.board)])).toEqual([
    ['g1', [ab]],
  ]);
  const g1 = e.crossings[0].spots[0];
  expect(isRefusedSpot(e, g1.board, g1.square)).toBe(true);
  const pointed = explain(input(game, { selected: king, hovered: g1 })).hovered;
  expect(pointed?.attacks.map((a) => [a.board, squareName(a.from), squareName(a.to)])).toEqual([
    [ab, 'g5', 'g1'],
  ]);
  // Not selected: nothing crossed.
  expect(explain(input(game)).crossings).toEqual([]);
});

test('the move list pointer lights one action; after a round the recent actions are listed', () => {
  let game = placedGame(3, 'model');
  const placements = game.length;
  for (let i = 0; i < 3; i++) game = playAll(game, game.legalActions()[0]);
  const e = explain(input(game, { highlight: placements }));
  expect(e.highlight?.text).toBe(game.actions[placements]);
  expect(e.recent.map((r) => r.index)).toEqual([placements + 1, placements + 2]);
});

test('R5.3 a long-pressed king: its piece, its square on every board, their attackers', () => {
  const game = placedGame(3, 'model');
  const king = kingOf(game);
  const e = explain(input(game, { inspected: king }));
  const pos = game.position;
  expect(e.inspected?.piece).toEqual({ role: KING, owner: pos.turn, petrified: false });
  expect(e.inspected?.spots.map((s) => s.board).sort()).toEqual(
    [...pos.kingBoards[pos.turn]].sort(),
  );
  // An empty square: no piece.
  const empty = { board: king.board, square: 0x43 };
  expect(game.position.pieceAt(empty.board, empty.square)).toBe(0);
  expect(explain(input(game, { inspected: empty })).inspected?.piece).toBeNull();
  expect(explain(input(game)).inspected).toBeNull();
});
