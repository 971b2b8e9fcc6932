/**
 * Materials placed on boards (src/scene/gpu/boardSpace.ts): those that differ only in which of
 * their board's tones they take share one shader program (each compiled program costs the first
 * frame time), and each still gets its own weights.
 */
import { MeshStandardMaterial, type Vector3 } from 'three';
import { expect, test } from 'vitest';
import { compiled, oneProgram } from './compiledShader';
import { onBoards } from '../../src/scene/gpu/boardSpace';

test('materials that differ only in their tone share a program and keep their own weights', () => {
  const squares = onBoards(new MeshStandardMaterial(), [1, 1, 1]);
  const frames = onBoards(new MeshStandardMaterial(), [0, 1, 1]);
  const [a, b] = oneProgram(squares, frames);
  expect((a.uniforms.toneWeights.value as Vector3).toArray()).toEqual([1, 1, 1]);
  expect((b.uniforms.toneWeights.value as Vector3).toArray()).toEqual([0, 1, 1]);
});

test('a dissolving material or a further patch gets a program of its own', () => {
  const plain = onBoards(new MeshStandardMaterial());
  const dissolving = onBoards(new MeshStandardMaterial(), [0, 0, 0, 1]);
  const patched = onBoards(new MeshStandardMaterial(), [0, 0, 0], { key: 'x', patch() {} });
  const keys = new Set([plain, dissolving, patched].map((m) => m.customProgramCacheKey()));
  expect(keys.size).toBe(3);
  expect(compiled(dissolving).vertexShader).not.toBe(compiled(plain).vertexShader);
});
