import { describe, expect, test } from 'vitest';
import { geometry } from '../../src/core';
import {
  BOARD_DIAGONAL,
  defaultCamera,
  layoutBoards,
  pairIndex,
  type Vec3,
} from '../../src/scene/layout';

const counts = [2, 3, 4, 5, 6, 7, 8];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const len = (a: Vec3) => Math.hypot(...a);
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

describe('board layout', () => {
  test.each(counts)('%i players: one board per pair, in the core numbering', (n) => {
    const layout = layoutBoards(n);
    const g = geometry(n);
    expect(layout.boards).toHaveLength(g.boards);
    layout.boards.forEach((b, i) => {
      expect(b.players).toEqual([g.south[i], g.north[i]]);
      expect(pairIndex(n, b.players[0], b.players[1])).toBe(i);
      for (const c of b.position) expect(Number.isFinite(c)).toBe(true);
    });
  });

  test.each(counts)('%i players: deterministic', (n) => {
    const a = JSON.stringify(layoutBoards(n));
    // A fresh computation (bypassing nothing but object identity) gives the same numbers.
    expect(JSON.stringify(JSON.parse(a))).toBe(a);
    expect(JSON.stringify(layoutBoards(n))).toBe(a);
  });

  test.each(counts)('%i players: no two boards overlap', (n) => {
    const { boards } = layoutBoards(n);
    let min = Infinity;
    for (let i = 0; i < boards.length; i++)
      for (let j = i + 1; j < boards.length; j++)
        min = Math.min(min, len(sub(boards[i].position, boards[j].position)));
    if (boards.length > 1) expect(min).toBeGreaterThan(BOARD_DIAGONAL);
  });

  test.each(counts)('%i players: every board faces the default camera', (n) => {
    const layout = layoutBoards(n);
    for (const aspect of [4 / 3, 3 / 4, 16 / 9]) {
      const cam = defaultCamera(layout, aspect);
      for (const b of layout.boards) {
        const toCam = sub(cam.position, b.position);
        const cos = dot(b.normal, toCam) / len(toCam);
        expect(cos).toBeGreaterThan(0.6);
      }
    }
  });

  test.each([5, 6, 7, 8])('%i players: symmetric under rotation about the vertical axis', (n) => {
    // Odd n: one seat (2π/n). Even n: the ring of opposite pairs has n/2 boards, so two seats.
    const { boards } = layoutBoards(n);
    const a = ((n % 2 ? 2 : 4) * Math.PI) / n;
    for (const b of boards) {
      const [x, y, z] = b.position;
      const r: Vec3 = [x * Math.cos(a) + z * Math.sin(a), y, -x * Math.sin(a) + z * Math.cos(a)];
      const nearest = Math.min(...boards.map((o) => len(sub(o.position, r))));
      expect(nearest).toBeLessThan(1e-6);
    }
  });

  test('3 players: a triangle; 4 players: an octahedron', () => {
    const t = layoutBoards(3).boards.map((b) => b.position);
    const d3 = [len(sub(t[0], t[1])), len(sub(t[1], t[2])), len(sub(t[0], t[2]))];
    expect(Math.max(...d3) - Math.min(...d3)).toBeLessThan(1e-9);
    const o = layoutBoards(4);
    // In an octahedron every vertex has 4 neighbours and one opposite vertex; the boards that
    // share no player are opposite (farthest apart), and all other pairs are equally close.
    const ps = o.boards.map((b) => b.position);
    for (let i = 0; i < 6; i++) {
      const ds = ps.map((p, j) => (j === i ? 0 : len(sub(p, ps[i]))));
      const far = ds.indexOf(Math.max(...ds));
      const [a, b] = o.boards[i].players;
      expect(o.boards[far].players.some((p) => p === a || p === b)).toBe(false);
    }
    expect(o.edges).toHaveLength(12);
  });

  test.each(counts)('%i players: edges join exactly the boards that share a player', (n) => {
    const layout = layoutBoards(n);
    // Each board shares a player with 2(n-2) others.
    expect(layout.edges.length).toBe((layout.boards.length * 2 * (n - 2)) / 2);
    for (const e of layout.edges) {
      expect(layout.boards[e.a].players).toContain(e.player);
      expect(layout.boards[e.b].players).toContain(e.player);
    }
  });
});
