/**
 * The edges' tube geometry (one mesh, placed on the GPU by Edges.tsx's shader). Where a vertex is
 * on its tube — (fraction along it, step around it, edge index) — does not depend on which boards
 * the edge joins, so the tubes are built once for a table and a new edge list (a collapse, a
 * change of view) only rewrites each vertex's `edgeEnds`: rebuilding them cost an 8-player
 * collapse a frame of about 9 ms.
 */
import { BufferAttribute, BufferGeometry } from 'three';
import type { StageEdge } from '../layout/stage';

/** Vertices around a tube. */
export const RADIAL = 6;

/** Tubes for `capacity` edges of `segments` segments each, none drawn yet (see writeEnds). */
function tubeGeometry(capacity: number, segments: number): BufferGeometry {
  const perEdge = (segments + 1) * RADIAL;
  const at = new Float32Array(capacity * perEdge * 3);
  for (let e = 0, v = 0; e < capacity; e++)
    for (let j = 0; j <= segments; j++)
      for (let k = 0; k < RADIAL; k++, v += 3) {
        at[v] = j / segments;
        at[v + 1] = k;
        at[v + 2] = e;
      }
  const index = new Uint32Array(capacity * segments * RADIAL * 6);
  for (let e = 0, n = 0; e < capacity; e++) {
    const base = e * perEdge;
    for (let j = 0; j < segments; j++)
      for (let k = 0; k < RADIAL; k++, n += 6) {
        const a = base + j * RADIAL + k;
        const b = base + (j + 1) * RADIAL + k;
        const c = base + (j + 1) * RADIAL + ((k + 1) % RADIAL);
        const d = base + j * RADIAL + ((k + 1) % RADIAL);
        index[n] = a;
        index[n + 1] = b;
        index[n + 2] = d;
        index[n + 3] = b;
        index[n + 4] = c;
        index[n + 5] = d;
      }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(at, 3));
  g.setAttribute('edgeEnds', new BufferAttribute(new Float32Array(capacity * perEdge * 2), 2));
  g.setIndex(new BufferAttribute(index, 1));
  g.setDrawRange(0, 0);
  return g;
}

/** Point the first tubes at the stage's edges (from the end each grows from) and draw those. */
function writeEnds(g: BufferGeometry, edges: StageEdge[], segments: number): void {
  const ends = g.getAttribute('edgeEnds') as BufferAttribute;
  const values = ends.array as Float32Array;
  const perEdge = (segments + 1) * RADIAL;
  let v = 0;
  for (const edge of edges) {
    const other = edge.anchor === edge.a ? edge.b : edge.a;
    for (let i = 0; i < perEdge; i++, v += 2) {
      values[v] = edge.anchor;
      values[v + 1] = other;
    }
  }
  ends.clearUpdateRanges();
  ends.addUpdateRange(0, v);
  ends.needsUpdate = true;
  g.setDrawRange(0, edges.length * segments * RADIAL * 6);
}

/** Tubes for n edges: a power of two, so that the edges a transition adds rarely need a rebuild. */
const tubesFor = (n: number) => 2 ** Math.max(3, Math.ceil(Math.log2(Math.max(1, n))));

/** The tube geometry of a stage's edges, following its edge list. */
export class EdgeTubes {
  geometry: BufferGeometry | null = null;
  /** The tubes the geometry holds, and their segments. */
  private capacity = 0;
  private segments = 0;
  private edgesVersion = -1;

  /**
   * Follow `edges` (of version `edgesVersion`); true when they changed. Builds new tubes only
   * when there are more edges than tubes or the segments changed.
   */
  follow(edges: StageEdge[], edgesVersion: number, segments: number): boolean {
    if (!this.geometry || this.segments !== segments || this.capacity < edges.length) {
      this.geometry?.dispose();
      this.capacity = tubesFor(edges.length);
      this.segments = segments;
      this.geometry = tubeGeometry(this.capacity, segments);
      this.edgesVersion = -1;
    }
    if (this.edgesVersion === edgesVersion) return false;
    writeEnds(this.geometry, edges, segments);
    this.edgesVersion = edgesVersion;
    return true;
  }

  dispose(): void {
    this.geometry?.dispose();
  }
}
