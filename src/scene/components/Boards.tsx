/**
 * Squares (an instance a board, light and dark by their colours), board frames (an instance a
 * board, each half in the colour of the seat's holder now; boardCells.ts) and cracks (one
 * instanced mesh) on boards doomed by Dimensional Collapse. Boards are drawn where the stage has them, so they follow the graph
 * as it settles, and a collapsing board fades into the background as it falls.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, Vector3 } from 'three';
import { squareKey } from '../../core';
import {
  BACKGROUND,
  commitInstances,
  CRACK_GEOMETRY,
  CRACK_MATERIAL,
  DARK_SQUARE,
  DOOM,
  EMBER,
  FRAME_MATERIAL,
  LIGHT_SQUARE,
  SELECTED,
  SQUARE_MATERIAL,
  crackPattern,
  withColours,
  type CrackSegment,
} from '../gpu/geometries';
import { makeCoordinates, writeCoordinates } from '../layout/coordinates';
import type { Stage, StageBoard } from '../layout/stage';
import { glslColour, localMatrix, onBoards, setOnBoard } from '../gpu/boardSpace';
import {
  BOARD_FRAME_GEOMETRY,
  BOARD_SQUARES_GEOMETRY,
  framesMaterial,
  setFrameColour,
  setSquareColour,
  squaresMaterial,
  uploadBoardCells,
} from '../gpu/boardCells';
import { useCommitCount } from '../commits';

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
/** Where a board's squares and frame stand in its frame: at its centre, as they are modelled. */
const AT_CENTRE = new Matrix4();

/** Squares take their board's ember glow, fade and dimming on the GPU; frames its fade and dimming. */
const SQUARES = squaresMaterial(SQUARE_MATERIAL, [1, 1, 1]);
const FRAMES = framesMaterial(FRAME_MATERIAL, [0, 1, 1]);
/**
 * Cracks widen, thicken and glow with their board's flare and fade with it, on the GPU (the flare
 * rides in the board table): they are written only when the boards or the countdowns change.
 * The tone is read in color_vertex, which three.js runs before begin_vertex.
 */
const CRACKS = onBoards(CRACK_MATERIAL, [0, 0, 0], {
  key: 'crack-flare',
  patch(shader) {
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <color_vertex>',
        `#include <color_vertex>
  vec4 tone = boardTone(board);
  #ifdef USE_INSTANCING_COLOR
    vColor.rgb = mix(vColor.rgb, vec3(1.0), 0.35 * tone.w);
    vColor.rgb = mix(vColor.rgb, ${glslColour(BACKGROUND)}, min(1.0, 1.2 * tone.y));
  #endif`,
      )
      .replace(
        '#include <begin_vertex>',
        `#include <begin_vertex>
  transformed.yz *= vec2(1.0 + tone.w, 1.0 + 1.8 * tone.w);`,
      );
  },
});

interface BoardMeshes {
  tiles: InstancedMesh | null;
  frames: InstancedMesh | null;
  cracks: InstancedMesh | null;
  coordinates: InstancedMesh | null;
}

interface WriteInput extends Omit<BoardsProps, 'stage'> {
  patterns: CrackSegment[][];
}

/** How doomed a board looks: from a hint at 5 turns left to a deep tint at the end. */
function doomOf(board: StageBoard, countdown: number | null): number {
  if (board.leaving) return 0.4;
  return countdown !== null ? 0.12 + 0.06 * (5 - Math.min(5, countdown)) : 0;
}

/**
 * Write each shown board's squares and frame (an instance each, standing at the board's centre)
 * and the colour of every square and frame half (where the boards are and how they fade is the
 * board table's, boardSpace.ts): needed when the props change or boards come or go, not while
 * they glide.
 */
function writeBoards(stage: Stage, meshes: BoardMeshes, input: WriteInput): void {
  const { tiles, frames: f, coordinates } = meshes;
  if (!tiles || !f) return;
  if (coordinates) writeCoordinates(coordinates, stage.current);
  const { tints, colours, turn, countdowns, due } = input;
  for (const mesh of [tiles, f]) withColours(mesh);
  const layout = stage.current;
  let nt = 0;
  let nf = 0;
  layout.boards.forEach((board, b) => {
    if (!board.shown) return;
    const doom = doomOf(board, countdowns[b] ?? null);
    // Their instance colours stay the white withColours gave them: the cells carry the colours.
    setOnBoard(tiles, nt++, b, AT_CENTRE);
    setOnBoard(f, nf++, b, AT_CENTRE);
    for (let r = 0; r < 8; r++)
      for (let file = 0; file < 8; file++) {
        const isDark = (r + file) % 2 === 0;
        const tint = tints.get(squareKey(b, r * 16 + file));
        c.copy(isDark ? DARK_SQUARE : LIGHT_SQUARE);
        if (doom) c.lerp(DOOM, doom);
        if (tint) c.lerp(tint, tint === SELECTED ? 0.85 : isDark ? 0.62 : 0.5);
        setSquareColour(b, r * 8 + file, c);
      }
    for (let seat = 0; seat < 2; seat++) {
      const owner = board.seats[seat];
      const glow = owner !== turn ? 0.72 : due.has(b) ? 0.22 : 0.5;
      c.set(colours[owner] ?? '#888').lerp(frameDark, glow);
      if (doom) c.lerp(DOOM, doom * 0.8);
      setFrameColour(b, seat, c);
    }
  });
  commitInstances(tiles, nt);
  commitInstances(f, nf);
}

/** Write the cracks of doomed and collapsing boards, more of them as the countdown runs. */
function writeCracks(stage: Stage, k: InstancedMesh | null, input: WriteInput): void {
  if (!k) return;
  withColours(k);
  const { countdowns, patterns } = input;
  let nk = 0;
  stage.current.boards.forEach((board, b) => {
    const countdown = countdowns[b] ?? null;
    if (!board.shown || (countdown === null && !board.leaving)) return;
    const pattern = patterns[b];
    const shown = board.leaving
      ? pattern.length
      : Math.ceil((pattern.length * (6 - Math.min(5, countdown ?? 5))) / 5);
    for (let i = 0; i < shown; i++) {
      const seg = pattern[i];
      localMatrix(v.set(seg.x, 0.012, seg.z), seg.angle, 1, m);
      m.multiply(s.makeScale(seg.length, 1, 1));
      setOnBoard(k, nk, b, m);
      k.setColorAt(nk++, EMBER);
    }
  });
  commitInstances(k, nk);
}

export function Boards({ stage, tints, colours, turn, countdowns, due }: BoardsProps) {
  useCommitCount('Boards');
  const meshes = useRef<BoardMeshes>({
    tiles: null,
    frames: null,
    cracks: null,
    coordinates: null,
  });
  const invalidate = useThree((st) => st.invalidate);
  const gl = useThree((st) => st.gl);
  const nb = stage.current.boards.length;
  const patterns = useMemo(() => Array.from({ length: nb }, (_, b) => crackPattern(b)), [nb]);
  const crackCapacity = patterns.reduce((n, p) => n + p.length, 0);
  const coordinates = useMemo(() => makeCoordinates(nb), [nb]);
  const latest = useRef<WriteInput | null>(null);
  const seen = useRef({ cast: -1, version: -1 });

  useLayoutEffect(() => {
    meshes.current.coordinates = coordinates;
    latest.current = { tints, colours, turn, countdowns, due, patterns };
    writeBoards(stage, meshes.current, latest.current);
    writeCracks(stage, meshes.current.cracks, latest.current);
    seen.current = { cast: stage.cast, version: stage.version };
    invalidate();
  }, [stage, tints, colours, turn, countdowns, due, patterns, coordinates, invalidate]);

  // While boards glide only the table moves them; squares are rewritten when boards come or go.
  useFrame(() => {
    const was = seen.current;
    if (latest.current && was.version !== stage.version) {
      if (was.cast !== stage.cast) {
        writeBoards(stage, meshes.current, latest.current);
        writeCracks(stage, meshes.current.cracks, latest.current);
      }
      was.cast = stage.cast;
      was.version = stage.version;
    }
    // Colours written since the last frame go to the GPU before this one is drawn.
    uploadBoardCells(gl);
  });

  return (
    <group>
      <instancedMesh
        ref={(mesh) => {
          meshes.current.tiles = mesh;
        }}
        args={[BOARD_SQUARES_GEOMETRY, SQUARES, nb]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={(mesh) => {
          meshes.current.frames = mesh;
        }}
        args={[BOARD_FRAME_GEOMETRY, FRAMES, nb]}
        frustumCulled={false}
      />
      <instancedMesh
        ref={(mesh) => {
          meshes.current.cracks = mesh;
        }}
        args={[CRACK_GEOMETRY, CRACKS, crackCapacity]}
        frustumCulled={false}
      />
      <primitive object={coordinates} />
    </group>
  );
}
