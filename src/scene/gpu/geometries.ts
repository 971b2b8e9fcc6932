/**
 * Shared geometries and materials, made once at module scope: pieces modelled in code (lathe
 * profiles, an extruded knight), squares, frames, markers.
 */
import {
  BoxGeometry,
  BufferGeometry,
  type BufferAttribute,
  CircleGeometry,
  Color,
  ConeGeometry,
  DoubleSide,
  ExtrudeGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  LatheGeometry,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Shape,
  ShapeGeometry,
  Vector2,
} from 'three';
import { mergeGeometries, mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';

const RADIAL = 16;

/** Points of a circular arc in the profile plane (x = radius, y = height). */
function arc(
  cx: number,
  cy: number,
  r: number,
  from: number,
  to: number,
  steps: number,
): number[][] {
  const out: number[][] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push([Math.max(0, cx + r * Math.cos(a)), cy + r * Math.sin(a)]);
  }
  return out;
}

function lathe(profile: number[][]): BufferGeometry {
  const g = new LatheGeometry(
    profile.map(([x, y]) => new Vector2(x, y)),
    RADIAL,
  );
  return g.toNonIndexed();
}

/** The common foot of every piece. */
const base = (r: number): number[][] => [
  [0, 0],
  [r, 0],
  [r, 0.05],
  [r - 0.03, 0.08],
  [r - 0.02, 0.11],
  [r - 0.08, 0.14],
];

function pawn(): BufferGeometry {
  return lathe([
    ...base(0.3),
    [0.15, 0.2],
    [0.11, 0.34],
    [0.17, 0.37],
    [0.17, 0.4],
    [0.1, 0.42],
    ...arc(0, 0.52, 0.13, -50, 90, 6),
  ]);
}

/** A box standing on the piece's axis at height y, turned `angle` about it, at `radius` out. */
function block(w: number, h: number, d: number, radius: number, angle: number, y: number) {
  return new BoxGeometry(w, h, d)
    .translate(0, y + h / 2, radius)
    .rotateY(angle)
    .toNonIndexed();
}

/** A tower with four merlons and the gaps (crenels) between them. */
function rook(): BufferGeometry {
  const body = lathe([
    ...base(0.33),
    [0.22, 0.2],
    [0.19, 0.56],
    [0.27, 0.6],
    [0.27, 0.7],
    [0, 0.7],
  ]);
  const merlons = [0, 1, 2, 3].map((k) =>
    block(0.17, 0.15, 0.11, 0.21, (k * Math.PI) / 2 + Math.PI / 4, 0.69),
  );
  return merged([body, ...merlons]);
}

/**
 * A lathe profile cut in two along the plane x = 0, the halves moved `gap` apart and closed
 * with flat caps: the bishop's mitre with its slit.
 */
function splitLathe(profile: number[][], gap: number): BufferGeometry[] {
  const pts = profile.map(([x, y]) => new Vector2(x, y));
  const shape = new Shape([...pts, ...pts.map((p) => new Vector2(-p.x, p.y)).reverse()]);
  const out: BufferGeometry[] = [];
  for (const side of [1, -1]) {
    const half = new LatheGeometry(pts, RADIAL / 2, side > 0 ? 0 : Math.PI, Math.PI);
    half.translate((side * gap) / 2, 0, 0);
    const cap = new ShapeGeometry(shape).rotateY((-side * Math.PI) / 2);
    cap.translate((side * gap) / 2, 0, 0);
    out.push(half.toNonIndexed(), cap.toNonIndexed());
  }
  return out;
}

/** A tall mitre with a slit through its upper half and a knob on top. */
function bishop(): BufferGeometry {
  const body = lathe([
    ...base(0.31),
    [0.15, 0.22],
    [0.1, 0.52],
    [0.19, 0.55],
    [0.19, 0.58],
    [0.1, 0.6],
    [0.15, 0.66],
    [0.17, 0.74],
    [0, 0.74],
  ]);
  const mitre = splitLathe(
    [
      [0, 0.74],
      [0.17, 0.74],
      [0.165, 0.8],
      [0.14, 0.88],
      [0.09, 0.95],
      [0, 1.0],
    ],
    0.06,
  );
  const knob = lathe(arc(0, 1.02, 0.045, -90, 90, 4));
  return merged([body, ...mitre, knob]);
}

/** A slender body under an open coronet of eight points and a ball. */
function queen(): BufferGeometry {
  const body = lathe([
    ...base(0.34),
    [0.17, 0.22],
    [0.11, 0.62],
    [0.2, 0.66],
    [0.2, 0.69],
    [0.12, 0.71],
    [0.25, 0.9],
    [0.2, 0.9],
    [0.1, 0.86],
    ...arc(0, 0.96, 0.075, -70, 90, 4),
  ]);
  const points = Array.from({ length: 8 }, (_, k) =>
    new ConeGeometry(0.045, 0.15, 6)
      .translate(0, 0.96, 0.22)
      .rotateY((k * Math.PI) / 4)
      .toNonIndexed(),
  );
  return merged([body, ...points]);
}

/** The tallest piece: a domed crown under a cross. */
function king(): BufferGeometry {
  const body = lathe([
    ...base(0.35),
    [0.18, 0.22],
    [0.12, 0.68],
    [0.22, 0.72],
    [0.22, 0.75],
    [0.13, 0.77],
    [0.21, 0.94],
    ...arc(0, 0.94, 0.21, 0, 90, 4).map(([x, y]) => [x, 0.94 + (y - 0.94) * 0.45]),
  ]);
  const upright = new BoxGeometry(0.08, 0.34, 0.08).translate(0, 1.18, 0).toNonIndexed();
  const bar = new BoxGeometry(0.26, 0.08, 0.08).translate(0, 1.24, 0).toNonIndexed();
  return merged([body, upright, bar]);
}

/** A horse's head in profile (ears, muzzle, mane), extruded. */
function knight(): BufferGeometry {
  const foot = lathe([...base(0.33), [0.2, 0.2], [0, 0.2]]);
  // Facing +x; extruded in z.
  const pts: [number, number][] = [
    [-0.25, 0.18],
    [0.22, 0.18],
    [0.16, 0.32],
    [0.05, 0.44],
    [0.18, 0.5],
    [0.33, 0.52],
    [0.37, 0.6],
    [0.32, 0.68],
    [0.14, 0.8],
    [0.08, 0.97],
    [0.0, 0.86],
    [-0.06, 0.94],
    [-0.1, 0.82],
    [-0.2, 0.74],
    [-0.27, 0.56],
    [-0.28, 0.36],
  ];
  const s = new Shape(pts.map(([x, y]) => new Vector2(x, y)));
  const head = new ExtrudeGeometry(s, {
    depth: 0.2,
    bevelEnabled: true,
    bevelThickness: 0.03,
    bevelSize: 0.025,
    bevelSegments: 1,
    curveSegments: 2,
  });
  head.translate(0, 0, -0.1);
  // Face the viewer's left (-x), as in a diagram: the profile reads from the usual cameras.
  head.rotateY(Math.PI);
  return merged([foot, head]);
}

/** Parts in one geometry (they must have the same attributes: `what` names them if not). */
export function mergedParts(parts: BufferGeometry[], what: string): BufferGeometry {
  const g = mergeGeometries(parts, false);
  if (!g) throw new Error(`${what} do not merge`);
  return g;
}

function merged(parts: BufferGeometry[]): BufferGeometry {
  for (const p of parts) {
    if (p.getAttribute('uv')) p.deleteAttribute('uv');
    p.clearGroups();
  }
  return mergedParts(parts, 'piece geometry parts');
}

/** Pieces stand taller than they are wide, so that crowns and heads read from above. */
const STRETCH = 1.3;

/**
 * A piece's finished shape: stretched, and indexed, so that a vertex the triangles around it
 * share is shaded once (about a fifth of the vertices of the triangle list the parts make).
 */
function finish(g: BufferGeometry): BufferGeometry {
  if (g.getAttribute('uv')) g.deleteAttribute('uv');
  g.scale(1, STRETCH, 1);
  const shared = mergeVertices(g);
  shared.computeBoundingSphere();
  return shared;
}

/** Piece shapes by role code (1 pawn … 6 king; index 0 unused), drawn by Pieces.tsx. */
export const PIECE_SHAPES: BufferGeometry[] = [
  new BufferGeometry(),
  finish(pawn()),
  finish(knight()),
  finish(bishop()),
  finish(rook()),
  finish(queen()),
  finish(king()),
];

/** Light and dark squares alike: their colours tell them apart (one draw call, boardCells.ts). */
export const SQUARE_MATERIAL = new MeshStandardMaterial({ roughness: 0.85, metalness: 0 });

/** A board's frame, each half in its own colour (boardCells.ts). */
export const FRAME_MATERIAL = new MeshStandardMaterial({ roughness: 0.6, metalness: 0.2 });

/** A marker: a flat disc just above a square. */
export const MARKER_GEOMETRY = new CircleGeometry(0.5, 24).rotateX(-Math.PI / 2);
export const MARKER_MATERIAL = new MeshBasicMaterial({
  transparent: true,
  opacity: 0.82,
  depthWrite: false,
  side: DoubleSide,
  // Flat marks: one pass draws both faces (three draws a transparent double-sided material in
  // two passes otherwise, switching its program each time).
  forceSinglePass: true,
});

/** The squares' colours (the palettes keep their distance from both: test/scene/palettes.test.ts). */
export const SQUARE_COLOURS = { light: '#c9ccd2', dark: '#5b6472' } as const;
export const LIGHT_SQUARE = new Color(SQUARE_COLOURS.light);
export const DARK_SQUARE = new Color(SQUARE_COLOURS.dark);
export const STONE = new Color('#8d8a84');
/** Check: a red that no army colour comes near in hue (test/scene/colours.test.ts). */
export const CHECK_COLOUR = '#ff2a2a';
export const CHECK_RED = new Color(CHECK_COLOUR);
export const LAST_MOVE = new Color('#e9c95a');
export const SELECTED = new Color('#58d3ff');
/** A queued premove's squares (issue #45 item 4), apart from the last move's and the selection's. */
export const PREMOVE = new Color('#b07cff');

/** Give an instanced mesh its colour buffer up front, so its shader is built with it. */
export function withColours(mesh: InstancedMesh | null): void {
  if (mesh && !mesh.instanceColor)
    mesh.instanceColor = new InstancedBufferAttribute(
      new Float32Array(mesh.instanceMatrix.count * 3).fill(1),
      3,
    );
}

/** The range of an attribute to upload at the next render, one reused object per attribute. */
const pending = new WeakMap<BufferAttribute, { start: number; count: number }>();

export function uploadRange(attr: BufferAttribute, start: number, count: number): void {
  let range = pending.get(attr);
  if (!range) pending.set(attr, (range = { start, count }));
  if (attr.updateRanges.length) {
    // Not uploaded yet since the last write: upload both.
    const end = Math.max(range.start + range.count, start + count);
    range.start = Math.min(range.start, start);
    range.count = end - range.start;
  } else {
    range.start = start;
    range.count = count;
    attr.updateRanges.push(range);
  }
  attr.needsUpdate = true;
}

/**
 * An instanced mesh draws its first `count` instances, of which those from `from` on were
 * rewritten: only those go to the GPU (not the whole capacity, nor anything when none changed).
 */
export function commitInstances(mesh: InstancedMesh, count: number, from = 0): void {
  mesh.count = count;
  // An empty mesh would still cost the renderer its whole setup (program, uniforms) each frame.
  mesh.visible = count > 0;
  if (count <= from) return;
  uploadRange(mesh.instanceMatrix, from * 16, (count - from) * 16);
  if (mesh.instanceColor) uploadRange(mesh.instanceColor, from * 3, (count - from) * 3);
}

/** One segment of a crack across a doomed board (Dimensional Collapse, R9.2). */
export const CRACK_GEOMETRY = new BoxGeometry(1, 0.05, 0.09);
export const CRACK_MATERIAL = new MeshBasicMaterial({ toneMapped: false });
export const EMBER = new Color('#ff7a2e');
/** Where a doomed board's squares drift (a dusky red) and the background boards fade into. */
export const DOOM = new Color('#7a2a1e');
export const BACKGROUND = new Color('#07090e');
/** How far a board dimmed behind the front grid ("my boards") fades towards the background. */
export const DIM = 0.72;

export interface CrackSegment {
  /** Board-local centre, angle about the board's up axis, length. */
  x: number;
  z: number;
  angle: number;
  length: number;
}

/**
 * The crack pattern of board b: three jagged cracks running out from a point near the middle,
 * listed in the order they grow (round robin), so a prefix of the list is a smaller crack.
 */
export function crackPattern(b: number): CrackSegment[] {
  let s = (b + 1) * 2654435761;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  const ox = (rnd() - 0.5) * 2.4;
  const oz = (rnd() - 0.5) * 2.4;
  const arms: CrackSegment[][] = [];
  const base = rnd() * Math.PI * 2;
  for (let a = 0; a < 3; a++) {
    const arm: CrackSegment[] = [];
    let x = ox;
    let z = oz;
    let dir = base + (a * Math.PI * 2) / 3 + (rnd() - 0.5) * 0.8;
    for (let k = 0; k < 6; k++) {
      const length = 0.7 + rnd() * 0.9;
      const nx = Math.max(-4.3, Math.min(4.3, x + Math.cos(dir) * length));
      const nz = Math.max(-4.3, Math.min(4.3, z + Math.sin(dir) * length));
      const len = Math.hypot(nx - x, nz - z);
      if (len < 0.15) break;
      arm.push({
        x: (x + nx) / 2,
        z: (z + nz) / 2,
        angle: -Math.atan2(nz - z, nx - x),
        length: len,
      });
      x = nx;
      z = nz;
      dir += (rnd() - 0.5) * 1.1;
    }
    arms.push(arm);
  }
  const out: CrackSegment[] = [];
  for (let k = 0; k < 6; k++) for (const arm of arms) if (arm[k]) out.push(arm[k]);
  return out;
}
