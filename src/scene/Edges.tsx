/**
 * The graph's edges: one tube mesh (one draw call) with a colour per vertex. An edge joins two
 * live boards that share a seat holder and is tinted in that player's colour; it runs from the
 * rim of one board to the rim of the other, so it is seen between them. A player's edges are
 * the link between their king's instances, lit when it is their turn and pulsing red in check
 * (not under Cowardly Kings, where a king stands on one board and its link joins nothing).
 * The tube vertices are written here from the stage, so edges follow boards that move and
 * retract when a board collapses.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  MeshBasicMaterial,
  QuadraticBezierCurve3,
  Vector3,
  type Mesh,
} from 'three';
import { CHECK_RED } from './geometries';
import { fx, pulseAt } from './fx';
import type { Stage } from './stage';
import { edgeCurve } from './world';
import { useCommitCount } from './commits';

const EDGE_MATERIAL = new MeshBasicMaterial({
  vertexColors: true,
  transparent: true,
  depthWrite: false,
});

const RADIAL = 6;
const RADIUS = 0.085;
const WHITE = new Color('#ffffff');
const GONE = new Color('#6b6863');

/** A tube geometry with room for `edges` edges of `segments` segments each. */
function tubeGeometry(edges: number, segments: number): BufferGeometry {
  const ring = RADIAL;
  const perEdge = (segments + 1) * ring;
  const g = new BufferGeometry();
  const total = Math.max(1, edges) * perEdge;
  g.setAttribute('position', new BufferAttribute(new Float32Array(total * 3), 3));
  g.setAttribute('color', new BufferAttribute(new Float32Array(total * 4), 4));
  const index = new Uint32Array(Math.max(1, edges) * segments * ring * 6);
  let n = 0;
  for (let e = 0; e < edges; e++) {
    const base = e * perEdge;
    for (let j = 0; j < segments; j++)
      for (let k = 0; k < ring; k++) {
        const a = base + j * ring + k;
        const b = base + (j + 1) * ring + k;
        const c = base + (j + 1) * ring + ((k + 1) % ring);
        const d = base + j * ring + ((k + 1) % ring);
        index.set([a, b, d, b, c, d], n);
        n += 6;
      }
  }
  g.setIndex(new BufferAttribute(index, 1));
  g.setDrawRange(0, edges * segments * ring * 6);
  return g;
}

const P = new Vector3();
const Tn = new Vector3();
const N = new Vector3();
const B = new Vector3();
const UP = new Vector3(0, 1, 0);
const tube = new QuadraticBezierCurve3();

/** Write every edge's tube vertices from where the boards are now. */
function writeTubes(g: BufferGeometry, stage: Stage, segments: number): void {
  const pos = g.getAttribute('position') as BufferAttribute;
  const arr = pos.array as Float32Array;
  const layout = stage.current;
  let v = 0;
  for (const e of layout.edges) {
    const other = e.anchor === e.a ? e.b : e.a;
    const curve = edgeCurve(layout, e.anchor, other, tube);
    const extent = Math.max(0, Math.min(1, e.extent));
    for (let j = 0; j <= segments; j++) {
      const u = (j / segments) * extent;
      curve.getPoint(u, P);
      curve.getTangent(u, Tn);
      N.crossVectors(Tn, UP);
      if (N.lengthSq() < 1e-6) N.set(1, 0, 0);
      N.normalize();
      B.crossVectors(N, Tn).normalize();
      const r = extent < 0.002 ? 0 : RADIUS;
      for (let k = 0; k < RADIAL; k++) {
        const a = (k / RADIAL) * Math.PI * 2;
        const cx = Math.cos(a) * r;
        const sy = Math.sin(a) * r;
        arr[v++] = P.x + N.x * cx + B.x * sy;
        arr[v++] = P.y + N.y * cx + B.y * sy;
        arr[v++] = P.z + N.z * cx + B.z * sy;
      }
    }
  }
  pos.needsUpdate = true;
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
  litSet: Set<string>;
  checkedSet: Set<number>;
  goneSet: Set<number>;
}

/** Colour every edge: army colour, brighter for the mover, red pulse in check, lit routes. */
function paintEdges(
  g: BufferGeometry,
  stage: Stage,
  segments: number,
  input: PaintInput,
  now: number,
) {
  const { armies, turn, litSet, checkedSet, goneSet } = input;
  const attr = g.getAttribute('color') as BufferAttribute;
  const arr = attr.array as Float32Array;
  const pulse = pulseAt(now);
  const [fa, fb] = fx.flight;
  const perEdge = (segments + 1) * RADIAL;
  stage.current.edges.forEach((e, i) => {
    const k = e.a < e.b ? `${e.a}:${e.b}` : `${e.b}:${e.a}`;
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
    if (litSet.has(k) || flying) {
      c.lerp(WHITE, 0.4);
      alpha = 1;
    }
    for (let j = i * perEdge; j < (i + 1) * perEdge; j++) {
      arr[j * 4] = c.r;
      arr[j * 4 + 1] = c.g;
      arr[j * 4 + 2] = c.b;
      arr[j * 4 + 3] = alpha;
    }
  });
  attr.needsUpdate = true;
}

interface EdgeMeshState {
  mesh: Mesh | null;
  geometry: BufferGeometry | null;
  edgesVersion: number;
  version: number;
}

/** (Re)build the geometry when the edge list changes, rewrite its vertices when boards move. */
function syncEdges(state: EdgeMeshState, stage: Stage, segments: number): boolean {
  let g = state.geometry;
  if (!g || state.edgesVersion !== stage.edgesVersion) {
    g?.dispose();
    g = tubeGeometry(stage.current.edges.length, segments);
    state.geometry = g;
    if (state.mesh) state.mesh.geometry = g;
    state.edgesVersion = stage.edgesVersion;
    state.version = -1;
  }
  if (state.version === stage.version) return false;
  writeTubes(g, stage, segments);
  state.version = stage.version;
  return true;
}

export function Edges({ stage, colours, turn, checked, lit, gone, kingLinks }: EdgesProps) {
  useCommitCount('Edges');
  const invalidate = useThree((s) => s.invalidate);
  const segments = stage.current.players > 5 ? 14 : 22;
  const state = useRef<EdgeMeshState>({
    mesh: null,
    geometry: null,
    edgesVersion: -1,
    version: -1,
  });
  const latest = useRef<PaintInput | null>(null);
  const pulsing = kingLinks && checked.length > 0;

  useLayoutEffect(() => {
    latest.current = {
      base: stage.current.players > 5 ? 0.26 : stage.current.players > 4 ? 0.38 : 0.55,
      armies: colours.map((h) => new Color(h)),
      turn,
      litSet: new Set(lit.map(([a, b]) => (a < b ? `${a}:${b}` : `${b}:${a}`))),
      checkedSet: new Set(kingLinks ? checked : []),
      goneSet: new Set(gone),
    };
    syncEdges(state.current, stage, segments);
    if (state.current.geometry)
      paintEdges(state.current.geometry, stage, segments, latest.current, performance.now());
    invalidate();
  }, [stage, segments, colours, turn, checked, lit, gone, kingLinks, invalidate]);

  useEffect(() => {
    const s = state.current;
    return () => s.geometry?.dispose();
  }, []);

  // Repainted when the colours change: the pulse runs, or a flight starts or ends (lit edge).
  const painted = useRef({ pulse: false, flight: -1 });
  useFrame(() => {
    const now = performance.now();
    const rebuilt = syncEdges(state.current, stage, segments);
    const pulse = pulsing && now < fx.pulseUntil + 100;
    const flight = fx.flight[0] * 64 + fx.flight[1];
    const was = painted.current;
    const g = state.current.geometry;
    if (g && latest.current && (pulse || was.pulse || was.flight !== flight || rebuilt))
      paintEdges(g, stage, segments, latest.current, now);
    was.pulse = pulse;
    was.flight = flight;
  });

  return (
    <mesh
      ref={(m) => {
        state.current.mesh = m;
        if (m && state.current.geometry) m.geometry = state.current.geometry;
      }}
      material={EDGE_MATERIAL}
      frustumCulled={false}
    />
  );
}
