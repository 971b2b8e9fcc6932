/** A standard material's shaders as three.js builds them, for the material tests. */
import { ShaderLib, UniformsUtils, type MeshStandardMaterial } from 'three';
import { expect } from 'vitest';

/** What three.js hands a standard material's onBeforeCompile, after it has run. */
export function compiled(material: MeshStandardMaterial) {
  const shader = {
    uniforms: UniformsUtils.clone(ShaderLib.physical.uniforms),
    vertexShader: ShaderLib.physical.vertexShader,
    fragmentShader: ShaderLib.physical.fragmentShader,
  };
  material.onBeforeCompile(shader as never, undefined as never);
  return shader;
}

/**
 * Check that two materials compile to one program (the same cache key, the same shaders), and
 * return what each hands onBeforeCompile.
 */
export function oneProgram(a: MeshStandardMaterial, b: MeshStandardMaterial) {
  expect(a.customProgramCacheKey()).toBe(b.customProgramCacheKey());
  const shaders = [compiled(a), compiled(b)] as const;
  expect(shaders[0].vertexShader).toBe(shaders[1].vertexShader);
  expect(shaders[0].fragmentShader).toBe(shaders[1].fragmentShader);
  return shaders;
}
