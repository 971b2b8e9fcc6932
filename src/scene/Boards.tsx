/** Squares (one instanced mesh for light, one for dark) and board frames (one instanced mesh). */
import { useLayoutEffect, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, Vector3 } from 'three';
import { useThree } from '@react-three/fiber';
import {
  DARK_SQUARE,
  DARK_SQUARE_MATERIAL,
  FRAME_GEOMETRY,
  FRAME_MATERIAL,
  LIGHT_SQUARE,
  LIGHT_SQUARE_MATERIAL,
  SELECTED,
  SQUARE_GEOMETRY,
  withColours,
} from './geometries';
import type { Layout } from './layout';
import { boardMatrix } from './world';

export interface BoardsProps {
  layout: Layout;
  live: ArrayLike<number>;
  /** Tint per square key (board << 7 | square). */
  tints: Map<number, Color>;
  /** Army colour of each player index. */
  colours: string[];
  /** Player to move (their seats glow a little brighter), or -1. */
  turn: number;
}

const m = new Matrix4();
const v = new Vector3();
const c = new Color();
const frameDark = new Color('#1a1d25');

export function Boards({ layout, live, tints, colours, turn }: BoardsProps) {
  const light = useRef<InstancedMesh>(null);
  const dark = useRef<InstancedMesh>(null);
  const frames = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  const nb = layout.boards.length;

  useLayoutEffect(() => {
    const l = light.current;
    const d = dark.current;
    const f = frames.current;
    if (!l || !d || !f) return;
    for (const mesh of [l, d, f]) withColours(mesh);
    let nl = 0;
    let nd = 0;
    let nf = 0;
    for (let b = 0; b < nb; b++) {
      if (!live[b]) continue;
      for (let r = 0; r < 8; r++)
        for (let file = 0; file < 8; file++) {
          const sq = r * 16 + file;
          const isDark = (r + file) % 2 === 0;
          boardMatrix(layout, b, v.set(file - 3.5, 0, 3.5 - r), 0, 1, m);
          const tint = tints.get((b << 7) | sq);
          const base = isDark ? DARK_SQUARE : LIGHT_SQUARE;
          c.copy(base);
          if (tint) c.lerp(tint, tint === SELECTED ? 0.85 : isDark ? 0.62 : 0.5);
          const mesh = isDark ? d : l;
          const i = isDark ? nd++ : nl++;
          mesh.setMatrixAt(i, m);
          mesh.setColorAt(i, c);
        }
      for (let seat = 0; seat < 2; seat++) {
        const owner = layout.boards[b].players[seat];
        boardMatrix(layout, b, v.set(0, -0.19, seat ? -2.25 : 2.25), 0, 1, m);
        f.setMatrixAt(nf, m);
        c.set(colours[owner] ?? '#888').lerp(frameDark, owner === turn ? 0.5 : 0.72);
        f.setColorAt(nf++, c);
      }
    }
    for (const [mesh, n] of [
      [l, nl],
      [d, nd],
      [f, nf],
    ] as const) {
      mesh.count = n;
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    }
    invalidate();
  }, [layout, live, tints, colours, turn, nb, invalidate]);

  return (
    <group>
      <instancedMesh
        ref={light}
        args={[SQUARE_GEOMETRY, LIGHT_SQUARE_MATERIAL, nb * 32]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={dark}
        args={[SQUARE_GEOMETRY, DARK_SQUARE_MATERIAL, nb * 32]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={frames}
        args={[FRAME_GEOMETRY, FRAME_MATERIAL, nb * 2]}
        frustumCulled={false}
      />
    </group>
  );
}
