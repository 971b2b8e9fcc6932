/**
 * The graph's edges: one merged tube geometry (one draw call) with a colour per vertex. An edge
 * joins two boards that share a player and is tinted in that player's colour; a player's edges
 * are the link between their king's instances, lit when it is their turn and pulsing red in check.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  Color,
  MeshBasicMaterial,
  TubeGeometry,
  type BufferGeometry,
} from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { CHECK_RED } from './geometries';
import { fx, pulseAt } from './fx';
import type { Layout } from './layout';
import { edgeCurve } from './world';

const EDGE_MATERIAL = new MeshBasicMaterial({
  vertexColors: true,
  transparent: true,
  depthWrite: false,
});

interface EdgeMesh {
  geometry: BufferGeometry;
  /** First vertex and vertex count of each edge in the merged geometry. */
  ranges: [number, number][];
}

const cache = new Map<Layout, EdgeMesh>();

function buildEdges(layout: Layout): EdgeMesh {
  const hit = cache.get(layout);
  if (hit) return hit;
  const parts: BufferGeometry[] = [];
  const ranges: [number, number][] = [];
  let start = 0;
  const segments = layout.players > 5 ? 14 : 24;
  for (const e of layout.edges) {
    const tube = new TubeGeometry(edgeCurve(layout, e.a, e.b), segments, 0.07, 5, false);
    tube.deleteAttribute('uv');
    tube.deleteAttribute('normal');
    const n = tube.getAttribute('position').count;
    ranges.push([start, n]);
    start += n;
    parts.push(tube);
  }
  const geometry = parts.length ? mergeGeometries(parts, false) : null;
  const g = geometry ?? new TubeGeometry(undefined, 1, 0.01, 3);
  g.setAttribute('color', new BufferAttribute(new Float32Array(start * 4 || 4), 4));
  g.computeBoundingSphere();
  for (const p of parts) p.dispose();
  const made = { geometry: g, ranges };
  cache.set(layout, made);
  return made;
}

export interface EdgesProps {
  layout: Layout;
  colours: string[];
  turn: number;
  checked: number[];
  /** Board pairs to light (a selected piece's shift routes). */
  lit: [number, number][];
  /** Eliminated players (their links go dark). */
  gone: number[];
}

const c = new Color();

export function Edges({ layout, colours, turn, checked, lit, gone }: EdgesProps) {
  const invalidate = useThree((s) => s.invalidate);
  const mesh = useMemo(() => buildEdges(layout), [layout]);
  const armies = useMemo(() => colours.map((h) => new Color(h)), [colours]);

  const paint = useMemo(() => {
    const litSet = new Set(lit.map(([a, b]) => (a < b ? `${a}:${b}` : `${b}:${a}`)));
    const checkedSet = new Set(checked);
    const goneSet = new Set(gone);
    return (now: number) => {
      const attr = mesh.geometry.getAttribute('color') as BufferAttribute;
      const arr = attr.array as Float32Array;
      const pulse = pulseAt(now);
      const [fa, fb] = fx.flight;
      layout.edges.forEach((e, i) => {
        const k = `${e.a}:${e.b}`;
        const flying = (e.a === fa && e.b === fb) || (e.a === fb && e.b === fa);
        let alpha = 0.3;
        c.copy(armies[e.player] ?? c.set('#888'));
        if (goneSet.has(e.player)) {
          c.set('#6b6863');
          alpha = 0.1;
        } else if (checkedSet.has(e.player)) {
          c.lerp(CHECK_RED, 0.5 + 0.5 * pulse);
          alpha = 0.5 + 0.4 * pulse;
        } else if (e.player === turn) alpha = 0.6;
        if (litSet.has(k) || flying) {
          c.lerp(new Color('#ffffff'), 0.35);
          alpha = 1;
        }
        const [start, n] = mesh.ranges[i];
        for (let j = start; j < start + n; j++) {
          arr[j * 4] = c.r;
          arr[j * 4 + 1] = c.g;
          arr[j * 4 + 2] = c.b;
          arr[j * 4 + 3] = alpha;
        }
      });
      attr.needsUpdate = true;
    };
  }, [mesh, layout, armies, turn, checked, lit, gone]);

  useLayoutEffect(() => {
    paint(performance.now());
    invalidate();
  }, [paint, invalidate]);

  const wasActive = useRef(false);
  useFrame(() => {
    const now = performance.now();
    const active =
      fx.animating || fx.flight[0] >= 0 || (checked.length > 0 && now < fx.pulseUntil + 100);
    if (active || wasActive.current) paint(now);
    wasActive.current = active;
  });

  return <mesh geometry={mesh.geometry} material={EDGE_MATERIAL} frustumCulled={false} />;
}
