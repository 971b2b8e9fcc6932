/** A tapped shift refused only by Quiet shifts is said in the rules core's words (R9.7). */
import { describe, expect, test } from 'vitest';
import { parseSquare, type Game, type Spot } from '../../src/core';
import { quietShiftRefusal } from '../../src/store/quietShift';
import { lessonGame } from '../../src/tutorial/lesson';
import { lessonById } from '../../src/tutorial/lessons';

/** The Quiet shifts lesson: your rook on AB a1, Jade's king on AC a8; the rule on or off. */
function game(quiet: boolean): Game {
  const lesson = lessonById('quiet')!;
  if (!('position' in lesson.start)) throw new Error('the lesson starts from a position');
  const position = { ...lesson.start.position, options: { quiet } };
  return lessonGame({ ...lesson, start: { position } });
}

const spot = (g: Game, board: string, square: string): Spot => ({
  board: g.position.g.names.indexOf(board),
  square: parseSquare(square),
});

describe('R9.7 why a tapped shift is refused', () => {
  test('R9.7 a shift that would check Jade is refused with the core’s reason', () => {
    const g = game(true);
    expect(quietShiftRefusal(g, spot(g, 'AB', 'a1'), spot(g, 'AC', 'a5'))).toMatch(
      /^a piece arriving from another board may not give check, and it would check C's king on AC \(R9\.7 Quiet shifts\)$/,
    );
  });

  test('R9.7 nothing is said of a legal shift, a move on one board, a move illegal anyway, or without the rule', () => {
    const g = game(true);
    const rook = spot(g, 'AB', 'a1');
    expect(quietShiftRefusal(g, rook, spot(g, 'AC', 'b1'))).toBeNull();
    expect(quietShiftRefusal(g, rook, spot(g, 'AB', 'a5'))).toBeNull();
    expect(quietShiftRefusal(g, rook, spot(g, 'AC', 'h5'))).toBeNull();
    const written = game(false);
    expect(quietShiftRefusal(written, rook, spot(written, 'AC', 'a5'))).toBeNull();
  });
});
