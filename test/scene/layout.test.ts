import { describe, expect, test } from 'vitest';
import { geometry } from '../../src/core';
import {
  BOARD_DIAGONAL,
  defaultCamera,
  frameBoardsCamera,
  layoutBoards,
  pairIndex,
  type Vec3,
} from '../../src/scene/layout/layout';

/** A board's four corners, as offsets from its centre. */
const BOARD_CORNERS = [
  [-4, -4],
  [4, -4],
  [-4, 4],
  [4, 4],
];

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

/** Live flags for n players with every board of the `out` players collapsed. */
const without = (n: number, out: number[]) =>
  layoutBoards(n).boards.map((b) => (b.players.some((p) => out.includes(p)) ? 0 : 1));

describe('layout of the live boards (Dimensional Collapse, Scavenger)', () => {
  test.each([4, 5, 6, 7, 8])(
    '%i players, one eliminated: the rest is laid out as a fresh game of n - 1',
    (n) => {
      for (const out of [0, n - 1, Math.floor(n / 2)]) {
        const layout = layoutBoards(n, without(n, [out]));
        const fresh = layoutBoards(n - 1);
        const rest = layout.boards.filter((b) => b.live);
        expect(rest).toHaveLength(fresh.boards.length);
        rest.forEach((b, i) => expect(b.position).toEqual(fresh.boards[i].position));
        expect(layout.boards.filter((b) => !b.live)).toHaveLength(n - 1);
        expect(layout.edges).toHaveLength(fresh.edges.length);
        expect(layout.radius).toBeCloseTo(fresh.radius, 9);
      }
    },
  );

  test('edges join live boards only, and the camera frames the live boards', () => {
    const live = without(6, [2, 4]);
    const layout = layoutBoards(6, live);
    for (const e of layout.edges) {
      expect(live[e.a] && live[e.b]).toBeTruthy();
    }
    const cam = defaultCamera(layout, 4 / 3);
    const full = defaultCamera(layoutBoards(6), 4 / 3);
    expect(len(sub(cam.position, cam.target))).toBeLessThan(len(sub(full.position, full.target)));
  });

  test('a live set that is not all the boards of some players: drawn in, still apart', () => {
    // 5 players; boards AB, AC, BD and CE collapsed (as seats changed hands under Scavenger).
    const n = 5;
    const gone = ['AB', 'AC', 'BD', 'CE'].map((name) => geometry(n).names.indexOf(name));
    const live = layoutBoards(n).boards.map((_, b) => (gone.includes(b) ? 0 : 1));
    const layout = layoutBoards(n, live);
    const ps = layout.boards.filter((b) => b.live).map((b) => b.position);
    expect(ps).toHaveLength(6);
    for (let i = 0; i < ps.length; i++)
      for (let j = i + 1; j < ps.length; j++)
        expect(len(sub(ps[i], ps[j]))).toBeGreaterThanOrEqual(14 - 1e-9);
    const full = layoutBoards(n);
    expect(layout.radius).toBeLessThanOrEqual(full.radius);
    // Deterministic, and cached by value.
    expect(layoutBoards(n, Uint8Array.from(live))).toBe(layout);
  });

  test("edges follow the seat holders: inherited seats join the new holder's boards", () => {
    // 4 players: C inherited D's seats on AD, BD, CD (Scavenger, R9.4).
    const base = layoutBoards(4);
    const seats = base.boards.flatMap((b) => b.players.map((p) => (p === 3 ? 2 : p)));
    const layout = layoutBoards(4, null, seats);
    const cd = geometry(4).names.indexOf('CD');
    const ad = geometry(4).names.indexOf('AD');
    expect(layout.boards[cd].seats).toEqual([2, 2]);
    expect(layout.edges.some((e) => e.player === 3)).toBe(false);
    const link = layout.edges.find((e) => (e.a === ad && e.b === cd) || (e.a === cd && e.b === ad));
    expect(link?.player).toBeDefined();
    expect(layout.boards.every((b) => b.live)).toBe(true);
    // Board positions do not change when only seats change.
    expect(layout.boards.map((b) => b.position)).toEqual(base.boards.map((b) => b.position));
  });
});

describe('framing several boards (the demo camera)', () => {
  /** NDC y of world point p seen from a camera at `eye` looking at `at` (fov 45°, no roll). */
  const ndc = (eye: Vec3, at: Vec3, p: Vec3, aspect: number) => {
    const f = sub(at, eye);
    const fl = len(f);
    const fwd: Vec3 = [f[0] / fl, f[1] / fl, f[2] / fl];
    const right: Vec3 = [-fwd[2], 0, fwd[0]];
    const rl = len(right);
    const r: Vec3 = [right[0] / rl, 0, right[2] / rl];
    const u: Vec3 = [
      r[1] * fwd[2] - r[2] * fwd[1],
      r[2] * fwd[0] - r[0] * fwd[2],
      r[0] * fwd[1] - r[1] * fwd[0],
    ];
    const q = sub(p, eye);
    const z = dot(q, fwd);
    const tv = Math.tan((45 * Math.PI) / 360);
    return { x: dot(q, r) / (z * tv * aspect), y: dot(q, u) / (z * tv) };
  };

  test('the boards asked for fit in the view, below a kept-clear top', () => {
    const layout = layoutBoards(5);
    const names = ['AB', 'AC', 'AD', 'AE', 'BC', 'BD', 'BE', 'CD', 'CE', 'DE'];
    const shot = ['AB', 'BC', 'BD', 'BE'].map((n) => names.indexOf(n));
    const aspect = 1.2;
    const { position, target } = frameBoardsCamera(layout, shot, aspect, 45, 1.6, 0.17);
    const all = defaultCamera(layout, aspect, 45);
    // Closer than the view of every board.
    expect(len(sub(position, target))).toBeLessThan(len(sub(all.position, all.target)));
    for (const b of shot) {
      const c = layout.boards[b].position;
      for (const [dx, dz] of BOARD_CORNERS) {
        const v = ndc(position, target, [c[0] + dx, c[1], c[2] + dz], aspect);
        expect(Math.abs(v.x)).toBeLessThan(1);
        expect(v.y).toBeGreaterThan(-1);
        expect(v.y).toBeLessThan(1 - 2 * 0.17);
      }
    }
    // No live board asked for: every board.
    expect(frameBoardsCamera(layoutBoards(5, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]), [0])).toEqual(
      defaultCamera(layoutBoards(5, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1])),
    );
  });

  test("a player's boards fit between a tall kept-clear top and a short bottom (issue #61 item 9)", () => {
    // The demo's caption card covers a quarter of the view and its control bar a tenth; the
    // framing keeps a twentieth of the view's height clear beyond them (CameraRig's
    // overlaysCover). The near boards used to land under the bar.
    const layout = layoutBoards(5);
    const [top, bottom] = [0.3, 0.05];
    for (let p = 0; p < 5; p++) {
      const shot = layout.boards.flatMap((b, i) => (b.players.includes(p) ? [i] : []));
      for (const aspect of [1.2, 0.92]) {
        const { position, target } = frameBoardsCamera(layout, shot, aspect, 45, 1.6, top, bottom);
        for (const b of shot) {
          const c = layout.boards[b].position;
          for (const [dx, dz] of BOARD_CORNERS) {
            const v = ndc(position, target, [c[0] + dx, c[1], c[2] + dz], aspect);
            const where = `player ${p}, board ${b}, aspect ${aspect}`;
            expect(Math.abs(v.x), where).toBeLessThan(0.94);
            expect(v.y, where).toBeGreaterThan(-0.9 + 2 * bottom);
            expect(v.y, where).toBeLessThan(0.9 - 2 * top);
          }
        }
      }
    }
  });

  test('every board fits between a kept-clear top and bottom (the demo caption and control bar)', () => {
    const layout = layoutBoards(5);
    const all = layout.boards.map((_, b) => b);
    const [top, bottom] = [0.17, 0.12];
    for (const aspect of [0.6, 1.2, 1.9]) {
      const { position, target } = frameBoardsCamera(layout, all, aspect, 45, 1.6, top, bottom);
      let low = 1;
      let wide = 0;
      for (const board of layout.boards) {
        const c = board.position;
        for (const [dx, dz] of BOARD_CORNERS) {
          const v = ndc(position, target, [c[0] + dx, c[1], c[2] + dz], aspect);
          expect(Math.abs(v.x)).toBeLessThan(1);
          expect(v.y).toBeGreaterThan(-1 + 2 * bottom);
          expect(v.y).toBeLessThan(1 - 2 * top);
          low = Math.min(low, v.y);
          wide = Math.max(wide, Math.abs(v.x));
        }
      }
      // Not merely inside: as large as the free area allows — down to near the bar, or (in a
      // narrow view, where the width is what limits) out to near the sides.
      expect(low < -1 + 2 * bottom + 0.25 || wide > 0.85, `aspect ${aspect}`).toBe(true);
    }
  });
});
