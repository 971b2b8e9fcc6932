/**
 * What the DOM side needs to know about the live scene (for picking, the test seam and the
 * performance figures), kept in one module-level object: never React state, never per frame.
 */
import type { Camera, WebGLRenderer } from 'three';
import type { Layout } from './layout';
import type { Stage } from './stage';

export interface SceneHandle {
  camera: Camera | null;
  gl: WebGLRenderer | null;
  /** Where the boards are drawn now (the stage's current layout). */
  layout: Layout | null;
  stage: Stage | null;
  /** Frames rendered since the page loaded. */
  frames: number;
  /** Draw calls and triangles of the last frame rendered. */
  calls: number;
  triangles: number;
  invalidate: (() => void) | null;
}

export const sceneHandle: SceneHandle = {
  camera: null,
  gl: null,
  layout: null,
  stage: null,
  frames: 0,
  calls: 0,
  triangles: 0,
  invalidate: null,
};

export function canvasRect(): DOMRect | null {
  return sceneHandle.gl?.domElement.getBoundingClientRect() ?? null;
}
