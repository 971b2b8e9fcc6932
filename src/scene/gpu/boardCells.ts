/**
 * A board's squares, and its frame, each drawn as one instance a board: a board's 64 squares are
 * one geometry, its two frame halves another, and the colour of each square and frame half is a
 * texel of a table (a row a board) that the vertex shader reads by the vertex's cell.
 *
 * Why not an instance a square: that is 64 times as many instances, and a software renderer
 * (SwiftShader, where a browser without a usable GPU draws WebGL) sets up each instance like a
 * draw of its own.
 */
import { BoxGeometry, type Color, type Material, PlaneGeometry, type WebGLRenderer } from 'three';
import { MAX_BOARDS, onBoards, type Tone } from './boardSpace';
import { mergedParts } from './geometries';
import { TexelTable } from './texelTable';

/** The cells of a board's row in the table: its squares (rank * 8 + file), then its frame halves. */
const SQUARES = 64;
const FRAME_HALVES = 2;
const CELLS = SQUARES + FRAME_HALVES;

const table = new TexelTable(CELLS, MAX_BOARDS);

/** The vertices of one square in BOARD_SQUARES_GEOMETRY, and of one half in BOARD_FRAME_GEOMETRY. */
const SQUARE_VERTICES = 4;
const HALF_VERTICES = 24;

/**
 * A board's squares, lying in the board's plane: square rank * 8 + file is unit square centred at
 * (file - 3.5, 0, 3.5 - rank), its vertices 4k to 4k + 3.
 */
export const BOARD_SQUARES_GEOMETRY = mergedParts(
  Array.from({ length: SQUARES }, (_, k) =>
    new PlaneGeometry(1, 1)
      .rotateX(-Math.PI / 2)
      .translate((k % 8) - 3.5, 0, 3.5 - Math.floor(k / 8)),
  ),
  'squares',
);

/** A board's frame under its squares: the south half (seat 0, vertices 0–23), then the north. */
export const BOARD_FRAME_GEOMETRY = mergedParts(
  [2.25, -2.25].map((z) => new BoxGeometry(9, 0.36, 4.5).translate(0, -0.19, z)),
  'frame halves',
);

/**
 * Patch a material standing on boards (onBoards) to take each cell's colour from the table:
 * `first` is the geometry's first cell in a row, `vertices` how many vertices a cell has. The
 * squares and the frame share one program (the cell's place is in uniforms).
 */
function byCell<M extends Material>(material: M, tone: Tone, first: number, vertices: number): M {
  const cell = { cellFirst: { value: first }, cellVertices: { value: vertices } };
  return onBoards(material, tone, {
    key: 'board-cells',
    patch(shader) {
      Object.assign(shader.uniforms, cell, { boardCells: { value: table.texture } });
      shader.vertexShader = `uniform highp sampler2D boardCells;
uniform int cellFirst;
uniform int cellVertices;
${shader.vertexShader.replace(
  '#include <color_vertex>',
  `#include <color_vertex>
  #ifdef USE_INSTANCING_COLOR
    vColor.rgb *= texelFetch(boardCells, ivec2(cellFirst + gl_VertexID / cellVertices, board), 0).rgb;
  #endif`,
)}`;
    },
  });
}

/** The squares' material: each square its cell's colour (its instance colour stays white). */
export const squaresMaterial = <M extends Material>(material: M, tone: Tone): M =>
  byCell(material, tone, 0, SQUARE_VERTICES);

/** The frames' material: each half its cell's colour. */
export const framesMaterial = <M extends Material>(material: M, tone: Tone): M =>
  byCell(material, tone, SQUARES, HALF_VERTICES);

/** Set the colour of square k (rank * 8 + file) of board b. */
export function setSquareColour(b: number, k: number, c: Color): void {
  setCell(b, k, c);
}

/** Set the colour of frame half `seat` (0 south, 1 north) of board b. */
export function setFrameColour(b: number, seat: number, c: Color): void {
  setCell(b, SQUARES + seat, c);
}

function setCell(b: number, cell: number, c: Color): void {
  const i = 4 * (b * CELLS + cell);
  table.texels[i] = c.r;
  table.texels[i + 1] = c.g;
  table.texels[i + 2] = c.b;
  table.texels[i + 3] = 1;
  table.touch();
}

/** Send the cells' colours to the GPU if they changed: once a frame, before drawing. */
export function uploadBoardCells(renderer: WebGLRenderer): void {
  table.upload(renderer);
}
