/**
 * The scene's lights as constants in the lit materials' shaders (src/scene/gpu/lighting.ts). That
 * the boards look lit in the browser is checked in test/browser/view.test.ts.
 */
import { Color, ShaderChunk, ShaderLib } from 'three';
import { expect, test } from 'vitest';
import { SCENE_LIGHTS_CHUNK, withSceneLights } from '../../src/scene/gpu/lighting';

const glsl = (c: Color) => `vec3(${[c.r, c.g, c.b].map((x) => x.toFixed(6)).join(', ')})`;

test('a standard material’s fragment shader gets three’s light chunk with the lights written in', () => {
  const shader = withSceneLights(ShaderLib.physical.fragmentShader);
  expect(shader).not.toContain('#include <lights_fragment_begin>');
  expect(shader).toContain(SCENE_LIGHTS_CHUNK);
  // Both directional lights, each applied by three's own RE_Direct, in the working colour space.
  expect(SCENE_LIGHTS_CHUNK.match(/RE_Direct\(directLight,/g)).toHaveLength(2);
  expect(SCENE_LIGHTS_CHUNK).toContain(glsl(new Color('#ffffff').multiplyScalar(1.9)));
  expect(SCENE_LIGHTS_CHUNK).toContain(glsl(new Color('#9fb4ff').multiplyScalar(0.5)));
  // The hemisphere light's sky and ground.
  expect(SCENE_LIGHTS_CHUNK).toContain(glsl(new Color('#cfd8ff').multiplyScalar(1.1)));
  expect(SCENE_LIGHTS_CHUNK).toContain(glsl(new Color('#1a1620').multiplyScalar(1.1)));
  // Every other line of three's chunk is kept, in order; only the multiple-scattering
  // condition (true with direct lights) is replaced.
  let at = 0;
  for (const line of ShaderChunk.lights_fragment_begin.split('\n')) {
    if (line.includes('NUM_SUN_LIGHTS > 0 || NUM_DIR_LIGHTS > 0')) continue;
    const next = SCENE_LIGHTS_CHUNK.indexOf(line, at);
    expect(next, line).toBeGreaterThanOrEqual(at);
    at = next + line.length;
  }
});

test('a shader without the light chunk is refused with a clear error', () => {
  expect(() => withSceneLights('void main() {}')).toThrow(
    'lighting: "#include <lights_fragment_begin>" not found',
  );
});
