/**
 * Picking by screen distance: a tap or click goes to the nearest square (or the piece standing
 * on it) within a tolerance, so small targets on a tablet still get a 44 px touch area; a
 * selected piece's destinations win over other squares.
 */
import { Vector3 } from 'three';
import { squareKey, type Position } from '../../core';
import { canvasRect, type SceneHandle } from '../handle';
import { boardPoint, squareWorld, toScreen } from '../layout/world';

export interface Pick {
  board: number;
  square: number;
  /** Screen distance from the pointer (CSS px). */
  distance: number;
  /** On-screen size of one square of the board (CSS px). */
  cell: number;
}

const v = new Vector3();

/** Every square's on-screen centre (and that of the piece on it), nearest first. */
export function pickSquare(
  handle: SceneHandle,
  x: number,
  y: number,
  pos: Position,
  opts: { tolerance: number; prefer?: Set<number> },
): Pick | null {
  const { camera, layout } = handle;
  const rect = canvasRect(handle);
  if (!camera || !layout || !rect) return null;
  let best: Pick | null = null;
  let bestPreferred: Pick | null = null;
  for (let b = 0; b < layout.boards.length; b++) {
    if (!pos.isLive(b)) continue;
    // The on-screen size of one square on this board, from two neighbouring centres.
    const c0 = toScreen(squareWorld(layout, b, 0x33, 0, v), camera, rect, false);
    const c1 = toScreen(squareWorld(layout, b, 0x44, 0, v), camera, rect, false);
    if (!c0 || !c1) continue;
    const cell = Math.hypot(c1.x - c0.x, c1.y - c0.y) / Math.SQRT2;
    for (let sq = 0; sq < 0x78; sq++) {
      if (sq & 0x88) continue;
      const s = toScreen(squareWorld(layout, b, sq, 0, v), camera, rect, false);
      if (!s) continue;
      let d = Math.hypot(s.x - x, s.y - y);
      if (pos.pieceAt(b, sq)) {
        const top = toScreen(squareWorld(layout, b, sq, 0.5, v), camera, rect, false);
        if (top) d = Math.min(d, Math.hypot(top.x - x, top.y - y));
      }
      const reach = Math.max(cell * 0.72, 0);
      const key = squareKey(b, sq);
      if (opts.prefer?.has(key) && d <= Math.max(reach, opts.tolerance)) {
        if (!bestPreferred || d < bestPreferred.distance)
          bestPreferred = { board: b, square: sq, distance: d, cell };
      }
      if (d <= Math.max(reach, opts.tolerance) && (!best || d < best.distance))
        best = { board: b, square: sq, distance: d, cell };
    }
  }
  return bestPreferred ?? best;
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
