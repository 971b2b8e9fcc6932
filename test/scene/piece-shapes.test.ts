/**
 * The pieces' shapes (src/scene/gpu/geometries.ts), a mesh each kind (Pieces.tsx): smoothly
 * shaded, and indexed, so that a vertex the triangles around it share is shaded once.
 */
import { Vector3 } from 'three';
import { expect, test } from 'vitest';
import { PIECE_SHAPES } from '../../src/scene/gpu/geometries';

const roles = PIECE_SHAPES.slice(1);

test('every kind of piece has a shape: pawn, knight, bishop, rook, queen, king', () => {
  expect(roles).toHaveLength(6);
  for (const shape of roles) expect(shape.index?.count ?? 0).toBeGreaterThan(0);
});

test('the shapes carry vertex normals (without them three.js shades every facet flat)', () => {
  for (const shape of roles) {
    const normal = shape.getAttribute('normal');
    expect(normal?.count).toBe(shape.getAttribute('position').count);
  }
});

test('a turned piece is smooth: the corners of a triangle on its body have normals of their own', () => {
  // The pawn is a lathe (a profile turned about its axis): around it, its normals turn with it.
  const pawn = PIECE_SHAPES[1];
  const index = pawn.index!;
  const normal = pawn.getAttribute('normal');
  const a = new Vector3();
  const b = new Vector3();
  let smooth = 0;
  for (let t = 0; t < index.count; t += 3) {
    a.fromBufferAttribute(normal, index.getX(t));
    b.fromBufferAttribute(normal, index.getX(t + 1));
    if (a.angleTo(b) > 0.05) smooth++;
  }
  expect(smooth).toBeGreaterThan(index.count / 3 / 2);
});

test('vertices are shared by the triangles around them: fewer vertices than triangles in all', () => {
  // The knight's head is flat-faced (each face its own normals); the turned pieces share.
  const count = (f: (shape: (typeof roles)[number]) => number) =>
    roles.reduce((sum, shape) => sum + f(shape), 0);
  const vertices = count((shape) => shape.getAttribute('position').count);
  const triangles = count((shape) => shape.index!.count / 3);
  expect(vertices).toBeLessThan(triangles);
});
