/**
 * The camera controls skip their per-frame update at rest (src/scene/input/restingControls.ts) and
 * otherwise behave as camera-controls does: a transition still runs to its end.
 */
import { CameraControlsImpl } from '@react-three/drei';
import * as THREE from 'three';
import { beforeAll, expect, test } from 'vitest';
import { RestingControls } from '../../src/scene/input/restingControls';

beforeAll(() => {
  CameraControlsImpl.install({ THREE });
  // The controls keep their element's rectangle; the unit suite runs in Node, with no DOM.
  globalThis.DOMRect ??= class {
    constructor(
      public x = 0,
      public y = 0,
      public width = 0,
      public height = 0,
    ) {}
  } as unknown as typeof DOMRect;
});

/** Frames of 1/60 s until update reports no change (at most `max`); how many it took. */
function settle(controls: RestingControls, max = 600): number {
  for (let i = 1; i <= max; i++) if (!controls.update(1 / 60)) return i;
  return Infinity;
}

function setUp() {
  const camera = new THREE.PerspectiveCamera(45, 4 / 3, 0.5, 2500);
  camera.position.set(0, 30, 40);
  const controls = new RestingControls(camera);
  void controls.setLookAt(0, 30, 40, 0, 0, 0, false);
  settle(controls);
  return { camera, controls };
}

test('at rest an update changes nothing and reports no change', () => {
  const { camera, controls } = setUp();
  expect(controls.atRest()).toBe(true);
  const before = camera.matrixWorld.clone();
  const position = camera.position.clone();
  expect(controls.update(1 / 60)).toBe(false);
  camera.updateMatrixWorld();
  expect(camera.position.equals(position)).toBe(true);
  expect(camera.matrixWorld.equals(before)).toBe(true);
});

test('a smooth transition still glides to its goal, then the controls rest again', () => {
  const { camera, controls } = setUp();
  void controls.setLookAt(20, 10, 20, 0, 0, 0, true);
  expect(controls.atRest()).toBe(false);
  expect(controls.update(1 / 60)).toBe(true);
  const frames = settle(controls);
  expect(frames).toBeGreaterThan(5);
  expect(frames).toBeLessThan(600);
  expect(camera.position.distanceTo(new THREE.Vector3(20, 10, 20))).toBeLessThan(1e-3);
  expect(controls.atRest()).toBe(true);
});

test('an instant move (no transition) is applied on the next frame', () => {
  const { camera, controls } = setUp();
  void controls.rotate(0.5, 0, false);
  expect(controls.atRest()).toBe(false);
  controls.update(1 / 60);
  expect(camera.position.distanceTo(new THREE.Vector3(0, 30, 40))).toBeGreaterThan(1);
});

test('a zoom of the camera made elsewhere is taken back to the controls’ own', () => {
  const { camera, controls } = setUp();
  camera.zoom = 2;
  expect(controls.atRest()).toBe(false);
  controls.update(1 / 60);
  expect(camera.zoom).toBe(1);
});
