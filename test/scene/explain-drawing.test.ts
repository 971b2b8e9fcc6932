/** What the explanation overlay draws (src/scene/components/Explain.tsx), from the store's explanation. */
import { expect, test } from 'vitest';
import { Game, defaultSetup, squareName } from '../../src/core';
import { drawingOf } from '../../src/scene/components/Explain';
import { explain } from '../../src/store/explain';
import { build } from '../core/helpers';

const NO_ADVICE = { hint: null, threats: [] };

/** A's king selected on AB, AC's rook free to castle king side; `ab`: more pieces on AB. */
function castling(ab: Record<string, string>) {
  const made = Game.fromPosition(
    defaultSetup(3, 'castling'),
    build({ players: 3, pieces: { AB: ab, AC: { h1: 'R' } }, extra: { AC: { castling: 'K' } } }),
  );
  if (!made.ok) throw new Error(made.error.message);
  const game = made.value;
  const board = game.position.g.names.indexOf('AB');
  const selected = { board, square: game.position.kingSquare(0, board) };
  const input = { game, view: game, cursor: game.length, highlight: null, inspected: null };
  return {
    names: game.position.g.names,
    crosses: (hovered: { board: number; square: number } | null = null) => {
      const e = explain({ ...input, selected, hovered });
      return drawingOf(e, ['#fff', '#fff', '#fff'], NO_ADVICE);
    },
  };
}

const named = (names: readonly string[], spots: { board: number; square: number }[]) =>
  spots.map((s) => `${names[s.board]}:${squareName(s.square)}`).sort();

test('R5.4 a castling refused by an attacked square it crosses: that square gets a cross, its attacker a line when pointed at', () => {
  // B's rook on AB g5 attacks g1 there: not a king step, so only the castling crosses it.
  const { names, crosses } = castling({ g5: 'r' });
  const drawn = crosses();
  expect(named(names, drawn.crosses)).toEqual(['AB:g1']);
  expect(drawn.lines).toEqual([]);
  const ab = names.indexOf('AB');
  const pointed = crosses({ board: ab, square: drawn.crosses[0].square });
  expect(pointed.lines.map((l) => named(names, [l.from, l.to]))).toEqual([['AB:g1', 'AB:g5']]);
});

test('R5.4 a crossed square that is also a refused king step is crossed once on each board', () => {
  // B's rook on AB f5 attacks f1 and f2: the king may step to neither (a cross on AB and on AC
  // each) nor castle across f1, whose cross on AB is not drawn twice.
  const { names, crosses } = castling({ f5: 'r' });
  expect(named(names, crosses().crosses)).toEqual(['AB:f1', 'AB:f2', 'AC:f1', 'AC:f2']);
});
