/**
 * Every piece in one draw call, in 3D and in the flat view.
 *
 * 3D: the six piece shapes are packed, vertex by vertex, into one float texture. An instance's
 * role rides in its matrix (boardSpace.ts `setOnBoard`'s kind), and the vertex shader reads its
 * role's shape from the texture by gl_VertexID. Each instance runs as many vertices as the
 * largest shape has; those past the end of its own shape collapse onto one point and draw
 * nothing. At 8 players this trades six draws (each a program, uniform and vertex-array setup on
 * the main thread) for about a third more vertices on the GPU.
 *
 * Flat view: the six badges side by side in one texture, each instance reading its role's cell.
 */
import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  DataTexture,
  FloatType,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PlaneGeometry,
  RGBAFormat,
} from 'three';
import { PIECE_SHAPES } from './geometries';
import { onBoards, type Tone } from './boardSpace';

/** Texels a row of the shape texture; a vertex takes two (position, normal) in one row. */
const WIDTH = 2048;

/** Where each role's shape starts in the texture and how many vertices it has (index: role). */
const starts: number[] = [];
const counts: number[] = [];
let total = 0;
for (const shape of PIECE_SHAPES) {
  if (shape.index) throw new Error('piece shapes must be non-indexed triangle lists');
  starts.push(total);
  counts.push(shape.getAttribute('position')?.count ?? 0);
  total += counts[counts.length - 1];
}
const MOST = Math.max(...counts);

const texels = new Float32Array(WIDTH * Math.ceil((2 * total) / WIDTH) * 4);
PIECE_SHAPES.forEach((shape, role) => {
  const p = shape.getAttribute('position');
  const n = shape.getAttribute('normal');
  for (let i = 0; i < counts[role]; i++) {
    const at = 8 * (starts[role] + i);
    texels.set([p.getX(i), p.getY(i), p.getZ(i), 1, n.getX(i), n.getY(i), n.getZ(i), 0], at);
  }
});
const shapes = new DataTexture(texels, WIDTH, texels.length / 4 / WIDTH, RGBAFormat, FloatType);
shapes.needsUpdate = true;

/**
 * The pieces' geometry: no shape of its own, only a vertex count (the largest shape's), which
 * the renderer reads from its position attribute.
 */
export const PIECE_ATLAS_GEOMETRY = new BufferGeometry().setAttribute(
  'position',
  new BufferAttribute(new Float32Array(MOST * 3), 3),
);

const ints = (xs: number[]) => `int[${xs.length}](${xs.join(', ')})`;

/** The pieces' material: lit, placed on their boards, each instance drawing its role's shape. */
export function pieceAtlasMaterial(tone: Tone): MeshStandardMaterial {
  const material = new MeshStandardMaterial({ color: 0xffffff, roughness: 0.38, metalness: 0.12 });
  return onBoards(material, tone, {
    key: 'piece-shapes',
    patch(shader) {
      shader.uniforms.pieceShapes = { value: shapes };
      shader.vertexShader = `uniform highp sampler2D pieceShapes;
vec4 shapeTexel(int t) { return texelFetch(pieceShapes, ivec2(t % ${WIDTH}, t / ${WIDTH}), 0); }
${shader.vertexShader
  .replace(
    '#include <beginnormal_vertex>',
    /* glsl */ `
  const int SHAPE_START[${starts.length}] = ${ints(starts)};
  const int SHAPE_COUNT[${counts.length}] = ${ints(counts)};
  int role = clamp(kind, 0, ${counts.length - 1});
  bool inShape = gl_VertexID < SHAPE_COUNT[role];
  int shapeAt = 2 * (SHAPE_START[role] + (inShape ? gl_VertexID : 0));
  vec3 objectNormal = shapeTexel(shapeAt + 1).xyz;`,
  )
  .replace(
    '#include <begin_vertex>',
    'vec3 transformed = inShape ? shapeTexel(shapeAt).xyz : vec3(0.0);',
  )}`;
    },
  });
}

/** The flat view: a badge (a disc with the piece's letter) facing the camera. */
/** The badges' ring and letter: dark enough to stand out from both square colours. */
export const PIECE_OUTLINE = '#10131a';
export const BADGE_GEOMETRY = new PlaneGeometry(0.86, 0.86);
const BADGE_LETTERS = ['', 'N', 'B', 'R', 'Q', 'K'];

/**
 * The badges' material, its texture drawn the first time it is asked for: for each role (pawn
 * first), a white disc (tinted by the army's instance colour) with a dark ring and the piece's
 * letter; a pawn's is a smaller disc without one.
 */
export function badgeAtlasMaterial(tone: Tone): MeshBasicMaterial {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = size * BADGE_LETTERS.length;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  BADGE_LETTERS.forEach((letter, cell) => {
    const x = cell * size + size / 2;
    ctx.beginPath();
    ctx.arc(x, size / 2, size * (letter ? 0.45 : 0.3), 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = size * 0.05;
    ctx.strokeStyle = PIECE_OUTLINE;
    ctx.stroke();
    if (letter) {
      ctx.fillStyle = PIECE_OUTLINE;
      ctx.font = `bold ${size * 0.56}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(letter, x, size * 0.54);
    }
  });
  const material = new MeshBasicMaterial({ map: new CanvasTexture(canvas), alphaTest: 0.5 });
  return onBoards(material, tone, {
    key: 'badge-cells',
    patch(shader) {
      shader.vertexShader = shader.vertexShader.replace(
        '#include <uv_vertex>',
        `#include <uv_vertex>
  vMapUv.x = (vMapUv.x + float(clamp(kind, 1, ${BADGE_LETTERS.length}) - 1)) / ${BADGE_LETTERS.length}.0;`,
      );
    },
  });
}
