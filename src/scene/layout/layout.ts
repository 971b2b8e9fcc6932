/**
 * Where the boards float: a pure, deterministic layout of the C(n,2) boards as a 3D graph.
 *
 * - 2 players: one board.
 * - 3 players: a triangle.
 * - 4 players: an octahedron, seen along a three-fold axis (a triangular antiprism: the three
 *   boards of A, B, C above, the three boards of D below, each board opposite the one it
 *   shares no player with).
 * - 5–8 players: concentric rings, one per "distance" d between the two players of a board in
 *   the cyclic seating order (board i,i+d sits at the angle between players i and i+d).
 *   Rings alternate in height and angle, and each ring is pushed out just far enough that no
 *   two boards come closer than BOARD_SPACING. The layout has the n-fold rotational symmetry of
 *   the seating circle.
 *
 * Every board has the same orientation: square a1 towards the viewer's left, rank 1 towards the
 * default camera, tilted up towards it so that every board reads like a normal diagram.
 */

/** One square is one world unit; the board with its frame is FRAME_SIZE wide. */
export const FRAME_SIZE = 9;
export const BOARD_DIAGONAL = FRAME_SIZE * Math.SQRT2;
/** The smallest distance kept between two board centres. */
export const BOARD_SPACING = 14;
/** How far each board is tilted up towards the default camera (radians). */
export const BOARD_TILT = (12 * Math.PI) / 180;
/** Elevation of the default camera above the layout's plane (radians). */
export const CAMERA_ELEVATION = (36 * Math.PI) / 180;

export type Vec3 = [number, number, number];

export interface BoardPlacement {
  /** The two players of the board (indices in turn order), earlier first: its original seats. */
  players: [number, number];
  /** Who holds the south and north seat now (Interdimensional Scavenger moves seats, R9.4). */
  seats: [number, number];
  /** Whether the board is in play (Dimensional Collapse removes boards, R9.2). */
  live: boolean;
  /** Where the board floats (for a board out of play: where it floated in the full layout). */
  position: Vec3;
  /** Unit normal of the board's face. */
  normal: Vec3;
  /** Extra tilt (radians) of a board that is falling away (animation only; 0 at rest). */
  tilt?: number;
  /** Turned half a turn about its normal: shown from its North seat (the viewer sits there). */
  turned?: boolean;
  /** 0 shown normally … 1 dimmed behind the boards brought to the front ("my boards"). */
  dim?: number;
}

export interface Layout {
  players: number;
  boards: BoardPlacement[];
  /** Centre and radius of a sphere holding every live board. */
  center: Vec3;
  radius: number;
  /** Live board pairs joined by an edge, with the player they share (one edge per pair). */
  edges: { a: number; b: number; player: number }[];
  /** The layout this one was arranged from for a viewer (see arrangeFor); none for a base. */
  base?: Layout;
  /** "My boards": the boards brought to the front, in a grid facing the camera. */
  front?: FrontGrid;
}

/** The grid of boards brought to the front: where it is and how big. */
export interface FrontGrid {
  boards: number[];
  center: Vec3;
  cols: number;
  rows: number;
  /** Width and height of the grid (world units), labels above the top row included. */
  width: number;
  height: number;
}

/** The normal of every board: up, tilted towards +z (the default camera). */
export const BOARD_NORMAL: Vec3 = [0, Math.cos(BOARD_TILT), Math.sin(BOARD_TILT)];

/** Board index of players i < j, in the core's numbering (AB, AC, …, BC, …). */
export function pairIndex(n: number, i: number, j: number): number {
  if (i > j) [i, j] = [j, i];
  return i * n - (i * (i + 1)) / 2 + (j - i - 1);
}

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Point on a horizontal circle; angle 0 points towards the camera (+z), clockwise from above. */
const onRing = (radius: number, angle: number, y: number): Vec3 => [
  radius * Math.sin(angle),
  y,
  radius * Math.cos(angle),
];

function ringPositions(n: number): Vec3[] {
  const count = (n * (n - 1)) / 2;
  const out: Vec3[] = new Array(count);
  if (n === 2) {
    out[0] = [0, 0, 0];
    return out;
  }
  if (n === 3) {
    const r = BOARD_SPACING / (2 * Math.sin(Math.PI / 3));
    // AB at the back, AC and BC in front.
    out[pairIndex(3, 0, 1)] = onRing(r, Math.PI, 0);
    out[pairIndex(3, 1, 2)] = onRing(r, Math.PI / 3, 0);
    out[pairIndex(3, 0, 2)] = onRing(r, -Math.PI / 3, 0);
    return out;
  }
  if (n === 4) {
    // Hexagon of alternating heights: AB, BD, BC, CD, AC, AD.
    const h = 2;
    const r = Math.sqrt(BOARD_SPACING ** 2 - (2 * h) ** 2) + 0.5;
    const order: [number, number][] = [
      [0, 1],
      [1, 3],
      [1, 2],
      [2, 3],
      [0, 2],
      [0, 3],
    ];
    order.forEach(([i, j], k) => {
      out[pairIndex(4, i, j)] = onRing(r, Math.PI + (k * Math.PI) / 3, k % 2 ? -h : h);
    });
    return out;
  }
  // Rings from the innermost (largest distance d) outwards.
  const placed: Vec3[] = [];
  const maxD = Math.floor(n / 2);
  for (let d = maxD, ring = 0; d >= 1; d--, ring++) {
    const half = d * 2 === n;
    const members: { i: number; j: number; angle: number }[] = [];
    const k = half ? n / 2 : n;
    for (let i = 0; i < k; i++) {
      const j = (i + d) % n;
      // Between the two players' seats; a half ring spreads its n/2 boards evenly.
      const angle = half
        ? Math.PI + (2 * Math.PI * i) / k + Math.PI / n
        : Math.PI + (2 * Math.PI * i) / n + (Math.PI * d) / n;
      members.push({ i, j, angle });
    }
    const y = ring % 2 ? -1.5 : 1.5;
    let r = k > 1 ? BOARD_SPACING / (2 * Math.sin(Math.PI / k)) : 0;
    const fits = (radius: number) =>
      members.every(({ angle }) =>
        placed.every((p) => dist(p, onRing(radius, angle, y)) >= BOARD_SPACING),
      );
    while (!fits(r)) r += 0.25;
    for (const { i, j, angle } of members) {
      const p = onRing(r, angle, y);
      out[pairIndex(n, i, j)] = p;
      placed.push(p);
    }
  }
  return out;
}

/**
 * Positions of the live boards: a fresh layout of k players when the live boards are exactly
 * the boards of k of the players (what Dimensional Collapse leaves), otherwise the full layout's
 * positions drawn in towards their centre as far as the spacing allows.
 */
function livePositions(n: number, live: boolean[], full: Vec3[], pairs: [number, number][]) {
  const out = full.map((p) => [...p] as Vec3);
  const liveIdx = live.flatMap((l, b) => (l ? [b] : []));
  if (liveIdx.length === live.length || liveIdx.length === 0) return out;
  const players = [...new Set(liveIdx.flatMap((b) => pairs[b]))].sort((a, b) => a - b);
  const k = players.length;
  if ((k * (k - 1)) / 2 === liveIdx.length) {
    const ring = ringPositions(k);
    const rank = new Map(players.map((p, i) => [p, i]));
    for (const b of liveIdx) {
      const [i, j] = pairs[b];
      out[b] = [...ring[pairIndex(k, rank.get(i)!, rank.get(j)!)]];
    }
    return out;
  }
  // Otherwise: the slots of the smallest fresh layout with room for them, each board taking
  // the free slot nearest to where it was (scaled in), inner boards first.
  let slots = 2;
  while ((slots * (slots - 1)) / 2 < liveIdx.length) slots++;
  const free = ringPositions(slots);
  const reach = (ps: Vec3[]) => Math.max(1e-9, ...ps.map((p) => Math.hypot(p[0], p[2])));
  const shrink = reach(free) / reach(liveIdx.map((b) => full[b]));
  const order = [...liveIdx].sort(
    (a, b) => Math.hypot(full[a][0], full[a][2]) - Math.hypot(full[b][0], full[b][2]) || a - b,
  );
  for (const b of order) {
    const want: Vec3 = [full[b][0] * shrink, full[b][1], full[b][2] * shrink];
    let best = 0;
    for (let i = 1; i < free.length; i++)
      if (dist(free[i], want) < dist(free[best], want)) best = i;
    out[b] = [...free[best]];
    free.splice(best, 1);
  }
  return out;
}

const cache = new Map<string, Layout>();

/**
 * The layout for n players (2–8) with the boards still in play (`live`, one entry per board;
 * all when omitted) and the current seat holders (`seats`: board b's south and north seat at
 * 2b and 2b + 1; the original ones when omitted). Only live boards are laid out: after a
 * collapse the remaining graph gets a layout of its own (the scene tweens between the two).
 * Edges join live boards that share a seat holder.
 */
export function layoutBoards(
  n: number,
  live?: ArrayLike<number | boolean> | null,
  seats?: ArrayLike<number> | null,
): Layout {
  if (!Number.isInteger(n) || n < 2 || n > 8) throw new RangeError(`players must be 2–8: ${n}`);
  const count = (n * (n - 1)) / 2;
  const isLive = Array.from({ length: count }, (_, b) => (live ? !!live[b] : true));
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
  pairs.sort((x, y) => pairIndex(n, x[0], x[1]) - pairIndex(n, y[0], y[1]));
  const holders = pairs.map((pair, b): [number, number] =>
    seats ? [seats[b * 2], seats[b * 2 + 1]] : [...pair],
  );
  const key = `${n}|${isLive.map(Number).join('')}|${holders.join(',')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const full = ringPositions(n);
  const positions = livePositions(n, isLive, full, pairs);
  const boards: BoardPlacement[] = pairs.map((pair, b) => ({
    players: pair,
    seats: holders[b],
    live: isLive[b],
    position: positions[b],
    normal: BOARD_NORMAL,
  }));
  const edges: Layout['edges'] = [];
  for (let a = 0; a < count; a++)
    for (let b = a + 1; b < count; b++) {
      if (!isLive[a] || !isLive[b]) continue;
      const shared = boards[a].seats.find((p) => boards[b].seats.includes(p));
      if (shared !== undefined) edges.push({ a, b, player: shared });
    }
  const center: Vec3 = [0, 0, 0];
  let radius = 0;
  for (const b of boards)
    if (b.live) radius = Math.max(radius, dist(b.position, center) + BOARD_DIAGONAL / 2);
  const layout = { players: n, boards, center, radius, edges };
  cache.set(key, layout);
  return layout;
}

/**
 * Where the default camera sits for a view of aspect `aspect` and vertical field `fov` (degrees):
 * looking at the layout's centre from CAMERA_ELEVATION, as close as it can be with every board
 * (and its label) inside the view with a margin.
 */
export function defaultCamera(
  layout: Layout,
  aspect = 1,
  fov = 45,
): { position: Vec3; target: Vec3 } {
  return fitCamera(
    layout.boards.filter((board) => board.live),
    layout.center,
    aspect,
    fov,
  );
}

/**
 * Where the camera sits to frame some of the boards (the live ones among `boards`): the same
 * view as the default camera's, looking at their centre from as close as shows them all, but
 * never closer than `minSpan` boards' width would need, with the shares `top` and `bottom` of
 * the view's height kept clear above and below them (for a caption, a control bar). All boards
 * when none of them is live.
 */
export function frameBoardsCamera(
  layout: Layout,
  boards: readonly number[],
  aspect = 1,
  fov = 45,
  minSpan = 1.6,
  top = 0,
  bottom = 0,
): { position: Vec3; target: Vec3 } {
  const chosen = [...new Set(boards)].filter((b) => layout.boards[b]?.live);
  if (!chosen.length) return defaultCamera(layout, aspect, fov);
  const centre: Vec3 = [0, 0, 0];
  for (const b of chosen)
    for (let k = 0; k < 3; k++) centre[k] += layout.boards[b].position[k] / chosen.length;
  // The band between the kept-clear top and bottom (y in normalised device coordinates, -1 at the
  // bottom of the view, 1 at the top).
  const yMax = 0.9 - 2 * Math.max(0, Math.min(0.4, top));
  const yMin = -0.9 + 2 * Math.max(0, Math.min(0.3, bottom));
  const fit = fitCamera(
    chosen.map((b) => layout.boards[b]),
    centre,
    aspect,
    fov,
    yMin,
    yMax,
  );
  // Not closer than a view of minSpan boards side by side.
  const wide = fitCamera(
    [
      { position: [centre[0] - (FRAME_SIZE * (minSpan - 1)) / 2, centre[1], centre[2]] },
      { position: [centre[0] + (FRAME_SIZE * (minSpan - 1)) / 2, centre[1], centre[2]] },
    ],
    centre,
    aspect,
    fov,
    yMin,
    yMax,
  );
  const d = (p: { position: Vec3; target: Vec3 }) =>
    Math.hypot(...p.position.map((x, k) => x - p.target[k]));
  return d(fit) >= d(wide) ? fit : wide;
}

/**
 * The default view direction, backed off from `center` until every board given fits between
 * `yMin` and `yMax` (normalised device coordinates) and within the view's sides. Eye and target
 * move together along the view's up vector so that `center` appears at the band's middle; the
 * fit is checked where the boards are seen from there (nearer boards move further on screen).
 */
function fitCamera(
  boards: readonly Pick<BoardPlacement, 'position'>[],
  center: Vec3,
  aspect: number,
  fov: number,
  yMin = -0.9,
  yMax = 0.9,
): { position: Vec3; target: Vec3 } {
  const tv = Math.tan((fov * Math.PI) / 360);
  const th = tv * aspect;
  const dir: Vec3 = [0, Math.sin(CAMERA_ELEVATION), Math.cos(CAMERA_ELEVATION)];
  // Camera basis: forward f (towards the target), right r, up u.
  const f: Vec3 = [0, -dir[1], -dir[2]];
  const r: Vec3 = [1, 0, 0];
  const u: Vec3 = [0, Math.cos(CAMERA_ELEVATION), -Math.sin(CAMERA_ELEVATION)];
  const half = FRAME_SIZE / 2 + 0.6;
  const corners: Vec3[] = [];
  for (const b of boards)
    for (const [dx, dz] of [
      [-half, -half - 1.2],
      [half, -half - 1.2],
      [-half, half],
      [half, half],
    ]) {
      const y = b.position[1] + Math.sin(BOARD_TILT) * -dz;
      const z = b.position[2] + Math.cos(BOARD_TILT) * dz;
      corners.push([b.position[0] + dx, y + 1, z]);
    }
  /** Eye and target at distance d: shifted along u so that `center` shows at the band's middle. */
  const at = (d: number) => {
    const shift = (-(yMax + yMin) / 2) * d * tv;
    const target: Vec3 = [0, 1, 2].map((k) => center[k] + u[k] * shift) as Vec3;
    const position: Vec3 = [0, 1, 2].map((k) => target[k] + dir[k] * d) as Vec3;
    return { position, target };
  };
  const fits = (d: number) => {
    const pos = at(d).position;
    return corners.every((p) => {
      const q: Vec3 = [p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]];
      const z = q[0] * f[0] + q[1] * f[1] + q[2] * f[2];
      if (z <= 0.5) return false;
      const x = (q[0] * r[0] + q[1] * r[1] + q[2] * r[2]) / (z * th);
      const y = (q[0] * u[0] + q[1] * u[1] + q[2] * u[2]) / (z * tv);
      return Math.abs(x) < 0.94 && y > yMin && y < yMax;
    });
  };
  let lo = 1;
  let hi = 4000;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return at(hi);
}

/** Gaps between the boards of the front grid: narrow between columns, a label's room between rows. */
const COL_GAP = 0.6;
const ROW_GAP = 1.3;
/** Where the front grid floats: above the graph, so that the graph is behind it from the camera. */
const FRONT_HEIGHT = 16;

const arranged = new WeakMap<Layout, Map<string, Layout>>();

/** The width and height (world units) of a front grid of k boards in `cols` columns. */
function gridSize(k: number, cols: number): { width: number; height: number; rows: number } {
  const rows = Math.ceil(k / cols);
  return {
    rows,
    width: cols * FRAME_SIZE + (cols - 1) * COL_GAP,
    height: rows * FRAME_SIZE + rows * ROW_GAP,
  };
}

/** The number of columns that shows k boards biggest in a view of this aspect (width / height). */
export function frontColumns(k: number, aspect: number): number {
  let best = 1;
  let bestScale = 0;
  for (let cols = 1; cols <= k; cols++) {
    const { width, height } = gridSize(k, cols);
    const scale = Math.min(aspect / width, 1 / height);
    if (scale > bestScale + 1e-9) {
      best = cols;
      bestScale = scale;
    }
  }
  return best;
}

/**
 * The layout as shown to `viewer` (a player index, or -1 for nobody): every board where the
 * viewer holds only the North seat is turned, so that the viewer's pieces are at its near edge
 * (coordinates and notation stay the South seat's, RULES R10). With `mine`, the viewer's live
 * boards leave the graph for a grid in front of it, sized for a view of `aspect`, and the other
 * boards are dimmed behind. Cached per base layout; a base layout comes back as it is when
 * nothing changes.
 */
export function arrangeFor(base: Layout, viewer: number, mine: boolean, aspect = 4 / 3): Layout {
  const own = (b: BoardPlacement) => b.live && b.seats.includes(viewer);
  const front = mine && viewer >= 0 ? base.boards.flatMap((b, i) => (own(b) ? [i] : [])) : [];
  const cols = front.length ? frontColumns(front.length, aspect) : 0;
  const turned = base.boards.map(
    (b) => viewer >= 0 && b.seats[1] === viewer && b.seats[0] !== viewer,
  );
  if (!front.length && !turned.some(Boolean)) return base;
  const key = `${viewer}|${front.length ? cols : 0}`;
  let byKey = arranged.get(base);
  if (!byKey) arranged.set(base, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  let grid: FrontGrid | undefined;
  const positions = base.boards.map((b) => b.position);
  if (front.length) {
    const { width, height, rows } = gridSize(front.length, cols);
    const center: Vec3 = [base.center[0], FRONT_HEIGHT, base.center[2]];
    grid = { boards: front, center, cols, rows, width, height };
    front.forEach((b, k) => {
      const row = Math.floor(k / cols);
      const inRow = Math.min(cols, front.length - row * cols);
      const x = (k - row * cols - (inRow - 1) / 2) * (FRAME_SIZE + COL_GAP);
      // Row 0 at the top of the view (the far side of the boards); the label room above each row.
      const z = -height / 2 + ROW_GAP + FRAME_SIZE / 2 + row * (FRAME_SIZE + ROW_GAP);
      // In the boards' tilted plane (see BOARD_NORMAL).
      positions[b] = [
        center[0] + x,
        center[1] - Math.sin(BOARD_TILT) * z,
        center[2] + Math.cos(BOARD_TILT) * z,
      ];
    });
  }
  const inFront = new Set(front);
  const layout: Layout = {
    ...base,
    boards: base.boards.map((b, i) => ({
      ...b,
      position: positions[i],
      turned: turned[i],
      dim: front.length && !inFront.has(i) ? 1 : 0,
    })),
    base,
    front: grid,
  };
  byKey.set(key, layout);
  return layout;
}

/**
 * Where the camera sits to show the front grid: straight along the boards' normal (square
 * squares, every one the same size), as close as shows the whole grid with a small margin.
 */
export function frontCamera(
  grid: FrontGrid,
  aspect = 1,
  fov = 45,
): { position: Vec3; target: Vec3 } {
  const tv = Math.tan((fov * Math.PI) / 360);
  const margin = 0.985;
  const d = Math.max(grid.height / 2 / (tv * margin), grid.width / 2 / (tv * aspect * margin));
  const c = grid.center;
  return {
    position: [c[0] + BOARD_NORMAL[0] * d, c[1] + BOARD_NORMAL[1] * d, c[2] + BOARD_NORMAL[2] * d],
    target: [...c],
  };
}
