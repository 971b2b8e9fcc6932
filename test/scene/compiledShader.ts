/** What three.js hands a standard material's onBeforeCompile, after it has run (its shaders and uniforms). */
import { ShaderLib, UniformsUtils, type MeshStandardMaterial } from 'three';

export function compiled(material: MeshStandardMaterial) {
  const shader = {
    uniforms: UniformsUtils.clone(ShaderLib.physical.uniforms),
    vertexShader: ShaderLib.physical.vertexShader,
    fragmentShader: ShaderLib.physical.fragmentShader,
  };
  material.onBeforeCompile(shader as never, undefined as never);
  return shader;
}
