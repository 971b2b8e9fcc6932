/**
 * Boards placed on the GPU. Everything that stands on a board (squares, frames, coordinates,
 * pieces, markers, explanation frames) is written once in its board's own frame, with the board's
 * index; a small table of where each board is now (position, orientation, and how far it fades or
 * dims) is the only thing rewritten while the boards glide or collapse, and the materials'
 * vertex shaders place every instance from it. Picking stays on the CPU (pick.ts reads the same
 * stage layout on pointer events only).
 *
 * An instance's board index and its kind ride in its instance matrix's bottom row (elements 3
 * and 7, zero in an affine matrix): no extra attribute, so shared geometries stay shared.
 */
import {
  Matrix4,
  Quaternion,
  ShaderChunk,
  Vector3,
  type InstancedMesh,
  type Material,
  type WebGLProgramParametersWithUniforms,
  type WebGLRenderer,
} from 'three';
import { BACKGROUND, DIM, EMBER } from './geometries';
import { withSceneLights } from './lighting';
import type { StageLayout } from '../layout/stage';
import { TexelTable } from './texelTable';
import { boardQuaternion } from '../layout/world';

/** Boards in the largest game (8 players: one per pair). */
export const MAX_BOARDS = 28;

/**
 * Four texels a board, in one float texture (uploaded once a change, whichever materials read
 * it): its centre (xyz), its orientation (a quaternion), how far its colours go towards the
 * ember glow, faded out, dimmed (0…1), with the flare of its cracks (0…1), and how far the
 * pieces of a collapsing board have dissolved (0…1).
 */
const TEXELS = 4;
const boards = new TexelTable(TEXELS * MAX_BOARDS, 1);
const table = { boardTable: { value: boards.texture } };

const q = new Quaternion();
/** Which layout and which of its versions the table holds. */
const written = { layout: null as StageLayout | null, version: -1 };

/** Write where the boards are now into the table (a no-op when nothing moved since). */
export function placeBoards(layout: StageLayout, version: number): void {
  if (written.layout === layout && written.version === version) return;
  written.layout = layout;
  written.version = version;
  const n = Math.min(MAX_BOARDS, layout.boards.length);
  for (let b = 0; b < n; b++) {
    const board = layout.boards[b];
    boardQuaternion(layout, b, q);
    const fade = board.fade;
    const at = board.position;
    texel(b, 0, at[0], at[1], at[2], 1);
    texel(b, 1, q.x, q.y, q.z, q.w);
    texel(b, 2, 0.25 * board.flare * (1 - fade), fade, DIM * (board.dim ?? 0), board.flare);
    texel(b, 3, board.dissolve, 0, 0, 0);
  }
  boards.touch();
}

/** Send the table to the GPU if placeBoards changed it: once a frame, before drawing. */
export function uploadBoards(renderer: WebGLRenderer): void {
  boards.upload(renderer);
}

function texel(b: number, k: number, x: number, y: number, z: number, w: number): void {
  const i = 4 * (TEXELS * b + k);
  const texels = boards.texels;
  texels[i] = x;
  texels[i + 1] = y;
  texels[i + 2] = z;
  texels[i + 3] = w;
}

/**
 * Which of a board's tones a material takes (the ember glow, the fade, the dimming), and whether
 * its instances dissolve with a collapsing board (the pieces: they rise, shrink and burn out).
 */
export type Tone = [ember: number, fade: number, dim: number, dissolve?: 1];

const glsl = (v: number) => v.toFixed(6);
/** GLSL: a colour as a vec3 literal. */
export const glslColour = (c: { r: number; g: number; b: number }) =>
  `vec3(${glsl(c.r)}, ${glsl(c.g)}, ${glsl(c.b)})`;

/** GLSL: the table and how to read it (shared by the instanced and the edge shaders). */
export const BOARD_GLSL = /* glsl */ `
uniform highp sampler2D boardTable;
#define boardPosition(b) texelFetch(boardTable, ivec2(${TEXELS} * (b), 0), 0)
#define boardRotation(b) texelFetch(boardTable, ivec2(${TEXELS} * (b) + 1, 0), 0)
#define boardTone(b) texelFetch(boardTable, ivec2(${TEXELS} * (b) + 2, 0), 0)
#define boardDissolve(b) texelFetch(boardTable, ivec2(${TEXELS} * (b) + 3, 0), 0).x
vec3 boardRotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
mat4 boardFrame(int b) {
  vec4 q = boardRotation(b);
  return mat4(
    vec4(boardRotate(q, vec3(1.0, 0.0, 0.0)), 0.0),
    vec4(boardRotate(q, vec3(0.0, 1.0, 0.0)), 0.0),
    vec4(boardRotate(q, vec3(0.0, 0.0, 1.0)), 0.0),
    vec4(boardPosition(b).xyz, 1.0));
}
vec3 boardToned(int b, vec3 c, vec3 weights) {
  vec3 t = boardTone(b).xyz * weights;
  c = mix(c, ${glslColour(EMBER)}, t.x);
  c = mix(c, ${glslColour(BACKGROUND)}, t.y);
  return mix(c, ${glslColour(BACKGROUND)}, t.z);
}
`;

/**
 * GLSL run first in main(): the instance's board, its kind and its matrix in world space; with
 * `dissolving`, an instance on a collapsing board rises 1.4 units, shrinks and is gone as its
 * board's dissolve reaches 1 (R9.2), all on the GPU: nothing is rewritten while a board falls.
 */
const placeGlsl = (dissolving: boolean) => /* glsl */ `
  mat4 boardLocal = instanceMatrix;
  int board = int(boardLocal[0][3] + 0.5);
  int kind = int(boardLocal[1][3] + 0.5);
  boardLocal[0][3] = 0.0;
  boardLocal[1][3] = 0.0;${
    dissolving
      ? `
  float dissolved = boardDissolve(board);
  float dissolveScale = dissolved >= 1.0 ? 0.0 : max(0.02, 1.0 - dissolved);
  boardLocal[0].xyz *= dissolveScale;
  boardLocal[1].xyz *= dissolveScale;
  boardLocal[2].xyz *= dissolveScale;
  boardLocal[3].y += 1.4 * dissolved;`
      : ''
  }
  mat4 placedMatrix = boardFrame(board) * boardLocal;
`;
export const PLACE_GLSL = placeGlsl(false);

/** Give the shader the table (the same texture for every material). */
export function addBoardUniforms(shader: WebGLProgramParametersWithUniforms): void {
  Object.assign(shader.uniforms, table);
}

/** A further patch of a material's shaders, after onBoards' own (and its program cache key). */
export interface ShaderPatch {
  key: string;
  patch(shader: WebGLProgramParametersWithUniforms): void;
}

/**
 * Patch a built-in material for instances placed on boards: each instance matrix is read in its
 * board's frame, and its instance colour takes the board's tones weighted by `tone`; a lit
 * (standard) material is lit by the scene's lights (lighting.ts).
 *
 * The weights are a uniform, not a constant in the source: materials that differ only in their
 * tone (the squares and the frames) share one program, compiled once.
 */
export function onBoards<M extends Material>(
  material: M,
  tone: Tone = [0, 0, 0],
  extra?: ShaderPatch,
): M {
  const [ember, fade, dim, dissolve] = tone;
  const toneWeights = { value: new Vector3(ember, fade, dim) };
  const dissolving = dissolve === 1;
  // Every lit material in the scene stands on boards: the scene's lights come in here.
  const lit = (material as { isMeshStandardMaterial?: boolean }).isMeshStandardMaterial === true;
  material.onBeforeCompile = (shader) => {
    addBoardUniforms(shader);
    shader.uniforms.toneWeights = toneWeights;
    let vs = shader.vertexShader;
    for (const chunk of ['defaultnormal_vertex', 'project_vertex', 'worldpos_vertex'] as const)
      vs = vs.replace(
        `#include <${chunk}>`,
        ShaderChunk[chunk].replaceAll('instanceMatrix', 'placedMatrix'),
      );
    vs = vs.replace(
      '#include <color_vertex>',
      `#include <color_vertex>
      #ifdef USE_INSTANCING_COLOR${
        // A dissolving piece glows with embers and burns out into the background.
        dissolving
          ? `
        vColor.rgb = mix(vColor.rgb, ${glslColour(EMBER)}, min(1.0, 1.6 * dissolved));
        vColor.rgb = mix(vColor.rgb, ${glslColour(BACKGROUND)}, dissolved * dissolved);`
          : ''
      }
        vColor.rgb = boardToned(board, vColor.rgb, toneWeights);
      #endif`,
    );
    shader.vertexShader =
      `${BOARD_GLSL}uniform vec3 toneWeights;\n` +
      vs.replace('void main() {', `void main() {${placeGlsl(dissolving)}`);
    if (lit) shader.fragmentShader = withSceneLights(shader.fragmentShader);
    extra?.patch(shader);
  };
  const key = `boards${dissolving ? ':dissolving' : ''}${extra ? `:${extra.key}` : ''}`;
  material.customProgramCacheKey = () => key;
  return material;
}

const scaled = new Vector3();
const turn = new Quaternion();
const UP = new Vector3(0, 1, 0);

/**
 * The matrix of something standing on a board at board-local point p, turned by yaw about the
 * board's up axis and scaled; `orientation` (board-local) replaces the yaw when given.
 */
export function localMatrix(
  p: Vector3,
  yaw: number,
  scale: number,
  out: Matrix4,
  orientation?: Quaternion,
): Matrix4 {
  return out.compose(
    p,
    orientation ?? turn.setFromAxisAngle(UP, yaw),
    scaled.set(scale, scale, scale),
  );
}

/**
 * Set instance i of `mesh` to board-local matrix m on board b; `kind` tells apart the instances
 * of a mesh that draws several looks (the flat view's badges, pieceMaterials.ts).
 */
export function setOnBoard(mesh: InstancedMesh, i: number, b: number, m: Matrix4, kind = 0): void {
  m.elements[3] = b;
  m.elements[7] = kind;
  mesh.setMatrixAt(i, m);
  m.elements[3] = 0;
  m.elements[7] = 0;
}
