/** The stage's transitions (src/scene/layout/stage.ts): only a change that moves something animates. */
import { expect, test } from 'vitest';
import { arrangeFor, layoutBoards } from '../../src/scene/layout/layout';
import { labelsMoved } from '../../src/scene/components/Labels';
import { Stage } from '../../src/scene/layout/stage';

test('another viewer turning boards (nothing moves) starts no transition, so no frames', () => {
  const base = layoutBoards(3);
  const stage = new Stage(arrangeFor(base, 0, false));
  const version = stage.version;
  const edgesVersion = stage.edgesVersion;
  stage.setTarget(arrangeFor(base, 1, false), true, 0);
  expect(stage.moving).toBe(false);
  expect(stage.version).toBe(version + 1);
  // The same edges: the edge geometry is not rebuilt.
  expect(stage.edgesVersion).toBe(edgesVersion);
  // The turn is taken at once.
  expect(stage.current.boards.map((b) => !!b.turned)).toEqual(
    arrangeFor(base, 1, false).boards.map((b) => !!b.turned),
  );
});

test('boards that move ("my boards" for another viewer) or leave play glide', () => {
  const base = layoutBoards(8);
  const stage = new Stage(arrangeFor(base, 0, true));
  stage.setTarget(arrangeFor(base, 1, true), true, 0);
  expect(stage.moving).toBe(true);
  const collapse = new Stage(base);
  const live = base.boards.map((_, i) => i !== 0);
  collapse.setTarget(layoutBoards(8, live), true, 0);
  expect(collapse.moving).toBe(true);
  expect(collapse.current.boards[0].leaving).toBe(true);
});

test('R9.2: while a collapsing board falls the other labels stay put; they move as the graph settles', () => {
  const base = layoutBoards(8);
  const stage = new Stage(base);
  const seen: number[] = [];
  expect(labelsMoved(stage.current, seen)).toBe(true);
  expect(labelsMoved(stage.current, seen)).toBe(false);
  stage.setTarget(
    layoutBoards(
      8,
      // The first player's seven boards (pairs 0–1 … 0–7) collapse: the graph re-forms for seven.
      base.boards.map((_, i) => i > 6),
    ),
    true,
    0,
  );
  // Their labels go as they start to fall.
  expect(labelsMoved(stage.current, seen)).toBe(true);
  stage.tick(500);
  const falling = [...stage.current.boards[0].position];
  expect(labelsMoved(stage.current, seen)).toBe(false);
  stage.tick(1000);
  expect(stage.current.boards[0].position).not.toEqual(falling);
  expect(labelsMoved(stage.current, seen)).toBe(false);
  // The 21 boards left settle into their new places: the labels follow.
  stage.tick(2000);
  expect(labelsMoved(stage.current, seen)).toBe(true);
});
