/** The board labels' atlas (src/scene/gpu/labelAtlas.ts): every label gets its own padded cell. */
import { expect, test } from 'vitest';
import { LABEL_PAD, packCells } from '../../src/scene/gpu/labelAtlas';

test('28 labels (8 players) of mixed widths: cells padded, within the width, none overlapping', () => {
  const sizes = Array.from({ length: 28 }, (_, b) => ({ w: 60 + ((b * 37) % 90) + 0.4, h: 28 }));
  sizes[5] = { w: 0, h: 0 }; // a board without a label
  const { cells, width, height } = packCells(sizes, 512);
  expect(width).toBe(512);
  expect(cells).toHaveLength(28);
  cells.forEach((c, b) => {
    expect(c.w).toBe(Math.ceil(sizes[b].w) + 2 * LABEL_PAD);
    expect(c.h).toBe(Math.ceil(sizes[b].h) + 2 * LABEL_PAD);
    expect(c.x + c.w).toBeLessThanOrEqual(512);
    expect(c.y + c.h).toBeLessThanOrEqual(height);
    for (const d of cells.slice(b + 1)) {
      const apart = c.x + c.w <= d.x || d.x + d.w <= c.x || c.y + c.h <= d.y || d.y + d.h <= c.y;
      expect(apart, `cells ${b} and ${cells.indexOf(d)} overlap`).toBe(true);
    }
  });
  // Shelves: more than one label a row.
  expect(height).toBeLessThan((28 * (28 + 2 * LABEL_PAD)) / 2);
});

test('a label wider than a row gets a row of its own, and the atlas widens to hold it', () => {
  const { cells, width, height } = packCells(
    [
      { w: 100, h: 28 },
      { w: 600, h: 28 },
      { w: 100, h: 28 },
    ],
    512,
  );
  expect(cells.map((c) => [c.x, c.y])).toEqual([
    [0, 0],
    [0, 52],
    [0, 104],
  ]);
  expect(width).toBe(600 + 2 * LABEL_PAD);
  expect(height).toBe(156);
});
