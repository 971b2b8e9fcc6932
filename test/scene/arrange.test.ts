/** The layout as shown to a viewer: turned North boards and "my boards" (issue #11.5, #11.6). */
import { describe, expect, test } from 'vitest';
import {
  FRAME_SIZE,
  arrangeFor,
  frontCamera,
  layoutBoards,
  type Vec3,
} from '../../src/scene/layout/layout';
import { placeLabels } from '../../src/scene/components/Labels';

/** The scene's canvas at the two window sizes the issue names (the side panel is 320 px). */
const VIEWS = [
  { window: '1280×800', width: 960, height: 800 },
  { window: '1024×768', width: 704, height: 768 },
];

describe('your side faces you', () => {
  test.each([3, 5, 8])(
    '%i players: exactly the boards where the viewer sits North are turned',
    (n) => {
      const base = layoutBoards(n);
      for (let viewer = 0; viewer < n; viewer++) {
        const shown = arrangeFor(base, viewer, false);
        shown.boards.forEach((b, i) => {
          expect(!!b.turned).toBe(b.seats[1] === viewer);
          // Turning does not move a board.
          expect(b.position).toEqual(base.boards[i].position);
        });
      }
      // Nobody to show it for (a bot to move among several humans): the layout as it is.
      expect(arrangeFor(base, -1, true)).toBe(base);
      // The first player sits South everywhere: nothing to turn.
      expect(arrangeFor(base, 0, false)).toBe(base);
    },
  );
});

describe('"my boards"', () => {
  test.each([3, 6, 7, 8])(
    '%i players: the viewer’s boards in a grid in front, the rest dimmed',
    (n) => {
      const base = layoutBoards(n);
      const viewer = n - 1;
      const shown = arrangeFor(base, viewer, true, 960 / 800);
      const mine = base.boards.flatMap((b, i) => (b.seats.includes(viewer) ? [i] : []));
      expect(shown.front?.boards).toEqual(mine);
      shown.boards.forEach((b, i) => expect(b.dim).toBe(mine.includes(i) ? 0 : 1));
      // Side by side without overlapping, and in front of (above) every other board.
      const ps = mine.map((b) => shown.boards[b].position);
      for (let i = 0; i < ps.length; i++)
        for (let j = i + 1; j < ps.length; j++)
          expect(Math.hypot(...ps[i].map((x, k) => x - ps[j][k]))).toBeGreaterThan(FRAME_SIZE);
      const lowest = Math.min(...ps.map((p) => p[1]));
      for (const [i, b] of shown.boards.entries())
        if (!mine.includes(i)) expect(b.position[1]).toBeLessThan(lowest - FRAME_SIZE / 2);
    },
  );

  test.each(VIEWS)(
    '8 players at $window: every square of the front grid is at least 24 px',
    (view) => {
      const aspect = view.width / view.height;
      for (let viewer = 0; viewer < 8; viewer++) {
        const shown = arrangeFor(layoutBoards(8), viewer, true, aspect);
        const grid = shown.front!;
        const cam = frontCamera(grid, aspect, 45);
        const d = Math.hypot(...cam.position.map((x, k) => x - cam.target[k]));
        // Face-on: one world unit (one square) covers the same pixels everywhere on the grid.
        const px = view.height / (2 * d * Math.tan((45 * Math.PI) / 360));
        expect(px).toBeGreaterThanOrEqual(24);
        // And the whole grid, labels included, is in the view.
        expect(grid.width * px).toBeLessThanOrEqual(view.width);
        expect(grid.height * px).toBeLessThanOrEqual(view.height);
        // Every board of the grid lies within the grid's extent.
        for (const b of grid.boards) {
          const p: Vec3 = shown.boards[b].position;
          expect(Math.abs(p[0] - grid.center[0]) + FRAME_SIZE / 2).toBeLessThanOrEqual(
            grid.width / 2 + 1e-9,
          );
        }
      }
    },
  );

  test('a wide view takes more columns than a tall one', () => {
    const wide = arrangeFor(layoutBoards(8), 0, true, 2.2).front!;
    const tall = arrangeFor(layoutBoards(8), 0, true, 0.6).front!;
    expect(wide.cols).toBeGreaterThan(tall.cols);
    expect(wide.cols * wide.rows).toBeGreaterThanOrEqual(7);
  });
});

describe('board labels', () => {
  /** A label 60×28 anchored at (x, y) over a board whose centre is 100 px below (no near anchor). */
  const at = (b: number, x: number, y: number, depth = b) => ({
    b,
    x,
    y,
    nx: NaN,
    ny: NaN,
    cy: y + 100,
    w: 60,
    h: 28,
    depth,
    shown: false,
  });
  type Label = ReturnType<typeof at>;
  const apart = (a: Label, b: Label) => Math.abs(a.x - b.x) >= 60 || Math.abs(a.y - b.y) >= 28;

  test('never overlap: a label whose place is taken slides along its board or moves away from it, or hides when none is free', () => {
    const wanted = [
      at(0, 100, 100),
      at(1, 110, 104),
      at(2, 300, 100),
      at(3, 105, 100),
      at(4, 100, 98),
      at(5, 102, 101),
      at(6, 99, 99),
    ];
    // A canvas that leaves no room above the crowd's places.
    placeLabels(wanted, [], [], { width: 400, height: 130 });
    const shown = wanted.filter((l) => l.shown);
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++) expect(apart(shown[i], shown[j])).toBe(true);
    for (const l of shown) expect(l.y - l.h / 2).toBeGreaterThanOrEqual(0);
    // The nearest keeps its place; the one apart is untouched; the farthest of the crowd hide.
    expect(wanted.find((l) => l.b === 0)).toMatchObject({ x: 100, y: 100 });
    expect(wanted.find((l) => l.b === 2)).toMatchObject({ x: 300, y: 100 });
    expect(shown.length).toBeLessThan(wanted.length);
    expect(wanted.find((l) => l.b === 6)!.shown).toBe(false);
  });

  test('a label never goes under the view toggles (issue 50 item 8)', () => {
    const toggles = { left: 8, top: 8, right: 200, bottom: 40 };
    const label = at(0, 120, 30);
    const other = at(1, 400, 30);
    placeLabels([label, other], [toggles]);
    expect(label.shown).toBe(true);
    const clear =
      label.x - 30 >= toggles.right ||
      label.x + 30 <= toggles.left ||
      label.y - 14 >= toggles.bottom;
    expect(clear).toBe(true);
    expect(other).toMatchObject({ shown: true, x: 400, y: 30 });
  });

  test('a label never covers a board’s squares or pieces: beside its place, away from it, or beyond the near rim (issue 61 item 2)', () => {
    // Board 0's squares from (0, 120) to (400, 520); its label wanted just over its far edge,
    // where board 1's squares (a row above) leave no room, nor beside it.
    const board0 = [0, 120, 400, 120, 400, 520, 0, 520];
    const board1 = [0, -300, 400, -300, 400, 100, 0, 100];
    const label = { ...at(0, 200, 110), nx: 200, ny: 530, cy: 320 };
    placeLabels([label], [], [board0, board1], { width: 400, height: 600 });
    expect(label).toMatchObject({ shown: true, x: 200 });
    expect(label.y - 14).toBeGreaterThanOrEqual(520);
    // A board seen slanted (a quad, not a box): a label beside its corner is free.
    const slanted = [100, 100, 300, 100, 400, 300, 0, 300];
    const free = at(0, 40, 110);
    placeLabels([free], [], [slanted]);
    expect(free).toMatchObject({ shown: true, x: 40, y: 110 });
    // A board seen from low: its pieces stand up into the label's place, which moves clear of them.
    const block = [0, 120, 400, 120, 400, 520, 0, 520, 0, 90, 400, 90, 400, 490, 0, 490];
    const above = at(0, 200, 110);
    placeLabels([above], [], [block]);
    expect(above).toMatchObject({ shown: true, x: 200, y: 50 });
    const over = at(0, 200, 110);
    placeLabels([over], [], [slanted]);
    expect(over.shown && Math.abs(over.y - 110) < 28 && Math.abs(over.x - 200) < 230).toBe(false);
  });
});
