/**
 * The reference of `npm run perf`'s frame cost: an empty react-three-fiber scene, the same
 * Canvas settings as the game's, rendering every frame; window.__frames counts them.
 */
import { Canvas, useFrame } from '@react-three/fiber';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    __frames: number;
  }
}
window.__frames = 0;

function Counter() {
  useFrame(() => {
    window.__frames++;
  });
  return null;
}

createRoot(document.getElementById('root')!).render(
  <Canvas
    frameloop="always"
    dpr={[1, 2]}
    gl={{ antialias: true, powerPreference: 'high-performance', preserveDrawingBuffer: true }}
  >
    <Counter />
  </Canvas>,
);
