/** From board squares to world space and screen space (pure helpers over a layout). */
import { Matrix4, Quaternion, QuadraticBezierCurve3, Vector3, type Camera } from 'three';
import { BOARD_TILT, type Layout } from './layout';

/** The orientation every board shares. */
export const BOARD_QUATERNION = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), BOARD_TILT);
export const BOARD_UP = new Vector3(0, 1, 0).applyQuaternion(BOARD_QUATERNION);

/** Board-local position of square sq (0x88) at height h above the surface. */
export function localSquare(sq: number, h = 0, out = new Vector3()): Vector3 {
  return out.set((sq & 7) - 3.5, h, 3.5 - (sq >> 4));
}

const X = new Vector3(1, 0, 0);
const Z = new Vector3(0, 0, 1);
const tiltQ = new Quaternion();

/**
 * The orientation of board b: the shared one, plus the tilt of a board falling away, plus half
 * a turn for a board shown from its North seat (unless `unturned`: the board as laid out).
 */
export function boardQuaternion(
  layout: Layout,
  b: number,
  out = new Quaternion(),
  unturned = false,
): Quaternion {
  out.copy(BOARD_QUATERNION);
  const tilt = layout.boards[b].tilt ?? 0;
  if (tilt) {
    out.multiply(tiltQ.setFromAxisAngle(X, tilt));
    out.multiply(tiltQ.setFromAxisAngle(Z, tilt * 0.45));
  }
  if (layout.boards[b].turned && !unturned) out.multiply(HALF_TURN);
  return out;
}
const HALF_TURN = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), Math.PI);

/** World position of board-local point p on board b (`unturned`: see boardQuaternion). */
export function boardPoint(
  layout: Layout,
  b: number,
  p: Vector3,
  out = new Vector3(),
  unturned = false,
): Vector3 {
  const board = layout.boards[b];
  const at = board.position;
  if (board.tilt || board.turned)
    out.copy(p).applyQuaternion(boardQuaternion(layout, b, tmpQ2, unturned));
  else out.copy(p).applyQuaternion(BOARD_QUATERNION);
  return out.set(out.x + at[0], out.y + at[1], out.z + at[2]);
}
const tmpQ2 = new Quaternion();

/** World position of square sq of board b, h above the surface. */
export function squareWorld(layout: Layout, b: number, sq: number, h = 0, out = new Vector3()) {
  return boardPoint(layout, b, localSquare(sq, h, tmpL), out);
}
const tmpL = new Vector3();

export function boardCenter(layout: Layout, b: number, out = new Vector3()): Vector3 {
  return out.fromArray(layout.boards[b].position);
}

/** World matrix of something standing on board b at board-local point p, turned by yaw. */
export function boardMatrix(
  layout: Layout,
  b: number,
  local: Vector3,
  yaw: number,
  scale: number,
  out: Matrix4,
): Matrix4 {
  const q = tmpQ.setFromAxisAngle(Y, yaw).premultiply(boardQuaternion(layout, b, tmpQ3));
  const p = boardPoint(layout, b, local, tmpV);
  return out.compose(p, q, tmpS.set(scale, scale, scale));
}

const Y = new Vector3(0, 1, 0);
const tmpQ = new Quaternion();
const tmpV = new Vector3();
const tmpS = new Vector3();
const tmpQ3 = new Quaternion();

/** Half the width of a board with its frame. */
export const RIM = 4.5;
/** How far below the squares an edge meets a board's rim (the middle of the frame). */
export const RIM_DEPTH = -0.18;

/** The point of board a's rim that faces board b (world space). */
export function rimPoint(layout: Layout, a: number, b: number, out = new Vector3()): Vector3 {
  const pa = boardCenter(layout, a, tmpA);
  const pb = boardCenter(layout, b, tmpB);
  // The direction to b, in a's board-local frame, flattened onto the board.
  const q = boardQuaternion(layout, a, tmpQ4);
  const d = tmpD.subVectors(pb, pa).applyQuaternion(q.invert());
  d.y = 0;
  const k = Math.max(Math.abs(d.x), Math.abs(d.z));
  if (k < 1e-9) d.set(0, 0, RIM);
  else d.multiplyScalar(RIM / k);
  d.y = RIM_DEPTH;
  return boardPoint(layout, a, d, out);
}
const tmpA = new Vector3();
const tmpB = new Vector3();
const tmpD = new Vector3();
const tmpQ4 = new Quaternion();

/**
 * The edge joining boards a and b: from the rim of a that faces b to the rim of b that faces a,
 * sagging a little below the straight line so that it passes under the boards in between. The
 * same curve, reversed, joins b to a; board-shifting pieces fly along it.
 */
export function edgeCurve(
  layout: Layout,
  a: number,
  b: number,
  out = new QuadraticBezierCurve3(),
): QuadraticBezierCurve3 {
  const pa = rimPoint(layout, a, b, out.v0);
  const pb = rimPoint(layout, b, a, out.v2);
  const mid = out.v1.addVectors(pa, pb).multiplyScalar(0.5);
  mid.y -= pa.distanceTo(pb) * 0.14;
  return out;
}

/** CSS pixel position of a world point on a canvas rect, or null when behind the camera or off it. */
export function toScreen(
  p: Vector3,
  camera: Camera,
  rect: { left: number; top: number; width: number; height: number },
  clip = true,
): { x: number; y: number } | null {
  const v = tmpP.copy(p).project(camera);
  if (v.z > 1 || v.z < -1) return null;
  const x = rect.left + ((v.x + 1) / 2) * rect.width;
  const y = rect.top + ((1 - v.y) / 2) * rect.height;
  if (
    clip &&
    (x < rect.left || y < rect.top || x > rect.left + rect.width || y > rect.top + rect.height)
  )
    return null;
  return { x, y };
}
const tmpP = new Vector3();
