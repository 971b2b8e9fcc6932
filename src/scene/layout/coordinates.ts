/**
 * Coordinates on the boards' rims: the files a–h along the near edge and the ranks 1–8 along
 * the left edge, as the board is shown (a turned board shows them from its North seat, upright
 * for the viewer; the names stay the South seat's, RULES R10). One instanced mesh of flat quads
 * whose glyph comes from an atlas drawn on a canvas at run time (no font is fetched).
 */
import {
  CanvasTexture,
  InstancedBufferAttribute,
  InstancedMesh,
  Matrix4,
  PlaneGeometry,
  ShaderMaterial,
  Vector3,
} from 'three';
import { withColours } from '../gpu/geometries';
import type { StageLayout } from './stage';
import {
  addBoardUniforms,
  BOARD_GLSL,
  localMatrix,
  PLACE_GLSL,
  setOnBoard,
} from '../gpu/boardSpace';

const GLYPHS = 'abcdefgh12345678';
/** Size of a glyph on the rim (the rim is half a square wide) and how far out its centre is. */
const SIZE = 0.44;
const RIM = 4.25;

function atlas(): CanvasTexture {
  const cell = 64;
  const canvas = document.createElement('canvas');
  canvas.width = cell * GLYPHS.length;
  canvas.height = cell;
  const ctx = canvas.getContext('2d')!;
  ctx.font = `bold ${cell * 0.78}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = cell * 0.12;
  ctx.strokeStyle = 'rgba(8, 10, 16, 0.85)';
  ctx.fillStyle = '#f2f4f8';
  [...GLYPHS].forEach((g, i) => {
    ctx.strokeText(g, cell * (i + 0.5), cell * 0.54);
    ctx.fillText(g, cell * (i + 0.5), cell * 0.54);
  });
  const texture = new CanvasTexture(canvas);
  texture.anisotropy = 4;
  return texture;
}

/** The mesh for `boards` boards: its geometry carries each instance's glyph index. */
export function makeCoordinates(boards: number): InstancedMesh {
  const capacity = boards * 16;
  const geometry = new PlaneGeometry(SIZE, SIZE).rotateX(-Math.PI / 2);
  geometry.setAttribute('glyph', new InstancedBufferAttribute(new Float32Array(capacity), 1));
  const material = new ShaderMaterial({
    uniforms: { map: { value: atlas() } },
    // Placed and faded with its board (boardSpace.ts).
    vertexShader: /* glsl */ `${BOARD_GLSL}
      attribute float glyph;
      varying vec2 vUv;
      varying vec3 vColor;
      void main() {${PLACE_GLSL}
        vUv = vec2((uv.x + glyph) / ${GLYPHS.length}.0, uv.y);
        vColor = boardToned(board, instanceColor, vec3(0.0, 1.0, 1.0));
        gl_Position = projectionMatrix * modelViewMatrix * placedMatrix * vec4(position, 1.0);
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D map;
      varying vec2 vUv;
      varying vec3 vColor;
      void main() {
        vec4 t = texture2D(map, vUv);
        if (t.a < 0.35) discard;
        gl_FragColor = vec4(t.rgb * vColor, 1.0);
      }`,
  });
  material.onBeforeCompile = addBoardUniforms;
  const mesh = new InstancedMesh(geometry, material, capacity);
  mesh.frustumCulled = false;
  withColours(mesh);
  return mesh;
}

const m = new Matrix4();
const v = new Vector3();

/** Write every shown board's sixteen coordinates in its board's frame. */
export function writeCoordinates(mesh: InstancedMesh, layout: StageLayout): void {
  const glyph = mesh.geometry.getAttribute('glyph') as InstancedBufferAttribute;
  let n = 0;
  layout.boards.forEach((board, b) => {
    if (!board.shown || n + 16 > mesh.instanceMatrix.count) return;
    // A turned board's near edge is rank 8 and its left edge the h-file side, read upside down
    // in the board's own frame: so the glyphs turn with it, back upright for the viewer.
    const s = board.turned ? -1 : 1;
    const yaw = board.turned ? Math.PI : 0;
    for (let i = 0; i < 8; i++) {
      // File i under its column, on the near rim.
      setOnBoard(mesh, n, b, localMatrix(v.set(i - 3.5, 0.002, s * RIM), yaw, 1, m));
      glyph.setX(n++, i);
      // Rank i + 1 beside its row, on the left rim.
      setOnBoard(mesh, n, b, localMatrix(v.set(-s * RIM, 0.002, 3.5 - i), yaw, 1, m));
      glyph.setX(n++, 8 + i);
    }
  });
  mesh.count = n;
  mesh.instanceMatrix.needsUpdate = true;
  glyph.needsUpdate = true;
}
