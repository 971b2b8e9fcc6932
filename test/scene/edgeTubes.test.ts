/** The edges' tube geometry (src/scene/gpu/edgeTubes.ts): built once, re-aimed when the edges change. */
import { expect, test } from 'vitest';
import type { BufferAttribute } from 'three';
import { EdgeTubes, RADIAL } from '../../src/scene/gpu/edgeTubes';
import type { StageEdge } from '../../src/scene/layout/stage';

const edge = (a: number, b: number, anchor = a): StageEdge => ({
  a,
  b,
  player: 0,
  extent: 1,
  anchor,
});

/** The (grows-from, other end) boards of each drawn tube, read back from the vertices. */
function drawnEnds(tubes: EdgeTubes, segments: number): [number, number][] {
  const g = tubes.geometry!;
  const perTube = segments * RADIAL * 6;
  const ends = (g.getAttribute('edgeEnds') as BufferAttribute).array;
  const index = g.index!.array;
  const out: [number, number][] = [];
  for (let i = g.drawRange.start; i < g.drawRange.count; i += perTube) {
    // Every vertex of a tube joins the same two boards.
    const vs = Array.from(index.slice(i, i + perTube));
    const pairs = new Set(vs.map((v) => `${ends[2 * v]},${ends[2 * v + 1]}`));
    expect(pairs.size).toBe(1);
    out.push([ends[2 * vs[0]], ends[2 * vs[0] + 1]]);
  }
  return out;
}

test('a new edge list (a collapse) re-aims the same tubes instead of building new ones', () => {
  const tubes = new EdgeTubes();
  const all = [edge(0, 1), edge(0, 2), edge(1, 2, 2), edge(2, 3)];
  expect(tubes.follow(all, 1, 14)).toBe(true);
  const built = tubes.geometry;
  expect(drawnEnds(tubes, 14)).toEqual([
    [0, 1],
    [0, 2],
    [2, 1],
    [2, 3],
  ]);
  // The same version again: nothing to do.
  expect(tubes.follow(all, 1, 14)).toBe(false);
  // Board 0 collapses: its edges go.
  expect(tubes.follow([edge(1, 2, 2), edge(2, 3)], 2, 14)).toBe(true);
  expect(tubes.geometry).toBe(built);
  expect(drawnEnds(tubes, 14)).toEqual([
    [2, 1],
    [2, 3],
  ]);
});

test('more edges than tubes, or other segments, build new tubes', () => {
  const tubes = new EdgeTubes();
  tubes.follow([edge(0, 1)], 1, 22);
  const small = tubes.geometry;
  const many = Array.from({ length: 9 }, (_, i) => edge(i, i + 1));
  tubes.follow(many, 2, 22);
  expect(tubes.geometry).not.toBe(small);
  expect(drawnEnds(tubes, 22)).toHaveLength(9);
  const grown = tubes.geometry;
  tubes.follow(many, 3, 14);
  expect(tubes.geometry).not.toBe(grown);
  expect(drawnEnds(tubes, 14)).toEqual(many.map((e) => [e.a, e.b]));
});

test('each tube runs from fraction 0 to 1 along its edge, RADIAL vertices around it', () => {
  const tubes = new EdgeTubes();
  tubes.follow([edge(0, 1), edge(1, 2)], 1, 4);
  const at = (tubes.geometry!.getAttribute('position') as BufferAttribute).array;
  const second = 5 * RADIAL;
  expect([at[0], at[1], at[2]]).toEqual([0, 0, 0]);
  expect([at[3 * (second - 1)], at[3 * (second - 1) + 1], at[3 * (second - 1) + 2]]).toEqual([
    1,
    RADIAL - 1,
    0,
  ]);
  expect(at[3 * second + 2]).toBe(1);
});
