/** The arrow of a move on the boards (src/scene/components/MoveArrow.tsx): its strokes and its lines. */
import { expect, test } from 'vitest';
import { BufferGeometry, Color, Mesh, Vector3, type BufferAttribute } from 'three';
import { Game, defaultSetup, squareName, type Spot } from '../../src/core';
import { writeLines } from '../../src/scene/components/Explain';
import { arrowStrokes } from '../../src/scene/arrowStrokes';
import { layoutBoards } from '../../src/scene/layout/layout';
import { Stage } from '../../src/scene/layout/stage';
import { squareWorld } from '../../src/scene/layout/world';
import { build } from '../core/helpers';

/** A three-player game: A's knight on AB b1, A to move; then `actions`. */
function game(actions: string[] = []): Game {
  const made = Game.fromPosition(
    defaultSetup(3, 'arrow'),
    build({ players: 3, pieces: { AB: { b1: 'N' }, BC: { h2: 'P' } } }),
  );
  if (!made.ok) throw new Error(made.error.message);
  let g = made.value;
  for (const a of actions) {
    const next = g.play(a);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
  }
  return g;
}

const named = (g: Game, s: Spot) => `${g.position.g.names[s.board]}:${squareName(s.square)}`;
const said = (g: Game, strokes: ReturnType<typeof arrowStrokes>) =>
  strokes.map((s) => [named(g, s.from), named(g, s.to), s.shift]);

test('R4.1: a shift is one stroke from its board to the other', () => {
  const g = game();
  expect(said(g, arrowStrokes(g, { index: 0, text: 'AB:Nb1-AC:c3' }))).toEqual([
    ['AB:b1', 'AC:c3', true],
  ]);
  expect(said(g, arrowStrokes(g, { index: 0, text: 'AB:Nb1-c3' }))).toEqual([
    ['AB:b1', 'AB:c3', false],
  ]);
});

test('R5.1: a king move is a stroke on every board of its domain', () => {
  const g = game();
  expect(said(g, arrowStrokes(g, { index: 0, text: 'AB:Ke1-d2' }))).toEqual([
    ['AB:e1', 'AB:d2', false],
    ['AC:e1', 'AC:d2', false],
  ]);
});

test('the move is read in the position before its action, whatever is shown now', () => {
  // After the knight has gone, its better move from b1 still reads before action 0.
  const g = game(['AB:Nb1-a3', 'BC:h2-h3', 'AC:Ke8-d8']);
  expect(said(g, arrowStrokes(g, { index: 0, text: 'AB:Nb1-AC:c3' }))).toEqual([
    ['AB:b1', 'AC:c3', true],
  ]);
  // Not legal there, or out of the record: no arrow.
  expect(arrowStrokes(g, { index: 1, text: 'AB:Nb1-AC:c3' })).toEqual([]);
  expect(arrowStrokes(g, { index: 9, text: 'AB:Nb1-c3' })).toEqual([]);
});

test('the arrow is drawn from square to square with a head of two barbs; a shift as an arc', () => {
  const layout = layoutBoards(3);
  const stage = new Stage(layout);
  const mesh = new Mesh(new BufferGeometry());
  const colour = new Color('#ffffff');
  const line = (from: Spot, to: Spot) => ({ from, to, colour, radius: 0.075, head: true });
  const [ab, ac] = ['AB', 'AC'].map((name) => game().position.g.names.indexOf(name));
  const centre = (segment: number, end: number) => {
    const position = mesh.geometry.getAttribute('position') as BufferAttribute;
    const c = new Vector3();
    for (let k = 0; k < 4; k++) {
      const v = segment * 8 + end * 4 + k;
      c.add(new Vector3(position.getX(v), position.getY(v), position.getZ(v)));
    }
    return c.divideScalar(4);
  };
  const world = (s: Spot) => squareWorld(stage.current, s.board, s.square, 0.22);
  const b1 = { board: ab, square: 0x01 };
  const c3 = { board: ac, square: 0x22 };
  const straight = { board: ab, square: 0x22 };

  // On one board: the line, then two barbs from the tip, back towards the start.
  expect(writeLines(mesh, stage, [line(b1, straight)])).toBe(3);
  expect(centre(0, 0).distanceTo(world(b1))).toBeLessThan(1e-4);
  expect(centre(0, 1).distanceTo(world(straight))).toBeLessThan(1e-4);
  for (const barb of [1, 2]) {
    expect(centre(barb, 0).distanceTo(world(straight))).toBeLessThan(1e-4);
    const end = centre(barb, 1);
    expect(end.distanceTo(world(b1))).toBeLessThan(world(straight).distanceTo(world(b1)));
  }
  expect(centre(1, 1).distanceTo(centre(2, 1))).toBeGreaterThan(0.1);

  // Across boards: an arc of 24 segments that rises over the edge, then the head at the landing square.
  expect(writeLines(mesh, stage, [line(b1, c3)])).toBe(26);
  expect(centre(0, 0).distanceTo(world(b1))).toBeLessThan(1e-4);
  expect(centre(23, 1).distanceTo(world(c3))).toBeLessThan(1e-4);
  expect(centre(12, 0).y).toBeGreaterThan(Math.max(world(b1).y, world(c3).y));
  expect(centre(24, 0).distanceTo(world(c3))).toBeLessThan(1e-4);
  expect(mesh.visible).toBe(true);
  expect(writeLines(mesh, stage, [])).toBe(0);
  expect(mesh.visible).toBe(false);
});
