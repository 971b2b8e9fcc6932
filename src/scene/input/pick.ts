/**
 * Picking: the square the player sees under the pointer. The pointer's ray meets the boards'
 * planes and the pieces standing on them; the nearest thing it meets in front of the camera is
 * what was pointed at (a board in front hides the boards behind it, a piece the empty squares
 * behind it; lines, arcs and markers drawn over the boards are never picked). Within a tolerance a
 * selected piece's destinations on that board win, so small targets on a tablet still get a
 * 44 px touch area; a pointer on no board takes the nearest square within the tolerance.
 */
import { Quaternion, Ray, Vector3 } from 'three';
import { roleOf, squareKey, type Position } from '../../core';
import { canvasRect, type SceneHandle } from '../handle';
import { PIECE_SHAPES } from '../gpu/geometries';
import type { Layout } from '../layout/layout';
import { RIM, boardPoint, boardQuaternion, squareWorld, toScreen } from '../layout/world';

export interface Pick {
  board: number;
  square: number;
  /** On-screen size of one square of the board (CSS px). */
  cell: number;
}

const v = new Vector3();
const ray = new Ray();
const local = new Ray();
const q = new Quaternion();
const at = new Vector3();

/**
 * The body of each piece that takes the pointer (board units, by role code): four fifths of its
 * shape's height (its narrow crown or cross above that is not), within PIECE_RADIUS of its axis.
 */
const PIECE_HEIGHTS = PIECE_SHAPES.map((g) => {
  if (!g.getAttribute('position')) return 0;
  g.computeBoundingBox();
  return 0.8 * g.boundingBox!.max.y;
});
const PIECE_RADIUS = 0.3;

/** The pointer's ray in world space, or null without a camera. */
function pointerRay(handle: SceneHandle, x: number, y: number): Ray | null {
  const { camera } = handle;
  const rect = canvasRect(handle);
  if (!camera || !rect?.width || !rect.height) return null;
  camera.updateMatrixWorld();
  const nx = ((x - rect.left) / rect.width) * 2 - 1;
  const ny = 1 - ((y - rect.top) / rect.height) * 2;
  ray.origin.setFromMatrixPosition(camera.matrixWorld);
  ray.direction.set(nx, ny, 0.5).unproject(camera).sub(ray.origin).normalize();
  return ray;
}

/**
 * What the ray meets first on board b: a square (or -1: the frame), or the piece on a square,
 * and how far along.
 */
function meetBoard(
  layout: Layout,
  pos: Position,
  b: number,
  world: Ray,
): { square: number; t: number } | null {
  // The ray in the board's own frame: the squares at y = 0, x and z from -4 to 4.
  boardQuaternion(layout, b, q).invert();
  local.origin.copy(world.origin).sub(at.fromArray(layout.boards[b].position)).applyQuaternion(q);
  local.direction.copy(world.direction).applyQuaternion(q);
  const o = local.origin;
  const d = local.direction;
  let floor: { square: number; t: number } | null = null;
  if (Math.abs(d.y) > 1e-9) {
    const t = -o.y / d.y;
    const x = o.x + t * d.x;
    const z = o.z + t * d.z;
    if (t > 0 && Math.abs(x) <= RIM && Math.abs(z) <= RIM) {
      const inside = Math.abs(x) < 4 && Math.abs(z) < 4;
      floor = { square: inside ? (Math.floor(4 - z) << 4) | Math.floor(x + 4) : -1, t };
    }
  }
  let best = floor;
  // A piece standing in the way: the ray passes within its radius somewhere up its height.
  const flat = d.x * d.x + d.z * d.z;
  for (let sq = 0; sq < 0x78 && flat > 1e-12; sq++) {
    if (sq & 0x88) continue;
    const piece = pos.pieceAt(b, sq);
    if (!piece) continue;
    const cx = (sq & 7) - 3.5;
    const cz = 3.5 - (sq >> 4);
    // The stretch of the ray within the piece's height, then its nearest point to the axis.
    const h = PIECE_HEIGHTS[roleOf(piece)];
    let t0 = 0;
    let t1 = Infinity;
    if (Math.abs(d.y) > 1e-9) {
      const a = -o.y / d.y;
      const c = (h - o.y) / d.y;
      t0 = Math.max(0, Math.min(a, c));
      t1 = Math.max(a, c);
    } else if (o.y < 0 || o.y > h) continue;
    if (t1 < t0) continue;
    const t = Math.min(t1, Math.max(t0, ((cx - o.x) * d.x + (cz - o.z) * d.z) / flat));
    const dx = o.x + t * d.x - cx;
    const dz = o.z + t * d.z - cz;
    if (dx * dx + dz * dz <= PIECE_RADIUS * PIECE_RADIUS && (!best || t < best.t))
      best = { square: sq, t };
  }
  // An occupied square under the pointer is its own, though a piece of its board in front leans
  // over it (aimed at, its piece shows behind): only over an empty square or the frame does a
  // leaning piece take the pointer.
  if (best && floor && floor.square >= 0 && pos.pieceAt(b, floor.square))
    return { square: floor.square, t: best.t };
  return best;
}

/** On-screen size of one square of board b (CSS px), from two neighbouring centres. */
function cellOf(handle: SceneHandle, b: number): number {
  const { camera, layout } = handle;
  const rect = canvasRect(handle);
  const c0 = toScreen(squareWorld(layout!, b, 0x33, 0, v), camera!, rect!, false);
  const c1 = toScreen(squareWorld(layout!, b, 0x44, 0, v), camera!, rect!, false);
  return c0 && c1 ? Math.hypot(c1.x - c0.x, c1.y - c0.y) / Math.SQRT2 : 0;
}

/**
 * The square of board `b` (all boards: -1) whose centre on screen is nearest (x, y) within
 * `within` px, a square in `prefer` winning; null if none.
 */
function nearestSquare(
  handle: SceneHandle,
  pos: Position,
  x: number,
  y: number,
  b: number,
  within: number,
  prefer?: Set<number>,
): Pick | null {
  const { camera, layout } = handle;
  const rect = canvasRect(handle)!;
  let best: { board: number; square: number; d: number; preferred: boolean } | null = null;
  for (let board = 0; board < layout!.boards.length; board++) {
    if ((b >= 0 && board !== b) || !pos.isLive(board)) continue;
    for (let sq = 0; sq < 0x78; sq++) {
      if (sq & 0x88) continue;
      const s = toScreen(squareWorld(layout!, board, sq, 0, v), camera!, rect, false);
      if (!s) continue;
      const d = Math.hypot(s.x - x, s.y - y);
      const preferred = !!prefer?.has(squareKey(board, sq));
      if (d > within) continue;
      if (!best || (preferred && !best.preferred) || (preferred === best.preferred && d < best.d))
        best = { board, square: sq, d, preferred };
    }
  }
  return best ? { board: best.board, square: best.square, cell: cellOf(handle, best.board) } : null;
}

/**
 * The square the player sees at (x, y): the nearest board or piece the pointer's ray meets, or
 * within `tolerance` px a square of `prefer` on that board (off every board: the nearest square
 * within the tolerance, those of `prefer` first).
 */
export function pickSquare(
  handle: SceneHandle,
  x: number,
  y: number,
  pos: Position,
  opts: { tolerance: number; prefer?: Set<number> },
): Pick | null {
  const { camera, layout } = handle;
  const world = pointerRay(handle, x, y);
  if (!camera || !layout || !world) return null;
  let hit: { board: number; square: number; t: number } | null = null;
  for (let b = 0; b < layout.boards.length; b++) {
    if (!pos.isLive(b)) continue;
    const met = meetBoard(layout, pos, b, world);
    if (met && (!hit || met.t < hit.t)) hit = { board: b, ...met };
  }
  if (!hit) return nearestSquare(handle, pos, x, y, -1, opts.tolerance, opts.prefer);
  if (opts.prefer?.size) {
    const target = nearestSquare(handle, pos, x, y, hit.board, opts.tolerance, opts.prefer);
    if (target && opts.prefer.has(squareKey(target.board, target.square))) return target;
  }
  // On the board's frame: its nearest square within the tolerance.
  if (hit.square < 0) return nearestSquare(handle, pos, x, y, hit.board, opts.tolerance);
  return { board: hit.board, square: hit.square, cell: cellOf(handle, hit.board) };
}

/** CSS-pixel centre of a square on screen, or null if off screen. */
export function screenOfSquare(
  handle: SceneHandle,
  board: number,
  square: number,
): { x: number; y: number } | null {
  const { camera, layout } = handle;
  const rect = canvasRect(handle);
  if (!camera || !layout || !rect || board < 0 || board >= layout.boards.length) return null;
  camera.updateMatrixWorld();
  return toScreen(squareWorld(layout, board, square, 0, v), camera, rect);
}

/** The screen box (CSS px, not clipped to the view) of board b's squares, or null. */
export function boardScreenBox(
  handle: SceneHandle,
  board: number,
): { left: number; top: number; right: number; bottom: number } | null {
  const { camera, layout } = handle;
  const rect = canvasRect(handle);
  if (!camera || !layout || !rect || board < 0 || board >= layout.boards.length) return null;
  camera.updateMatrixWorld();
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const [x, z] of [
    [-4, -4],
    [4, -4],
    [-4, 4],
    [4, 4],
  ]) {
    const s = toScreen(boardPoint(layout, board, v.set(x, 0, z), v), camera, rect, false);
    if (!s) return null;
    box.left = Math.min(box.left, s.x);
    box.right = Math.max(box.right, s.x);
    box.top = Math.min(box.top, s.y);
    box.bottom = Math.max(box.bottom, s.y);
  }
  return box;
}
