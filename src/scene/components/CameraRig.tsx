/**
 * Orbit, zoom and pan (camera-controls via drei) within limits, and the smooth transitions of
 * "frame all", "focus board" and "my boards". A transition is interruptible: grabbing the view
 * takes over from wherever the glide has reached, and a new request starts from there.
 */
import { CameraControls } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { PerspectiveCamera } from 'three';
import type { CameraRequest } from '../../store/store';
import { reducedMotion, timeScale } from '../fx';
import {
  defaultCamera,
  frameBoardsCamera,
  frontCamera,
  type Layout,
  type Vec3,
} from '../layout/layout';
import { boardCenter } from '../layout/world';
import { coveredShares, SCENE_OVERLAYS } from '../layout/clearView';
import { useCommitCount } from '../commits';
import { RestingControls } from '../input/restingControls';

/** Elevation of the camera over a focused board (radians): low enough to see the pieces' shapes. */
const FOCUS_ELEVATION = (42 * Math.PI) / 180;

/** Never nearer to what the camera looks at than this (world units; a board is 9 wide). */
export const MIN_DISTANCE = 7;
/** Never farther than this many times the distance that frames every board. */
const MAX_FACTOR = 2.5;

/**
 * Where the camera goes for a request: every live board, one, a few, or the front grid. `clear`:
 * the shares of the view's height that overlays cover at its top and bottom, kept clear when
 * boards are framed together.
 */
export function cameraFor(
  layout: Layout,
  request: CameraRequest,
  aspect: number,
  fov: number,
  clear: { top: number; bottom: number } = { top: 0, bottom: 0 },
): { position: Vec3; target: Vec3 } {
  const { top, bottom } = clear;
  const live = layout.boards.flatMap((b, i) => (b.live ? [i] : []));
  // The boards asked for that are in play; none (they collapsed): every board, as below.
  const asked = request.board === null ? request.boards?.filter((b) => live.includes(b)) : [];
  const boards = asked?.length ? asked : null;
  // Exactly the boards of the front grid (the viewer's): the front grid's own view.
  const front = layout.front?.boards;
  if (front && boards && boards.length === front.length && boards.every((b) => front.includes(b)))
    return frontCamera(layout.front!, aspect, fov);
  if (boards) return frameBoardsCamera(layout, boards, aspect, fov, undefined, top, bottom);
  const b = request.board;
  if (b === null || b >= layout.boards.length || !layout.boards[b].live) {
    if (layout.front) return frontCamera(layout.front, aspect, fov);
    // Every board, clear of the overlays (none: the default view).
    return top || bottom
      ? frameBoardsCamera(layout, live, aspect, fov, 1, top, bottom)
      : defaultCamera(layout, aspect, fov);
  }
  // One board, seen from its near (South, or turned: the viewer's) side, filling the view.
  const centre = boardCenter(layout, b);
  const v = (fov * Math.PI) / 180;
  const h = 2 * Math.atan(Math.tan(v / 2) * aspect);
  const dist = 6.6 / Math.sin(Math.min(v, h) / 2);
  const [x, y, z] = centre.toArray();
  return {
    position: [x, y + dist * Math.sin(FOCUS_ELEVATION), z + dist * Math.cos(FOCUS_ELEVATION)],
    target: [x, y, z],
  };
}

/**
 * The shares of the view's height the overlays cover at its top and bottom, beyond the
 * margin every framing keeps anyway (a twentieth of the height at each edge).
 */
function overlaysCover(): { top: number; bottom: number } {
  const { top, bottom } = coveredShares(SCENE_OVERLAYS.top, SCENE_OVERLAYS.bottom);
  return { top: Math.max(0, top - 0.05), bottom: Math.max(0, bottom - 0.05) };
}

export function CameraRig({ layout, request }: { layout: Layout; request: CameraRequest }) {
  useCommitCount('CameraRig');
  const ref = useRef<CameraControls>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const first = useRef(true);
  const last = useRef({ request: request.id, base: layout.base ?? layout, front: layout.front });

  // Whether the player has turned, zoomed or panned the view since the camera was last placed.
  const handled = useRef(false);
  /** Place the camera for the latest request, layout and size, clear of the overlays. */
  const frame = useRef<(smooth: boolean) => void>(() => {});
  useLayoutEffect(() => {
    frame.current = (smooth: boolean) => {
      const controls = ref.current;
      if (!controls || !(camera instanceof PerspectiveCamera)) return;
      handled.current = false;
      const aspect = size.width / Math.max(1, size.height);
      const clear = overlaysCover();
      cleared.current = clear;
      const { position: p, target: t } = cameraFor(layout, request, aspect, camera.fov, clear);
      void controls.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], smooth);
    };
  });
  useEffect(() => {
    const controls = ref.current;
    if (!controls) return;
    const grabbed = () => {
      handled.current = true;
    };
    controls.addEventListener('controlstart', grabbed);
    return () => controls.removeEventListener('controlstart', grabbed);
  }, []);
  // An overlay came or went (the coach, a notice): a view of every board that the player has not
  // changed since it was placed is placed again, clear of what covers the scene now. The overlays are siblings of
  // the scene's element, so watching that element's parent's children is enough.
  const cleared = useRef({ top: 0, bottom: 0 });
  const framesAll = useRef(true);
  useEffect(() => {
    framesAll.current = request.board === null && !request.boards?.length;
  }, [request]);
  useEffect(() => {
    const page = document.querySelector('.scene')?.parentElement;
    if (!page) return;
    const watch = new MutationObserver(() => {
      if (first.current || handled.current || !framesAll.current) return;
      const now = overlaysCover();
      const was = cleared.current;
      if (Math.abs(now.top - was.top) > 0.005 || Math.abs(now.bottom - was.bottom) > 0.005)
        frame.current(!reducedMotion());
    });
    watch.observe(page, { childList: true });
    return () => watch.disconnect();
  }, []);
  // The view resized (the page laid out, a tablet turned): a view the player has not changed
  // since it was placed is placed again for the new size.
  const sized = useRef(size);
  useEffect(() => {
    const was = sized.current;
    sized.current = size;
    if (first.current || handled.current) return;
    if (was.width === size.width && was.height === size.height) return;
    frame.current(false);
  }, [size]);

  useEffect(() => {
    const controls = ref.current;
    if (!controls || !(camera instanceof PerspectiveCamera)) return;
    const base = layout.base ?? layout;
    const before = last.current;
    last.current = { request: request.id, base, front: layout.front };
    const reduced = reducedMotion();
    const smooth = !first.current && !reduced;
    const isNew = first.current || request.id !== before.request;
    first.current = false;
    // Same request and same boards in play, only turned boards or the same front: stay put.
    if (!isNew && base === before.base && layout.front === before.front) return;
    // A new layout of the graph without a new request (boards collapsed): re-frame once the
    // graph settles. A new front grid (another viewer, "my boards" switched): at once.
    const delay = !isNew && base !== before.base && !reduced ? 1100 * timeScale() : 0;
    // Faster glides when the demo plays faster (timeScale() < 1).
    controls.smoothTime = 0.35 * Math.min(1, timeScale());
    const move = () => frame.current(smooth);
    if (!delay) {
      move();
      return;
    }
    const timer = setTimeout(move, delay);
    return () => clearTimeout(timer);
    // Only a new request (or a new layout) moves the camera here; a resize, above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.id, layout]);

  const aspect = size.width / Math.max(1, size.height);
  const all = defaultCamera(layout.base ?? layout, aspect, 45);
  const far = Math.hypot(...all.position.map((x, k) => x - all.target[k]));

  return (
    <CameraControls
      ref={ref}
      impl={RestingControls}
      makeDefault
      minDistance={MIN_DISTANCE}
      maxDistance={far * MAX_FACTOR}
      maxPolarAngle={Math.PI * 0.62}
      smoothTime={0.35}
      draggingSmoothTime={0.08}
    />
  );
}
