/**
 * The explanation overlay (issue #11): checking pieces and the king outlined, an attack line between,
 * a mated king's lost squares, the selected king's refused squares (a cross; the attackers
 * outlined and their lines drawn when one is pointed at or tapped) and the squares a refused
 * castling would cross under attack (the same way), a pinned piece's pin line,
 * and every action since the player to move last moved in the mover's colour, oldest faintest
 * (a shift as an arc along its edge), and the hint and threats asked for (issue #16: the move
 * framed, with a line or an arc from square to square; the hint in white, each threat in its
 * player's colour). Three draws whatever the number of boards: square frames
 * and crosses are instanced meshes, all lines are one mesh.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  QuadraticBezierCurve3,
  RingGeometry,
  Vector3,
} from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { Advice } from '../../ai/hint';
import { squareKey, type Attack, type Spot } from '../../core';
import { adviceShown } from '../../drivers/advice';
import { useGame } from '../../store/store';
import { explain, type Explanation } from '../../store/explain';
import { shownCursor, shownGame } from '../../store/shown';
import { CHECK_RED, commitInstances, uploadRange, withColours } from '../gpu/geometries';
import { screenOfSquare } from '../input/pick';
import type { SceneHandle } from '../handle';
import type { Stage } from '../layout/stage';
import { edgeCurve, localSquare, squareWorld } from '../layout/world';
import { localMatrix, onBoards, setOnBoard } from '../gpu/boardSpace';
import { useCommitCount } from '../commits';

/** A square outline lying on the board (a ring with four sides, turned square). */
const FRAME_GEOMETRY = new RingGeometry(0.52, 0.68, 4, 1, Math.PI / 4).rotateX(-Math.PI / 2);
/** A flat cross: the marker of a refused square. */
const CROSS_GEOMETRY = (() => {
  const arm = () => new BoxGeometry(0.62, 0.02, 0.11);
  const g = mergeGeometries([arm().rotateY(Math.PI / 4), arm().rotateY(-Math.PI / 4)], false);
  if (!g) throw new Error('cross geometry parts do not merge');
  return g;
})();
/** Frames and crosses: placed on their boards by the board table (boardSpace.ts). */
const OVERLAY_MATERIAL = onBoards(
  new MeshBasicMaterial({
    transparent: true,
    opacity: 0.95,
    depthWrite: false,
    side: DoubleSide,
    forceSinglePass: true, // flat marks (see MARKER_MATERIAL)
    toneMapped: false,
  }),
);
export const LINE_MATERIAL = new MeshBasicMaterial({ vertexColors: true, toneMapped: false });

/** The action pointed at in the move list. */
const POINTED = new Color('#ffffff');
/** What a recent action's colour fades towards as it gets older. */
const FADE = new Color('#30343d');
const LINE_HEIGHT = 0.22;

interface Mark {
  board: number;
  square: number;
  colour: Color;
  scale: number;
}

export interface Line {
  from: Spot;
  to: Spot;
  colour: Color;
  radius: number;
  /** An arrow's head at its end (two barbs). */
  head?: boolean;
}

/** An attack's line, on its board. */
const attackLine = (a: Attack, colour: Color, radius: number): Line => ({
  from: { board: a.board, square: a.from },
  to: { board: a.board, square: a.to },
  colour,
  radius,
});

/** What to draw: frames, crosses and lines (the lines as board spots, placed when drawn). */
interface Drawing {
  frames: Mark[];
  crosses: Mark[];
  /** From square to square: straight on one board, an arc over the edge between two boards. */
  lines: Line[];
}

/** A move to show (a hint, a threat): its squares framed, a line from each to where it goes. */
function moveMarks(d: Drawing, a: Advice, colour: Color, scale: number, radius: number): void {
  for (const s of [...a.from, ...a.to]) d.frames.push({ ...s, colour, scale });
  a.from.forEach((from, i) => {
    const to = a.to[i];
    if (to) d.lines.push({ from, to, colour, radius });
  });
}

/** What the overlay draws for an explanation and the advice shown (pure, for tests). */
export function drawingOf(
  e: Explanation,
  colours: readonly string[],
  advice: { hint: Advice | null; threats: Advice[] },
): Drawing {
  const frames: Mark[] = [];
  const crosses: Mark[] = [];
  const lines: Line[] = [];
  const drawing = { frames, crosses, lines };
  for (const t of advice.threats)
    moveMarks(drawing, t, new Color(colours[t.player] ?? '#ffffff'), 1, 0.045);
  if (advice.hint) moveMarks(drawing, advice.hint, POINTED, 1.12, 0.07);
  const red = CHECK_RED;
  // Since your move: oldest faintest; the action pointed at in the move list in white.
  const oldest = Math.max(1, ...e.recent.map((r) => r.turnsAgo + 1));
  const shown = e.highlight ? [...e.recent, e.highlight] : e.recent;
  for (const r of shown) {
    const pointed = r === e.highlight;
    const colour = pointed
      ? POINTED
      : new Color(colours[r.player] ?? '#ffffff').lerp(FADE, (0.6 * r.turnsAgo) / oldest);
    const scale = pointed ? 1.04 : 0.94;
    for (const s of [...r.from, ...r.to]) frames.push({ ...s, colour, scale });
    if (r.shift) lines.push({ from: r.from[0], to: r.to[0], colour, radius: 0.05 });
  }
  const attackLines = (list: readonly Attack[], radius: number) => {
    for (const a of list) {
      frames.push({ board: a.board, square: a.from, colour: red, scale: 1.08 });
      lines.push(attackLine(a, red, radius));
    }
  };
  attackLines(e.checks, 0.07);
  // The king in check gets the outline too: check is a shape, not only a colour.
  for (const a of e.checks) frames.push({ board: a.board, square: a.to, colour: red, scale: 1.08 });
  if (e.pin) attackLines([e.pin.pinner], 0.05);
  for (const r of [...e.refused, ...e.mate])
    for (const s of r.spots) {
      const here = r.attacks.some((a) => a.board === s.board);
      const held = r.blockers.some((b) => b.board === s.board);
      crosses.push({ ...s, colour: red, scale: here || held ? 1 : 0.62 });
    }
  // A refused castling (R5.4): the squares it would cross under attack, unless crossed already.
  const crossed = new Set(crosses.map((s) => squareKey(s.board, s.square)));
  for (const r of e.crossings)
    for (const s of r.spots)
      if (!crossed.has(squareKey(s.board, s.square))) crosses.push({ ...s, colour: red, scale: 1 });
  // A mated king: every attack that takes a square away (R6.2); a refused one pointed at.
  for (const r of e.mate) for (const a of r.attacks) lines.push(attackLine(a, red, 0.035));
  if (e.hovered) attackLines(e.hovered.attacks, 0.05);
  // A long-pressed square: framed in white (a king on each of its boards), its attackers in red.
  if (e.inspected) {
    for (const s of e.inspected.spots) frames.push({ ...s, colour: POINTED, scale: 1.08 });
    attackLines(e.inspected.attacks, 0.05);
  }
  return drawing;
}

const m = new Matrix4();
const v = new Vector3();

/** How many frames, crosses and line segments were drawn last (read by the test seam). */
export const explainDrawn = { frames: 0, crosses: 0, segments: 0 };

function writeMarks(stage: Stage, mesh: InstancedMesh | null, marks: Mark[], lift: number): number {
  if (!mesh) return 0;
  withColours(mesh);
  const layout = stage.current;
  let n = 0;
  for (const mk of marks) {
    if (n >= mesh.instanceMatrix.count) break;
    if (!layout.boards[mk.board]?.shown) continue;
    const at = localMatrix(localSquare(mk.square, lift, v), 0, mk.scale, m);
    setOnBoard(mesh, n, mk.board, at);
    mesh.setColorAt(n++, mk.colour);
  }
  commitInstances(mesh, n);
  return n;
}

/** Segments of an arc between two boards (a shift). */
const ARC_STEPS = 24;
const arc = new QuadraticBezierCurve3();
const edge = new QuadraticBezierCurve3();
const p0 = new Vector3();
const p1 = new Vector3();

/** Can the line be drawn where the boards are now (both ends on boards shown)? */
const drawable = (stage: Stage, line: Line): boolean =>
  !!stage.current.boards[line.from.board]?.shown && !!stage.current.boards[line.to.board]?.shown;

/** How many segments a line is drawn with. */
const segmentsOf = (line: Line): number =>
  (line.from.board !== line.to.board ? ARC_STEPS : 1) + (line.head ? 2 : 0);

/** An arrow's barbs: their length against the line's radius, and their angle to the line. */
const BARB_LENGTH = 7;
const BARB_ANGLE = Math.PI / 7;
const back = new Vector3();
const across = new Vector3();
const barb = new Vector3();
const tip = new Vector3();

const dir = new Vector3();
const n1 = new Vector3();
const n2 = new Vector3();
const UP = new Vector3(0, 1, 0);
const SIDE = new Vector3(1, 0, 0);
/** Corner offsets (x, y pairs) of a segment's square cross-section, in order round it. */
const CORNERS = [1, 1, -1, 1, -1, -1, 1, -1];

/** Vertex indices of `segments` square prisms (8 vertices, 4 sides of 2 triangles each). */
function prismIndex(segments: number): BufferAttribute {
  const index = new Uint32Array(segments * 24);
  for (let seg = 0, i = 0; seg < segments; seg++) {
    const o = seg * 8;
    for (let k = 0; k < 4; k++) {
      const k2 = (k + 1) % 4;
      index.set([o + k, o + 4 + k, o + k2, o + k2, o + 4 + k, o + 4 + k2], i);
      i += 6;
    }
  }
  return new BufferAttribute(index, 1);
}

/** A geometry with room for `segments` prisms, drawn up to setDrawRange. */
function strokeGeometry(segments: number): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(segments * 24), 3));
  g.setAttribute('color', new BufferAttribute(new Float32Array(segments * 24), 3));
  g.setIndex(prismIndex(segments));
  return g;
}

/** Writes square prisms, one per segment, into a stroke geometry's arrays (one, reused). */
const prisms = {
  vertices: 0,
  position: new Float32Array(0) as Float32Array,
  colour: new Float32Array(0) as Float32Array,

  start(position: Float32Array, colour: Float32Array): void {
    this.vertices = 0;
    this.position = position;
    this.colour = colour;
  },

  segment(a: Vector3, b: Vector3, colour: Color, radius: number): void {
    dir.subVectors(b, a).normalize();
    n1.crossVectors(dir, Math.abs(dir.y) > 0.9 ? SIDE : UP).normalize();
    n2.crossVectors(dir, n1).normalize();
    this.end(a, colour, radius);
    this.end(b, colour, radius);
  },

  end(p: Vector3, colour: Color, radius: number): void {
    for (let k = 0; k < 8; k += 2) {
      const x = CORNERS[k];
      const y = CORNERS[k + 1];
      const at = this.vertices++ * 3;
      this.position[at] = p.x + (n1.x * x + n2.x * y) * radius;
      this.position[at + 1] = p.y + (n1.y * x + n2.y * y) * radius;
      this.position[at + 2] = p.z + (n1.z * x + n2.z * y) * radius;
      this.colour[at] = colour.r;
      this.colour[at + 1] = colour.g;
      this.colour[at + 2] = colour.b;
    }
  },
};

/**
 * The drawing's lines where the boards are now, one square prism per segment, in one geometry
 * (one draw): an attack or a move on one board straight from square to square, a shift as an arc
 * over the middle of the edge the piece travelled along. Rewritten in place as the boards glide
 * (no allocation; the geometry grows only when the lines outgrow it).
 */
export function writeLines(mesh: Mesh | null, stage: Stage, lines: Line[]): number {
  if (!mesh) return 0;
  let segments = 0;
  for (const line of lines) if (drawable(stage, line)) segments += segmentsOf(line);
  let g = mesh.geometry;
  const room = (g.getAttribute('position')?.count ?? 0) / 8;
  if (segments > room || room === 0) {
    g.dispose();
    g = mesh.geometry = strokeGeometry(Math.max(64, 2 * segments));
  }
  const positions = g.getAttribute('position') as BufferAttribute;
  const colours = g.getAttribute('color') as BufferAttribute;
  const out = prisms;
  out.start(positions.array as Float32Array, colours.array as Float32Array);
  const layout = stage.current;
  for (const line of lines) {
    if (!drawable(stage, line)) continue;
    const { from, to, colour, radius } = line;
    if (from.board === to.board) {
      out.segment(
        squareWorld(layout, from.board, from.square, LINE_HEIGHT, p0),
        squareWorld(layout, to.board, to.square, LINE_HEIGHT, p1),
        colour,
        radius,
      );
    } else {
      squareWorld(layout, from.board, from.square, LINE_HEIGHT, arc.v0);
      squareWorld(layout, to.board, to.square, LINE_HEIGHT, arc.v2);
      edgeCurve(layout, from.board, to.board, edge).getPoint(0.5, arc.v1);
      arc.v1.y += arc.v0.distanceTo(arc.v2) * 0.3;
      arc.getPoint(0, p1);
      for (let i = 1; i <= ARC_STEPS; i++) {
        p0.copy(p1);
        arc.getPoint(i / ARC_STEPS, p1);
        out.segment(p0, p1, colour, radius);
      }
    }
    if (!line.head) continue;
    // The head: two barbs back from the tip along the last segment (p0 → p1), either side of it.
    tip.copy(p1);
    back.subVectors(p0, p1).normalize();
    across.crossVectors(back, Math.abs(back.y) > 0.9 ? SIDE : UP).normalize();
    const length = radius * BARB_LENGTH;
    for (const side of [1, -1]) {
      barb
        .copy(back)
        .multiplyScalar(Math.cos(BARB_ANGLE))
        .addScaledVector(across, side * Math.sin(BARB_ANGLE))
        .multiplyScalar(length)
        .add(tip);
      out.segment(tip, barb, colour, radius);
    }
  }
  g.setDrawRange(0, segments * 24);
  // With nothing to draw the renderer would still set up the mesh's program each frame.
  mesh.visible = segments > 0;
  if (segments) {
    // Only the segments drawn go to the GPU (not the room the geometry keeps).
    uploadRange(positions, 0, out.vertices * 3);
    uploadRange(colours, 0, out.vertices * 3);
  }
  return segments;
}

export function Explain({
  stage,
  colours,
  handle,
}: {
  stage: Stage;
  colours: readonly string[];
  handle: SceneHandle;
}) {
  useCommitCount('Explain');
  const game = useGame(shownGame);
  const view = useGame((s) => s.view);
  const cursor = useGame(shownCursor);
  const selected = useGame((s) => s.selected);
  const hovered = useGame((s) => s.hovered);
  const highlight = useGame((s) => s.highlight);
  const inspected = useGame((s) => s.inspected);
  const invalidate = useThree((s) => s.invalidate);
  const frames = useRef<InstancedMesh>(null);
  const crosses = useRef<InstancedMesh>(null);
  const lines = useRef<Mesh>(null);
  const capacity = stage.current.boards.length * 64;
  const focusBoards = useGame((s) => s.focusBoards);
  const explained = explain({ game, view, cursor, selected, hovered, highlight, inspected });
  const hint = useGame((s) => s.hint);
  const threats = useGame((s) => s.threats);
  const threatsOn = useGame((s) => s.threatsOn);
  const advice = useMemo(() => {
    const shown = adviceShown({ view, hint, threats, threatsOn });
    // On the boards, only the threats that reach the mover's boards (at 8 players the others'
    // lines would cross the whole view); the HUD lists them all.
    const pos = view?.position;
    const mine = (s: Spot) => !!pos && pos.boardPlayers(s.board).includes(pos.turn);
    return { ...shown, threats: shown.threats.filter((t) => [...t.from, ...t.to].some(mine)) };
  }, [view, hint, threats, threatsOn]);
  const drawing = useMemo(
    () => drawingOf(explained, colours, advice),
    [explained, colours, advice],
  );
  // The action pointed at in the move list: the camera moves only if it is off screen.
  const lit = explained.highlight;
  useEffect(() => {
    const spots = lit ? [...lit.from, ...lit.to] : [];
    if (spots.some((s) => !screenOfSquare(handle, s.board, s.square)))
      focusBoards([...new Set(spots.map((s) => s.board))]);
  }, [lit, focusBoards, handle]);
  const seen = useRef({ cast: -1, version: -1 });

  // Frames and crosses follow gliding boards through the board table: rewritten only when boards
  // come or go. The lines run between squares in world space: redrawn whenever boards move.
  const draw = () => {
    const was = seen.current;
    if (was.cast !== stage.cast) {
      explainDrawn.frames = writeMarks(stage, frames.current, drawing.frames, 0.02);
      explainDrawn.crosses = writeMarks(stage, crosses.current, drawing.crosses, 0.04);
    }
    if (was.version !== stage.version && (drawing.lines.length || explainDrawn.segments))
      explainDrawn.segments = writeLines(lines.current, stage, drawing.lines);
    was.cast = stage.cast;
    was.version = stage.version;
  };
  useLayoutEffect(() => {
    seen.current.cast = seen.current.version = -1;
    draw();
    invalidate();
  });
  useFrame(() => {
    if (seen.current.version !== stage.version) draw();
  });

  return (
    <>
      <instancedMesh
        ref={frames}
        args={[FRAME_GEOMETRY, OVERLAY_MATERIAL, capacity]}
        frustumCulled={false}
        renderOrder={3}
      />
      <instancedMesh
        ref={crosses}
        args={[CROSS_GEOMETRY, OVERLAY_MATERIAL, capacity]}
        frustumCulled={false}
        renderOrder={3}
      />
      <mesh
        ref={lines}
        material={LINE_MATERIAL}
        visible={false}
        frustumCulled={false}
        renderOrder={3}
      />
    </>
  );
}
