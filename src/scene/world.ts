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

/** World position of square sq of board b, h above the surface. */
export function squareWorld(layout: Layout, b: number, sq: number, h = 0, out = new Vector3()) {
  localSquare(sq, h, out).applyQuaternion(BOARD_QUATERNION);
  const [x, y, z] = layout.boards[b].position;
  return out.set(out.x + x, out.y + y, out.z + z);
}

export function boardCenter(layout: Layout, b: number, out = new Vector3()): Vector3 {
  const [x, y, z] = layout.boards[b].position;
  return out.set(x, y, z);
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
  const q = tmpQ.setFromAxisAngle(Y, yaw).premultiply(BOARD_QUATERNION);
  const p = tmpV.copy(local).applyQuaternion(BOARD_QUATERNION);
  const [x, y, z] = layout.boards[b].position;
  p.set(p.x + x, p.y + y, p.z + z);
  return out.compose(p, q, tmpS.set(scale, scale, scale));
}

const Y = new Vector3(0, 1, 0);
const tmpQ = new Quaternion();
const tmpV = new Vector3();
const tmpS = new Vector3();

/** The edge joining boards a and b: a curve hanging below the two board centres. */
export function edgeCurve(layout: Layout, a: number, b: number): QuadraticBezierCurve3 {
  const pa = boardCenter(layout, a).addScaledVector(BOARD_UP, -0.45);
  const pb = boardCenter(layout, b).addScaledVector(BOARD_UP, -0.45);
  const mid = pa.clone().add(pb).multiplyScalar(0.5);
  mid.y -= pa.distanceTo(pb) * 0.16;
  return new QuadraticBezierCurve3(pa, mid, pb);
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
