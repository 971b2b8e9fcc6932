/**
 * Coordinates on the boards' rims: the files a–h along the near edge and the ranks 1–8 along
 * the left edge, as the board is shown (a turned board shows them from its North seat, upright
 * for the viewer; the names stay the South seat's, RULES R10). One instanced mesh, an instance a
 * board: its geometry holds a board's sixteen glyphs (flat quads reading an atlas drawn on a
 * canvas at run time, so no font is fetched) as an upright board shows them, then as a turned
 * one does, and each instance draws the half its board needs.
 */
import { CanvasTexture, InstancedMesh, Matrix4, PlaneGeometry, ShaderMaterial } from 'three';
import { mergedParts, withColours } from '../gpu/geometries';
import type { StageLayout } from './stage';
import { addBoardUniforms, BOARD_GLSL, PLACE_GLSL, setOnBoard } from '../gpu/boardSpace';

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

/** A glyph's quad: lying on the rim at (x, z), turned by yaw, its uv on the glyph's atlas cell. */
function glyphQuad(glyph: number, x: number, z: number, yaw: number): PlaneGeometry {
  const quad = new PlaneGeometry(SIZE, SIZE)
    .rotateX(-Math.PI / 2)
    .rotateY(yaw)
    .translate(x, 0.002, z);
  const uv = quad.getAttribute('uv');
  for (let i = 0; i < uv.count; i++) uv.setX(i, (uv.getX(i) + glyph) / GLYPHS.length);
  return quad;
}

/**
 * A board's glyphs as an upright board shows them (quads 0–15), then as a turned one does
 * (16–31; instance kind 1). A turned board's near edge is rank 8 and its left edge the h-file
 * side, read upside down in the board's own frame: so its glyphs turn with it, back upright for
 * the viewer.
 */
export const COORDINATE_GEOMETRY = (() => {
  const quads: PlaneGeometry[] = [];
  for (const turned of [false, true]) {
    const s = turned ? -1 : 1;
    const yaw = turned ? Math.PI : 0;
    for (let i = 0; i < 8; i++) {
      // File i under its column, on the near rim; rank i + 1 beside its row, on the left rim.
      quads.push(glyphQuad(i, i - 3.5, s * RIM, yaw), glyphQuad(8 + i, -s * RIM, 3.5 - i, yaw));
    }
  }
  return mergedParts(quads, 'coordinate glyphs');
})();

/** The vertices of one way of showing a board's glyphs (16 quads of 4). */
const LAYOUT_VERTICES = 16 * 4;

/** The mesh for `boards` boards: an instance a board. */
export function makeCoordinates(boards: number): InstancedMesh {
  const material = new ShaderMaterial({
    uniforms: { map: { value: atlas() } },
    // Placed and faded with its board (boardSpace.ts); the half of the glyphs a board does not
    // show collapses to a point (nothing drawn).
    vertexShader: /* glsl */ `${BOARD_GLSL}
      varying vec2 vUv;
      varying vec3 vColor;
      void main() {${PLACE_GLSL}
        vUv = uv;
        vColor = boardToned(board, instanceColor, vec3(0.0, 1.0, 1.0));
        bool shown = gl_VertexID / ${LAYOUT_VERTICES} == kind;
        gl_Position = shown
          ? projectionMatrix * modelViewMatrix * placedMatrix * vec4(position, 1.0)
          : vec4(0.0, 0.0, 0.0, 1.0);
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
  const mesh = new InstancedMesh(COORDINATE_GEOMETRY, material, boards);
  mesh.frustumCulled = false;
  withColours(mesh);
  return mesh;
}

/** Where a board's glyphs stand in its frame: at its centre, as they are modelled. */
const AT_CENTRE = new Matrix4();

/** Write every shown board's coordinates: an instance at its centre, upright or turned. */
export function writeCoordinates(mesh: InstancedMesh, layout: StageLayout): void {
  let n = 0;
  layout.boards.forEach((board, b) => {
    if (!board.shown || n >= mesh.instanceMatrix.count) return;
    setOnBoard(mesh, n++, b, AT_CENTRE, board.turned ? 1 : 0);
  });
  mesh.count = n;
  mesh.instanceMatrix.needsUpdate = true;
}
