/**
 * Squares (one instanced mesh for light, one for dark), board frames (one instanced mesh, each
 * half in the colour of the seat's holder now) and cracks (one instanced mesh) on boards doomed
 * by Dimensional Collapse. Boards are drawn where the stage has them, so they follow the graph
 * as it settles, and a collapsing board fades into the background as it falls.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, Vector3 } from 'three';
import { squareKey } from '../core';
import {
  BACKGROUND,
  commitInstances,
  CRACK_GEOMETRY,
  CRACK_MATERIAL,
  DARK_SQUARE,
  DARK_SQUARE_MATERIAL,
  DIM,
  DOOM,
  EMBER,
  FRAME_GEOMETRY,
  FRAME_MATERIAL,
  LIGHT_SQUARE,
  LIGHT_SQUARE_MATERIAL,
  SELECTED,
  SQUARE_GEOMETRY,
  crackPattern,
  withColours,
  type CrackSegment,
} from './geometries';
import { makeCoordinates, writeCoordinates } from './coordinates';
import type { Stage } from './stage';
import { boardMatrix } from './world';
import { useCommitCount } from './commits';

export interface BoardsProps {
  stage: Stage;
  /** Tint per square key (squareKey(board, square)). */
  tints: Map<number, Color>;
  /** Army colour of each player index. */
  colours: string[];
  /** Player to move (their seats glow a little brighter), or -1. */
  turn: number;
  /** Collapse countdown of each board (null: not doomed). */
  countdowns: (number | null)[];
  /** Hyperspace: boards still due a move this turn (their mover's seat glows). */
  due: Set<number>;
}

const m = new Matrix4();
const s = new Matrix4();
const v = new Vector3();
const c = new Color();
const frameDark = new Color('#1a1d25');
const WHITE = new Color('#ffffff');

interface BoardMeshes {
  light: InstancedMesh | null;
  dark: InstancedMesh | null;
  frames: InstancedMesh | null;
  cracks: InstancedMesh | null;
  coordinates: InstancedMesh | null;
}

interface WriteInput extends Omit<BoardsProps, 'stage'> {
  patterns: CrackSegment[][];
}

/** Write every square, frame half and crack from where the stage has the boards now. */
function writeBoards(stage: Stage, meshes: BoardMeshes, input: WriteInput): void {
  const { light: l, dark: d, frames: f, cracks: k, coordinates } = meshes;
  if (!l || !d || !f || !k) return;
  if (coordinates) writeCoordinates(coordinates, stage.current);
  const { tints, colours, turn, countdowns, due, patterns } = input;
  for (const mesh of [l, d, f, k]) withColours(mesh);
  const layout = stage.current;
  let nl = 0;
  let nd = 0;
  let nf = 0;
  let nk = 0;
  layout.boards.forEach((board, b) => {
    if (!board.shown) return;
    const countdown = countdowns[b] ?? null;
    // How doomed the board looks: from a hint at 5 turns left to a deep tint at the end.
    const doom = board.leaving
      ? 0.4
      : countdown !== null
        ? 0.12 + 0.06 * (5 - Math.min(5, countdown))
        : 0;
    const fade = board.fade;
    // Boards behind the front grid ("my boards") sink towards the background.
    const dim = DIM * (board.dim ?? 0);
    for (let r = 0; r < 8; r++)
      for (let file = 0; file < 8; file++) {
        const sq = r * 16 + file;
        const isDark = (r + file) % 2 === 0;
        boardMatrix(layout, b, v.set(file - 3.5, 0, 3.5 - r), 0, 1, m);
        const tint = tints.get(squareKey(b, sq));
        c.copy(isDark ? DARK_SQUARE : LIGHT_SQUARE);
        if (doom) c.lerp(DOOM, doom);
        if (tint) c.lerp(tint, tint === SELECTED ? 0.85 : isDark ? 0.62 : 0.5);
        if (board.flare) c.lerp(EMBER, 0.25 * board.flare * (1 - fade));
        if (fade) c.lerp(BACKGROUND, fade);
        if (dim) c.lerp(BACKGROUND, dim);
        const mesh = isDark ? d : l;
        const i = isDark ? nd++ : nl++;
        mesh.setMatrixAt(i, m);
        mesh.setColorAt(i, c);
      }
    for (let seat = 0; seat < 2; seat++) {
      const owner = board.seats[seat];
      boardMatrix(layout, b, v.set(0, -0.19, seat ? -2.25 : 2.25), 0, 1, m);
      f.setMatrixAt(nf, m);
      const glow = owner !== turn ? 0.72 : due.has(b) ? 0.22 : 0.5;
      c.set(colours[owner] ?? '#888').lerp(frameDark, glow);
      if (doom) c.lerp(DOOM, doom * 0.8);
      if (fade) c.lerp(BACKGROUND, fade);
      if (dim) c.lerp(BACKGROUND, dim);
      f.setColorAt(nf++, c);
    }
    if (countdown !== null || board.leaving) {
      const pattern = patterns[b];
      const shown = board.leaving
        ? pattern.length
        : Math.ceil((pattern.length * (6 - Math.min(5, countdown ?? 5))) / 5);
      const width = 1 + 1.8 * board.flare;
      for (let i = 0; i < shown; i++) {
        const seg = pattern[i];
        boardMatrix(layout, b, v.set(seg.x, 0.012, seg.z), seg.angle, 1, m);
        m.multiply(s.makeScale(seg.length, 1 + board.flare, width));
        k.setMatrixAt(nk, m);
        c.copy(EMBER).lerp(WHITE, 0.35 * board.flare);
        if (fade) c.lerp(BACKGROUND, Math.min(1, fade * 1.2));
        k.setColorAt(nk++, c);
      }
    }
  });
  for (const [mesh, n] of [
    [l, nl],
    [d, nd],
    [f, nf],
    [k, nk],
  ] as const)
    commitInstances(mesh, n);
}

export function Boards({ stage, tints, colours, turn, countdowns, due }: BoardsProps) {
  useCommitCount('Boards');
  const meshes = useRef<BoardMeshes>({
    light: null,
    dark: null,
    frames: null,
    cracks: null,
    coordinates: null,
  });
  const invalidate = useThree((st) => st.invalidate);
  const nb = stage.current.boards.length;
  const patterns = useMemo(() => Array.from({ length: nb }, (_, b) => crackPattern(b)), [nb]);
  const crackCapacity = patterns.reduce((n, p) => n + p.length, 0);
  const coordinates = useMemo(() => makeCoordinates(nb), [nb]);
  const latest = useRef<WriteInput | null>(null);
  const seen = useRef(-1);

  useLayoutEffect(() => {
    meshes.current.coordinates = coordinates;
    latest.current = { tints, colours, turn, countdowns, due, patterns };
    writeBoards(stage, meshes.current, latest.current);
    seen.current = stage.version;
    invalidate();
  }, [stage, tints, colours, turn, countdowns, due, patterns, coordinates, invalidate]);

  useFrame(() => {
    if (seen.current === stage.version || !latest.current) return;
    writeBoards(stage, meshes.current, latest.current);
    seen.current = stage.version;
  });

  return (
    <group>
      <instancedMesh
        ref={(mesh) => {
          meshes.current.light = mesh;
        }}
        args={[SQUARE_GEOMETRY, LIGHT_SQUARE_MATERIAL, nb * 32]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={(mesh) => {
          meshes.current.dark = mesh;
        }}
        args={[SQUARE_GEOMETRY, DARK_SQUARE_MATERIAL, nb * 32]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={(mesh) => {
          meshes.current.frames = mesh;
        }}
        args={[FRAME_GEOMETRY, FRAME_MATERIAL, nb * 2]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={(mesh) => {
          meshes.current.cracks = mesh;
        }}
        args={[CRACK_GEOMETRY, CRACK_MATERIAL, crackCapacity]}
        frustumCulled={false}
      />
      <primitive object={coordinates} />
    </group>
  );
}
