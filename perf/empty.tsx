/**
 * The reference of `npm run perf`'s frame cost: an empty react-three-fiber scene, the same
 * Canvas settings as the game's, rendering every frame; window.__frames counts them.
 *
 * With `?draws=N` it is the floor of a scene that draws N things instead: N instanced meshes of
 * a lit material (one light), each with one instance rewritten every frame (as a moving piece
 * is), and no other work. What three.js and the browser cost for the draws alone.
 *
 * With `?fps=F` it draws F frames a second instead of every display frame: the same work costs
 * the main thread more a frame when frames are sparse (measured here: an empty frame about a
 * third more at 4 frames a second than at 60), and under the software renderer the game draws
 * only 2–25 frames a second, so its frames are compared with the empty scene's at its own rate.
 */
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BoxGeometry, InstancedMesh, Matrix4, MeshStandardMaterial } from 'three';

declare global {
  interface Window {
    __frames: number;
  }
}
window.__frames = 0;

const query = new URLSearchParams(location.search);
const DRAWS = Number(query.get('draws') ?? 0);
const FPS = Number(query.get('fps') ?? 0);
const INSTANCES = 32;

function Counter() {
  useFrame(() => {
    window.__frames++;
  });
  return null;
}

/** Asks for a frame FPS times a second (the canvas draws on demand). */
function Pacer() {
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    const timer = setInterval(() => invalidate(), 1000 / FPS);
    return () => clearInterval(timer);
  }, [invalidate]);
  return null;
}

/** DRAWS instanced meshes; one instance of each moves every frame. */
function BareDraws() {
  const meshes = useMemo(() => {
    const geometry = new BoxGeometry();
    const place = new Matrix4();
    return Array.from({ length: DRAWS }, (_, i) => {
      const mesh = new InstancedMesh(
        geometry,
        new MeshStandardMaterial({ color: i % 2 ? '#d9c9a8' : '#6b8f71' }),
        INSTANCES,
      );
      for (let k = 0; k < INSTANCES; k++)
        mesh.setMatrixAt(k, place.makeTranslation(k % 8, i - DRAWS / 2, -10 - (k >> 3)));
      mesh.frustumCulled = false;
      return mesh;
    });
  }, []);
  const moved = useMemo(() => new Matrix4(), []);
  useFrame(({ clock }) => {
    meshes.forEach((mesh, i) => {
      mesh.setMatrixAt(0, moved.makeTranslation(Math.sin(clock.elapsedTime), i - DRAWS / 2, -9));
      mesh.instanceMatrix.needsUpdate = true;
    });
  });
  return (
    <>
      <directionalLight position={[3, 5, 4]} />
      {meshes.map((mesh, i) => (
        <primitive key={i} object={mesh} />
      ))}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <Canvas
    frameloop={FPS ? 'demand' : 'always'}
    dpr={[1, 2]}
    gl={{ antialias: true, powerPreference: 'high-performance', preserveDrawingBuffer: true }}
  >
    <Counter />
    {FPS > 0 && <Pacer />}
    {DRAWS > 0 && <BareDraws />}
  </Canvas>,
);
