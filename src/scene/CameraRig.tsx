/** Orbit, zoom and pan (camera-controls via drei), "frame all" and "focus board" transitions. */
import { CameraControls } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { PerspectiveCamera } from 'three';
import type { CameraRequest } from '../store/store';
import { reducedMotion, timeScale } from './fx';
import { defaultCamera, frameBoardsCamera, type Layout } from './layout';
import { BOARD_UP, boardCenter } from './world';

/** Move the camera to frame every live board, the requested one, or the requested few. */
function frameView(
  controls: CameraControls,
  camera: PerspectiveCamera,
  layout: Layout,
  request: CameraRequest,
  size: { width: number; height: number },
  smooth: boolean,
) {
  const aspect = size.width / Math.max(1, size.height);
  if (request.board === null && request.boards?.length) {
    const { position: p, target: t } = frameBoardsCamera(
      layout,
      request.boards,
      aspect,
      camera.fov,
      undefined,
      request.top,
    );
    void controls.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], smooth);
  } else if (
    request.board === null ||
    request.board >= layout.boards.length ||
    !layout.boards[request.board].live
  ) {
    const { position: p, target: t } = defaultCamera(layout, aspect, camera.fov);
    void controls.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], smooth);
  } else {
    const centre = boardCenter(layout, request.board);
    const v = (camera.fov * Math.PI) / 180;
    const h = 2 * Math.atan(Math.tan(v / 2) * aspect);
    const dist = 7.2 / Math.sin(Math.min(v, h) / 2);
    const eye = centre.clone().addScaledVector(BOARD_UP, dist * 0.93);
    eye.z += dist * 0.3;
    void controls.setLookAt(eye.x, eye.y, eye.z, centre.x, centre.y, centre.z, smooth);
  }
}

export function CameraRig({ layout, request }: { layout: Layout; request: CameraRequest }) {
  const ref = useRef<CameraControls>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const first = useRef(true);
  const lastRequest = useRef(request.id);

  useEffect(() => {
    const controls = ref.current;
    if (!controls || !(camera instanceof PerspectiveCamera)) return;
    const reduced = reducedMotion();
    const smooth = !first.current && !reduced;
    // A new layout without a new request (boards collapsed): re-frame once the graph settles.
    const delay =
      !first.current && request.id === lastRequest.current && !reduced ? 1100 * timeScale() : 0;
    first.current = false;
    lastRequest.current = request.id;
    // Faster glides when the demo plays faster (timeScale() < 1).
    controls.smoothTime = 0.35 * Math.min(1, timeScale());
    const move = () => {
      if (camera instanceof PerspectiveCamera)
        frameView(controls, camera, layout, request, size, smooth);
    };
    if (!delay) {
      move();
      return;
    }
    const timer = setTimeout(move, delay);
    return () => clearTimeout(timer);
    // Only a new request (or a new layout) moves the camera, not a resize.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.id, layout]);

  return (
    <CameraControls
      ref={ref}
      makeDefault
      minDistance={4}
      maxDistance={layout.radius * 6}
      maxPolarAngle={Math.PI * 0.62}
      smoothTime={0.35}
      draggingSmoothTime={0.08}
    />
  );
}
