/** Markers (one instanced mesh): legal destinations, shift ghosts, placement spots. */
import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, Vector3 } from 'three';
import { MARKER_GEOMETRY, MARKER_MATERIAL, withColours } from './geometries';
import type { Layout } from './layout';
import { boardMatrix, localSquare } from './world';

export interface Marker {
  board: number;
  square: number;
  kind: 'move' | 'capture' | 'shift' | 'place';
}

const m = new Matrix4();
const v = new Vector3();
const c = new Color();
const MOVE = new Color('#46d29a');
const CAPTURE = new Color('#ff5a4a');

export function Markers({
  layout,
  markers,
  colour,
}: {
  layout: Layout;
  markers: Marker[];
  /** Colour of the player to move (shift ghosts and placement spots). */
  colour: string;
}) {
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  const capacity = layout.boards.length * 64;

  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    withColours(mesh);
    let n = 0;
    for (const mk of markers) {
      if (n >= capacity) break;
      const scale = mk.kind === 'move' ? 0.36 : mk.kind === 'capture' ? 0.92 : 0.7;
      boardMatrix(layout, mk.board, localSquare(mk.square, 0.03, v), 0, scale, m);
      mesh.setMatrixAt(n, m);
      if (mk.kind === 'move') c.copy(MOVE);
      else if (mk.kind === 'capture') c.copy(CAPTURE);
      else c.set(colour).lerp(new Color('#ffffff'), 0.25);
      mesh.setColorAt(n++, c);
    }
    mesh.count = n;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [layout, markers, colour, capacity, invalidate]);

  return (
    <instancedMesh
      ref={ref}
      args={[MARKER_GEOMETRY, MARKER_MATERIAL, capacity]}
      frustumCulled={false}
      renderOrder={2}
    />
  );
}
