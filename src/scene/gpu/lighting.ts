/**
 * The scene's lights, written into the lit materials' fragment shaders as constants instead of
 * being light objects in the scene. The lights never change, so the renderer need not set them
 * up every frame nor walk their uniforms on every draw of a lit material (measured: about
 * 0.05 ms of a 1 ms 8-player animation frame; see the README). The shading is three.js's own
 * (its physical BRDF, its hemisphere and directional light terms): only where the light's
 * colour and direction come from changes.
 */
import { Color, ShaderChunk, Vector3 } from 'three';

/** Sky and ground colours of the hemisphere light (from straight above), and its intensity. */
const HEMISPHERE = { sky: '#cfd8ff', ground: '#1a1620', intensity: 1.1 };

/** Directional lights: where each shines from (towards the origin), colour, intensity. */
const DIRECTIONAL = [
  { from: [30, 80, 60], colour: '#ffffff', intensity: 1.9 },
  { from: [-50, 30, -40], colour: '#9fb4ff', intensity: 0.5 },
] as const;

const f = (x: number) => x.toFixed(6);
const vec3 = (x: number, y: number, z: number) => `vec3(${f(x)}, ${f(y)}, ${f(z)})`;
/** A colour times an intensity, in the working (linear) colour space, as three's uniforms hold it. */
const light = (hex: string, intensity: number) => {
  const c = new Color(hex).multiplyScalar(intensity);
  return vec3(c.r, c.g, c.b);
};
const direction = (from: readonly number[]) => {
  const d = new Vector3(from[0], from[1], from[2]).normalize();
  return vec3(d.x, d.y, d.z);
};

/** Each light as three's directional-light loop would apply it, its direction in view space. */
const DIRECT_GLSL = DIRECTIONAL.map(
  (l) => /* glsl */ `
  directLight.direction = normalize(mat3(viewMatrix) * ${direction(l.from)});
  directLight.color = ${light(l.colour, l.intensity)};
  directLight.visible = true;
  RE_Direct(directLight, geometryPosition, geometryNormal, geometryViewDir, geometryClearcoatNormal, material, reflectedLight);`,
).join('');

/** three.js's getHemisphereLightIrradiance, with the light's values as constants. */
const HEMISPHERE_GLSL = /* glsl */ `
    irradiance += mix(${light(HEMISPHERE.ground, HEMISPHERE.intensity)}, ${light(HEMISPHERE.sky, HEMISPHERE.intensity)},
      0.5 * dot(geometryNormal, normalize(mat3(viewMatrix) * vec3(0.0, 1.0, 0.0))) + 0.5);`;

/** Replace `search` in `text`, which must be there (a three.js upgrade that moved it fails here). */
function patch(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`lighting: "${search}" not found in the light chunk`);
  return text.replace(search, replacement);
}

/** three's lights_fragment_begin as it runs with the lights above (and no light objects). */
export const SCENE_LIGHTS_CHUNK = [
  // The multiple-scattering term three computes only when there are direct lights.
  [
    '#if ( NUM_SUN_LIGHTS > 0 || NUM_DIR_LIGHTS > 0 || NUM_POINT_LIGHTS > 0 || NUM_SPOT_LIGHTS > 0 )',
    '#if 1',
  ],
  ['IncidentLight directLight;', `IncidentLight directLight;${DIRECT_GLSL}`],
  [
    'vec3 irradiance = getAmbientLightIrradiance( ambientLightColor );',
    `vec3 irradiance = getAmbientLightIrradiance( ambientLightColor );${HEMISPHERE_GLSL}`,
  ],
].reduce(
  (text, [search, replacement]) => patch(text, search, replacement),
  ShaderChunk.lights_fragment_begin,
);

/** A lit material's fragment shader, lit by the scene's lights. */
export const withSceneLights = (fragmentShader: string): string =>
  patch(fragmentShader, '#include <lights_fragment_begin>', SCENE_LIGHTS_CHUNK);
