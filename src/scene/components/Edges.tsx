/**
 * The graph's edges: one tube mesh (one draw call), each edge's colour a texel. An edge joins two
 * live boards that share a seat holder and is tinted in that player's colour; it runs from the
 * rim of one board to the rim of the other, so it is seen between them. A player's edges are
 * the link between their king's instances, lit when it is their turn and pulsing red in check
 * (not under Cowardly Kings, where a king stands on one board and its link joins nothing).
 * The tubes are placed by the vertex shader from the board table, so edges follow boards that
 * move (nothing is rewritten per frame but their extents) and retract when a board collapses;
 * a new edge list re-aims the same tubes (edgeTubes.ts).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Color, MeshBasicMaterial, type Mesh } from 'three';
import { CHECK_RED } from '../gpu/geometries';
import { fx, pulseAt } from '../fx';
import type { Stage } from '../layout/stage';
import { RIM, RIM_DEPTH } from '../layout/world';
import { addBoardUniforms, BOARD_GLSL, MAX_BOARDS } from '../gpu/boardSpace';
import { useCommitCount } from '../commits';
import { EdgeTubes, RADIAL } from '../gpu/edgeTubes';
import { TexelTable } from '../gpu/texelTable';

const RADIUS = 0.085;
const WHITE = new Color('#ffffff');
const GONE = new Color('#6b6863');
/** Room for every edge at 8 players (168) and those of a layout being left (edges beyond: grey). */
const MAX_EDGES = 256;

/**
 * Per-edge data, one column an edge: row 0 its colour and opacity, row 1 how much of it shows
 * (0 retracted … 1 whole). A repaint or a move uploads this small texture, nothing per vertex.
 */
const edgeData = new TexelTable(MAX_EDGES, 2);
const edgeTexels = edgeData.texels;
const EXTENT = 4 * MAX_EDGES;

/**
 * The tubes are placed on the GPU from the board table (boardSpace.ts): a vertex's position
 * holds where it is on its edge — (fraction along it, step around the tube, edge index) — and
 * `edgeEnds` the two boards (the one it grows from first). The shader is world.ts's edgeCurve:
 * a quadratic curve from rim to rim, sagging below the straight line.
 */
const EDGE_MATERIAL = new MeshBasicMaterial({
  transparent: true,
  depthWrite: false,
});
EDGE_MATERIAL.onBeforeCompile = (shader) => {
  addBoardUniforms(shader);
  shader.uniforms.edgeData = { value: edgeData.texture };
  shader.fragmentShader = `varying vec4 vEdgeColour;
${shader.fragmentShader.replace('#include <color_fragment>', 'diffuseColor *= vEdgeColour;')}`;
  shader.vertexShader = `${BOARD_GLSL}
uniform highp sampler2D edgeData;
varying vec4 vEdgeColour;
attribute vec2 edgeEnds;
/** The point of board a's rim that faces board b (world.ts rimPoint). */
vec3 rimPoint(int a, int b) {
  vec3 pa = boardPosition(a).xyz;
  vec4 q = boardRotation(a);
  vec3 d = boardRotate(vec4(-q.xyz, q.w), boardPosition(b).xyz - pa);
  d.y = 0.0;
  float k = max(abs(d.x), abs(d.z));
  d = k < 1e-9 ? vec3(0.0, 0.0, ${RIM.toFixed(4)}) : d * (${RIM.toFixed(4)} / k);
  d.y = ${RIM_DEPTH.toFixed(4)};
  return pa + boardRotate(q, d);
}
${shader.vertexShader.replace(
  '#include <begin_vertex>',
  /* glsl */ `
  int a = int(edgeEnds.x + 0.5);
  int b = int(edgeEnds.y + 0.5);
  int e = int(position.z + 0.5);
  bool known = e < ${MAX_EDGES};
  float extent = known ? clamp(texelFetch(edgeData, ivec2(e, 1), 0).x, 0.0, 1.0) : 1.0;
  vEdgeColour = known ? texelFetch(edgeData, ivec2(e, 0), 0) : vec4(0.5, 0.5, 0.5, 0.3);
  float u = position.x * extent;
  vec3 p0 = rimPoint(a, b);
  vec3 p2 = rimPoint(b, a);
  vec3 p1 = 0.5 * (p0 + p2);
  p1.y -= distance(p0, p2) * 0.14;
  vec3 along = mix(mix(p0, p1, u), mix(p1, p2, u), u);
  vec3 tangent = normalize((1.0 - u) * (p1 - p0) + u * (p2 - p1));
  vec3 n = cross(tangent, vec3(0.0, 1.0, 0.0));
  n = dot(n, n) < 1e-6 ? vec3(1.0, 0.0, 0.0) : normalize(n);
  vec3 bn = normalize(cross(n, tangent));
  float angle = position.y * ${((2 * Math.PI) / RADIAL).toFixed(8)};
  float r = extent < 0.002 ? 0.0 : ${RADIUS.toFixed(4)};
  vec3 transformed = along + (n * cos(angle) + bn * sin(angle)) * r;`,
)}`;
};
EDGE_MATERIAL.customProgramCacheKey = () => 'edges';

/**
 * Write how much of each edge shows now. Uploaded only when an extent changed (edges growing or
 * retracting), not on every frame of a glide.
 */
function writeExtents(stage: Stage): void {
  let changed = false;
  stage.current.edges.forEach((e, i) => {
    const at = EXTENT + 4 * i;
    if (i < MAX_EDGES && edgeTexels[at] !== e.extent) {
      edgeTexels[at] = e.extent;
      changed = true;
    }
  });
  if (changed) edgeData.touch();
}

export interface EdgesProps {
  stage: Stage;
  colours: string[];
  turn: number;
  checked: number[];
  /** Board pairs to light (a selected piece's shift routes). */
  lit: [number, number][];
  /** Eliminated players (their links go dark). */
  gone: number[];
  /** Whether edges are king links (not under Cowardly Kings). */
  kingLinks: boolean;
}

const c = new Color();

interface PaintInput {
  /** Opacity of an edge at rest: lower when there are many (a calm picture at 8 players). */
  base: number;
  armies: Color[];
  turn: number;
  /** Lit board pairs (pairKey). */
  litSet: Set<number>;
  checkedSet: Set<number>;
  goneSet: Set<number>;
}

/** A board pair as one number, the same either way round. */
const pairKey = (a: number, b: number) => (a < b ? a * MAX_BOARDS + b : b * MAX_BOARDS + a);

/** Colour every edge: army colour, brighter for the mover, red pulse in check, lit routes. */
function paintEdges(stage: Stage, input: PaintInput, now: number) {
  const { armies, turn, litSet, checkedSet, goneSet } = input;
  const pulse = pulseAt(now);
  const [fa, fb] = fx.flight;
  stage.current.edges.forEach((e, i) => {
    if (i >= MAX_EDGES) return;
    const flying = (e.a === fa && e.b === fb) || (e.a === fb && e.b === fa);
    let alpha = input.base;
    c.copy(armies[e.player] ?? c.set('#888'));
    if (goneSet.has(e.player)) {
      c.copy(GONE);
      alpha = 0.22;
    } else if (checkedSet.has(e.player)) {
      c.lerp(CHECK_RED, 0.5 + 0.5 * pulse);
      alpha = 0.6 + 0.35 * pulse;
    } else if (e.player === turn) alpha = 0.85;
    if (litSet.has(pairKey(e.a, e.b)) || flying) {
      c.lerp(WHITE, 0.4);
      alpha = 1;
    }
    edgeTexels[4 * i] = c.r;
    edgeTexels[4 * i + 1] = c.g;
    edgeTexels[4 * i + 2] = c.b;
    edgeTexels[4 * i + 3] = alpha;
  });
  edgeData.touch();
}

interface EdgeMeshState {
  mesh: Mesh | null;
  tubes: EdgeTubes;
  version: number;
}

/**
 * Follow the stage's edge list (true when it changed: the colours need painting) and the edges'
 * extents as they move.
 */
function syncEdges(state: EdgeMeshState, stage: Stage, segments: number): boolean {
  const { tubes } = state;
  const was = tubes.geometry;
  const changed = tubes.follow(stage.current.edges, stage.edgesVersion, segments);
  if (state.mesh && tubes.geometry !== was) state.mesh.geometry = tubes.geometry!;
  if (changed) state.version = -1;
  if (state.version !== stage.version) writeExtents(stage);
  state.version = stage.version;
  return changed;
}

export function Edges({ stage, colours, turn, checked, lit, gone, kingLinks }: EdgesProps) {
  useCommitCount('Edges');
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  const segments = stage.current.players > 5 ? 14 : 22;
  const state = useRef<EdgeMeshState>({
    mesh: null,
    tubes: new EdgeTubes(),
    version: -1,
  });
  const latest = useRef<PaintInput | null>(null);
  const pulsing = kingLinks && checked.length > 0;

  useLayoutEffect(() => {
    latest.current = {
      base: stage.current.players > 5 ? 0.26 : stage.current.players > 4 ? 0.38 : 0.55,
      armies: colours.map((h) => new Color(h)),
      turn,
      litSet: new Set(lit.map(([a, b]) => pairKey(a, b))),
      checkedSet: new Set(kingLinks ? checked : []),
      goneSet: new Set(gone),
    };
    syncEdges(state.current, stage, segments);
    paintEdges(stage, latest.current, performance.now());
    invalidate();
  }, [stage, segments, colours, turn, checked, lit, gone, kingLinks, invalidate]);

  useEffect(() => {
    const s = state.current;
    return () => s.tubes.dispose();
  }, []);

  // Repainted when the colours change: the pulse runs, or a flight starts or ends (lit edge).
  const painted = useRef({ pulse: false, flight: -1 });
  useFrame(() => {
    const now = performance.now();
    const changed = syncEdges(state.current, stage, segments);
    const pulse = pulsing && now < fx.pulseUntil + 100;
    const flight = fx.flight[0] * 64 + fx.flight[1];
    const was = painted.current;
    if (latest.current && (pulse || was.pulse || was.flight !== flight || changed))
      paintEdges(stage, latest.current, now);
    was.pulse = pulse;
    was.flight = flight;
    edgeData.upload(gl);
  });

  return (
    <mesh
      ref={(m) => {
        state.current.mesh = m;
        if (m && state.current.tubes.geometry) m.geometry = state.current.tubes.geometry;
      }}
      material={EDGE_MATERIAL}
      frustumCulled={false}
    />
  );
}
