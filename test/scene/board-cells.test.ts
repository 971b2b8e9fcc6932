/**
 * A board's squares and frame as one instance each (src/scene/gpu/boardCells.ts): the vertex
 * shader finds a vertex's cell by its index, so each geometry must keep its cells' vertices in
 * order, and the squares and the frame share one program.
 */
import { MeshStandardMaterial, Vector3 } from 'three';
import { expect, test } from 'vitest';
import { oneProgram } from './compiledShader';
import {
  BOARD_FRAME_GEOMETRY,
  BOARD_SQUARES_GEOMETRY,
  framesMaterial,
  squaresMaterial,
} from '../../src/scene/gpu/boardCells';

/** The centre of the vertices first…first + count - 1 of a geometry. */
function centre(first: number, count: number, geometry = BOARD_SQUARES_GEOMETRY): Vector3 {
  const position = geometry.getAttribute('position');
  const sum = new Vector3();
  for (let i = first; i < first + count; i++)
    sum.add(new Vector3().fromBufferAttribute(position, i));
  return sum.divideScalar(count);
}

test('square rank * 8 + file is vertices 4k to 4k + 3, centred on its square', () => {
  expect(BOARD_SQUARES_GEOMETRY.getAttribute('position').count).toBe(64 * 4);
  for (let rank = 0; rank < 8; rank++)
    for (let file = 0; file < 8; file++) {
      const k = rank * 8 + file;
      const at = centre(4 * k, 4);
      expect(at.x).toBeCloseTo(file - 3.5);
      expect(at.y).toBeCloseTo(0);
      expect(at.z).toBeCloseTo(3.5 - rank);
    }
  // Every triangle stays within its square's vertices.
  const index = BOARD_SQUARES_GEOMETRY.index!;
  for (let t = 0; t < index.count; t += 3) {
    const cells = new Set([0, 1, 2].map((i) => Math.floor(index.getX(t + i) / 4)));
    expect(cells.size).toBe(1);
  }
});

test("the frame's south half (seat 0) is vertices 0–23, its north half 24–47", () => {
  expect(BOARD_FRAME_GEOMETRY.getAttribute('position').count).toBe(48);
  expect(centre(0, 24, BOARD_FRAME_GEOMETRY).z).toBeCloseTo(2.25);
  expect(centre(24, 24, BOARD_FRAME_GEOMETRY).z).toBeCloseTo(-2.25);
});

test('squares and frames share a program; where their cells start is a uniform', () => {
  const squares = squaresMaterial(new MeshStandardMaterial(), [1, 1, 1]);
  const frames = framesMaterial(new MeshStandardMaterial(), [0, 1, 1]);
  const [a, b] = oneProgram(squares, frames);
  expect(a.vertexShader).toContain('texelFetch(boardCells');
  expect([a.uniforms.cellFirst.value, a.uniforms.cellVertices.value]).toEqual([0, 4]);
  expect([b.uniforms.cellFirst.value, b.uniforms.cellVertices.value]).toEqual([64, 24]);
});
