/**
 * Markers (one instanced mesh): legal destinations, shift ghosts, placement spots, and the
 * squares a fleeing Cowardly king may flee to (R9.3).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, Vector3 } from 'three';
import { commitInstances, MARKER_GEOMETRY, MARKER_MATERIAL, withColours } from '../gpu/geometries';
import type { Stage } from '../layout/stage';
import { localSquare } from '../layout/world';
import { localMatrix, onBoards, setOnBoard } from '../gpu/boardSpace';
import { useCommitCount } from '../commits';

export interface Marker {
  board: number;
  square: number;
  kind: 'move' | 'capture' | 'shift' | 'place' | 'flight';
}

/** Placed on their boards by the board table (boardSpace.ts). */
const MATERIAL = onBoards(MARKER_MATERIAL);
const m = new Matrix4();
const v = new Vector3();
const c = new Color();
const MOVE = new Color('#46d29a');
const CAPTURE = new Color('#ff5a4a');
const WHITE = new Color('#ffffff');

interface MarkerInput {
  markers: Marker[];
  colour: string;
  capacity: number;
}

function writeMarkers(stage: Stage, mesh: InstancedMesh | null, input: MarkerInput): void {
  if (!mesh) return;
  const layout = stage.current;
  const { markers, colour, capacity } = input;
  withColours(mesh);
  let n = 0;
  for (const mk of markers) {
    if (n >= capacity) break;
    if (!layout.boards[mk.board]?.shown) continue;
    const scale =
      mk.kind === 'move' ? 0.36 : mk.kind === 'capture' || mk.kind === 'flight' ? 0.92 : 0.7;
    setOnBoard(mesh, n, mk.board, localMatrix(localSquare(mk.square, 0.03, v), 0, scale, m));
    if (mk.kind === 'move') c.copy(MOVE);
    else if (mk.kind === 'capture') c.copy(CAPTURE);
    else if (mk.kind === 'flight') c.set(colour).lerp(WHITE, 0.5);
    else c.set(colour).lerp(WHITE, 0.25);
    mesh.setColorAt(n++, c);
  }
  commitInstances(mesh, n);
}

export function Markers({
  stage,
  markers,
  colour,
}: {
  stage: Stage;
  markers: Marker[];
  /** Colour of the player to move (shift ghosts, placement spots, flight squares). */
  colour: string;
}) {
  useCommitCount('Markers');
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  const capacity = stage.current.boards.length * 64;
  const latest = useRef<MarkerInput | null>(null);
  const seen = useRef(-1);

  useLayoutEffect(() => {
    latest.current = { markers, colour, capacity };
    writeMarkers(stage, ref.current, latest.current);
    seen.current = stage.cast;
    invalidate();
  }, [stage, markers, colour, capacity, invalidate]);

  // Rewritten only when boards come or go: while they glide, the board table moves the markers.
  useFrame(() => {
    if (seen.current === stage.cast || !latest.current) return;
    writeMarkers(stage, ref.current, latest.current);
    seen.current = stage.cast;
  });

  return (
    <instancedMesh
      ref={ref}
      args={[MARKER_GEOMETRY, MATERIAL, capacity]}
      frustumCulled={false}
      renderOrder={2}
    />
  );
}
