/**
 * The boards' coordinates as one instance a board (src/scene/layout/coordinates.ts): the
 * geometry holds the sixteen glyphs as an upright board shows them, then as a turned one does
 * (the vertex shader draws the half an instance's kind names), each on its atlas cell.
 */
import { Vector2, Vector3 } from 'three';
import { expect, test } from 'vitest';
import { COORDINATE_GEOMETRY } from '../../src/scene/layout/coordinates';

const position = COORDINATE_GEOMETRY.getAttribute('position');
const uv = COORDINATE_GEOMETRY.getAttribute('uv');

/** Quad q: the centre of its four vertices, and the span of its u (its atlas cell). */
function quad(q: number) {
  const centre = new Vector3();
  const u = new Vector2(Infinity, -Infinity);
  for (let i = 4 * q; i < 4 * q + 4; i++) {
    centre.add(new Vector3().fromBufferAttribute(position, i));
    u.set(Math.min(u.x, uv.getX(i)), Math.max(u.y, uv.getX(i)));
  }
  return { centre: centre.divideScalar(4), u };
}

test('32 quads: 16 glyphs as an upright board shows them, then 16 as a turned one does', () => {
  expect(position.count).toBe(32 * 4);
  for (const [layout, near] of [
    [0, 4.25],
    [1, -4.25],
  ] as const)
    for (let i = 0; i < 8; i++) {
      // File i under its column on the near rim, rank i + 1 beside its row on the left rim.
      const file = quad(16 * layout + 2 * i);
      expect([file.centre.x, file.centre.z]).toEqual([
        expect.closeTo(i - 3.5),
        expect.closeTo(near),
      ]);
      const rank = quad(16 * layout + 2 * i + 1);
      expect([rank.centre.x, rank.centre.z]).toEqual([
        expect.closeTo(-near),
        expect.closeTo(3.5 - i),
      ]);
    }
});

test("each glyph reads its own cell of the atlas ('abcdefgh12345678')", () => {
  for (let q = 0; q < 32; q++) {
    const i = Math.floor((q % 16) / 2);
    const cell = q % 2 === 0 ? i : 8 + i;
    const { u } = quad(q);
    expect(u.x).toBeCloseTo(cell / 16);
    expect(u.y).toBeCloseTo((cell + 1) / 16);
  }
});
