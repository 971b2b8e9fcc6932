/**
 * The pieces: an instanced mesh for each kind of piece, or one for the flat view's badges
 * (pieceMaterials.ts), coloured per army (petrified pieces in grey stone). A king in check keeps
 * its army's colour, as shapes and as flat badges: check is marked around it (the outline and
 * the square's tint, Explain.tsx and Scene.tsx), never by its fill (issue 50 item 7).
 * Moves are animated from the difference between the previous and the current snapshot
 * (store.animation); the clock and the check pulse (which the edges show) live in `fx`.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import {
  Color,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  QuadraticBezierCurve3,
  Quaternion,
  Vector3,
} from 'three';
import { KNIGHT, squareKey } from '../../core';
import type { AnimItem, PieceAt } from '../../store/snapshot';
import type { Animation } from '../../store/store';
import { commitInstances, PIECE_SHAPES, STONE, withColours } from '../gpu/geometries';
import { badgeAtlasMaterial, BADGE_GEOMETRY, pieceMaterial } from '../gpu/pieceMaterials';
import { CHECK_PULSE_MS, easeInOut, fx, pieceAnimationMs, reducedMotion, timeScale } from '../fx';
import type { Layout } from '../layout/layout';
import type { Stage } from '../layout/stage';
import { usePrefs } from '../../device/prefs';
import { boardQuaternion, edgeCurve, localSquare, squareWorld } from '../layout/world';
import { useCommitCount } from '../commits';
import { localMatrix, setOnBoard, type Tone } from '../gpu/boardSpace';

/**
 * Pieces take their board's dimming, and dissolve with a collapsing board, on the GPU
 * (boardSpace.ts).
 */
const PIECE_TONE: Tone = [0, 0, 1, 1];
const PIECES = pieceMaterial(PIECE_TONE);
/** The roles (1 pawn … 6 king), a mesh each in 3D. */
const ROLES = PIECE_SHAPES.length - 1;
/** The flat view's badges, made when first shown (their texture is drawn on a canvas). */
let badges: MeshBasicMaterial | null = null;
const badgeMaterial = (): MeshBasicMaterial => (badges ??= badgeAtlasMaterial(PIECE_TONE));

export interface PiecesProps {
  stage: Stage;
  pieces: PieceAt[];
  animation: Animation | null;
  colours: string[];
  /** Players whose king is in check. */
  checked: number[];
  /** Boards in play in the position shown (pieces vanishing from other boards dissolve). */
  live: readonly boolean[];
}

const m = new Matrix4();
const v = new Vector3();
const w = new Vector3();
const c = new Color();
const boardAt = new Vector3();
const q = new Quaternion();
const key = (p: PieceAt) => squareKey(p.board, p.square);

/** A polyline with its cumulative lengths, sampled by arc length. */
interface Path {
  points: Vector3[];
  cum: number[];
}

/** Fill in the cumulative lengths of a path's points. */
function measure(path: Path): Path {
  const { points, cum } = path;
  cum[0] = 0;
  for (let i = 1; i < points.length; i++) cum[i] = cum[i - 1] + points[i].distanceTo(points[i - 1]);
  return path;
}

function sample(path: Path, t: number, out: Vector3): Vector3 {
  const { points, cum } = path;
  const total = cum[cum.length - 1];
  const d = Math.max(0, Math.min(1, t)) * total;
  let i = 1;
  while (i < cum.length - 1 && cum[i] < d) i++;
  const seg = cum[i] - cum[i - 1];
  return out.lerpVectors(points[i - 1], points[i], seg > 0 ? (d - cum[i - 1]) / seg : 1);
}

/** Points on the edge a flight rides along (between the lift-off and the set-down). */
const RIDE_STEPS = 28;
const FLIGHT_POINTS = RIDE_STEPS + 5;
const ride = new Vector3(0, 0.14, 0);
const flightCurve = new QuadraticBezierCurve3();

/**
 * The route of a board-shifting piece: it lifts off its square, glides to the rim, rides along
 * the edge that joins the two boards (the very curve the edge is drawn with), and sets down.
 * Written into `path` (its points reused: the route is redrawn each frame while boards glide).
 */
function flightPath(layout: Layout, from: PieceAt, to: PieceAt, path: Path): Path {
  const pts = path.points;
  const up = (b: number) => glideUp.set(0, 1, 0).applyQuaternion(boardQuaternion(layout, b, q));
  const curve = edgeCurve(layout, from.board, to.board, flightCurve);
  squareWorld(layout, from.board, from.square, 0, pts[0]);
  squareWorld(layout, from.board, from.square, 0.9, pts[1]);
  curve.getPoint(0, pts[2]).addScaledVector(up(from.board), 0.9);
  for (let i = 1; i < RIDE_STEPS; i++) curve.getPoint(i / RIDE_STEPS, pts[2 + i]).add(ride);
  curve.getPoint(1, pts[RIDE_STEPS + 2]).addScaledVector(up(to.board), 0.9);
  squareWorld(layout, to.board, to.square, 0.9, pts[RIDE_STEPS + 3]);
  squareWorld(layout, to.board, to.square, 0, pts[RIDE_STEPS + 4]);
  return measure(path);
}

const glideFrom = new Vector3();
const glideTo = new Vector3();
const glideUp = new Vector3();
const paths = new WeakMap<AnimItem, { version: number; path: Path }>();

/** World position of a moving piece: a glide on its board, or a flight along the edge. */
function pathPoint(stage: Stage, item: AnimItem, t: number, out: Vector3): Vector3 {
  const layout = stage.current;
  const from = item.from!;
  const to = item.to!;
  if (from.board === to.board) {
    const a = squareWorld(layout, from.board, from.square, 0, glideFrom);
    const b = squareWorld(layout, to.board, to.square, 0, glideTo);
    const hop = from.role === KNIGHT ? 0.9 : 0.25;
    out.lerpVectors(a, b, easeInOut(t));
    const upv = glideUp.set(0, 1, 0).applyQuaternion(boardQuaternion(layout, to.board, q));
    return out.addScaledVector(upv, Math.sin(Math.PI * t) * hop);
  }
  let hit = paths.get(item);
  if (!hit) {
    const points = Array.from({ length: FLIGHT_POINTS }, () => new Vector3());
    hit = { version: -1, path: { points, cum: new Array<number>(FLIGHT_POINTS).fill(0) } };
    paths.set(item, hit);
  }
  if (hit.version !== stage.version) {
    flightPath(layout, from, to, hit.path);
    hit.version = stage.version;
  }
  return sample(hit.path, easeInOut(t), out);
}

interface Frame {
  still: PieceAt[];
  items: AnimItem[];
  /** Pieces of collapsing boards, dissolving as their board falls (R9.2). */
  dissolving: PieceAt[];
}

/** One of the meshes the pieces are written into: a kind of piece's, or the badges'. */
interface Slot {
  mesh: InstancedMesh | null;
  /** Instances written so far in this write. */
  count: number;
  /** How many still pieces come first in the mesh (set by a full write). */
  still: number;
}

interface WriteInput {
  /** A slot a role in 3D (role r in slot r - 1); the badges' one in the flat view. */
  slots: Slot[];
  stage: Stage;
  frame: { current: Frame };
  armyColours: Color[];
  capacity: number;
  /** Flat view: the camera's orientation, which every badge takes (null: 3D pieces). */
  facing: { current: Quaternion | null };
}
const yaw = (p: PieceAt) => (p.seat ? Math.PI : 0);

/**
 * Add a piece of `role` standing at board-local point p of board b (turned by yaw, scaled):
 * written in its board's frame, which the board table places (boardSpace.ts).
 */
function put(
  input: WriteInput,
  role: number,
  b: number,
  p: Vector3,
  yaw: number,
  scale: number,
  colour: Color,
): void {
  const slot = input.slots[input.slots.length === 1 ? 0 : role - 1];
  const mesh = slot.mesh;
  if (!mesh || slot.count >= input.capacity) return;
  const facing = input.facing.current;
  if (facing) {
    // A badge floats over the piece's square, turned to the camera, at the piece's scale.
    const local = boardQuaternion(input.stage.current, b, q).invert().multiply(facing);
    localMatrix(p.setY(p.y + 0.5 * scale), 0, scale, m, local);
  } else localMatrix(p, yaw, scale, m);
  setOnBoard(mesh, slot.count, b, m, role);
  mesh.setColorAt(slot.count++, colour);
}

/**
 * A piece's fill: its army's colour, in check or not; stone when petrified (its board's dimming
 * is the board table's).
 */
export function pieceColour(armyColours: readonly Color[], p: PieceAt, out: Color): Color {
  return out.copy(p.petrified ? STONE : (armyColours[p.owner] ?? STONE));
}

const colourOf = (input: WriteInput, p: PieceAt): Color => pieceColour(input.armyColours, p, c);

/** Add a piece standing on its square. */
function putStill(input: WriteInput, p: PieceAt): void {
  put(input, p.role, p.board, localSquare(p.square, 0, v), yaw(p), 1, colourOf(input, p));
}

/**
 * Write the pieces' instances (matrix and colour) for animation progress t. Each mesh holds its
 * still and dissolving pieces first, then its moving ones: `movingOnly` rewrites (and uploads)
 * just those.
 */
function writePieces(input: WriteInput, t: number, movingOnly: boolean): void {
  const { stage, slots } = input;
  const layout = stage.current;
  const frame = input.frame.current;
  if (movingOnly) for (const slot of slots) slot.count = slot.still;
  else {
    for (const slot of slots) slot.count = 0;
    for (const p of frame.still) putStill(input, p);
    // They dissolve on the GPU as their board falls (boardSpace.ts): written once, standing.
    for (const p of frame.dissolving) if (layout.boards[p.board].shown) putStill(input, p);
    for (const slot of slots) slot.still = slot.count;
  }
  for (const it of frame.items) {
    if (it.kind === 'move') {
      const to = it.to!;
      const role = t < 0.85 ? it.from!.role : to.role;
      pathPoint(stage, it, t, w);
      // Back into the destination board's local frame.
      v.subVectors(w, boardAt.fromArray(layout.boards[to.board].position)).applyQuaternion(
        boardQuaternion(layout, to.board, q).invert(),
      );
      put(input, role, to.board, v, yaw(to), 1, colourOf(input, to));
    } else if (it.kind === 'appear') {
      const to = it.to!;
      localSquare(to.square, (1 - easeInOut(t)) * 1.2, v);
      put(input, to.role, to.board, v, yaw(to), Math.max(0.05, t), colourOf(input, to));
    } else {
      const from = it.from!;
      const s = t < 0.75 ? 1 : Math.max(0, 1 - (t - 0.75) / 0.25);
      if (s <= 0) continue;
      localSquare(from.square, 0, v);
      put(input, from.role, from.board, v, yaw(from), s, colourOf(input, from));
    }
  }
  for (const { mesh, count, still } of slots)
    if (mesh) commitInstances(mesh, count, movingOnly ? still : 0);
}

export function Pieces({ stage, pieces, animation, colours, checked, live }: PiecesProps) {
  useCommitCount('Pieces');
  const invalidate = useThree((s) => s.invalidate);
  const camera = useThree((s) => s.camera);
  const flat = usePrefs((s) => s.flatPieces);
  /** The camera orientation the badges were last written for. */
  const faced = useRef(new Quaternion());
  const nb = stage.current.boards.length;
  const capacity = nb * 32 + 16;
  const armyColours = useMemo(() => colours.map((hex) => new Color(hex)), [colours]);
  const seen = useRef(-1);

  // What a frame needs: the static pieces and the animated items (refs, not state).
  const frame = useRef<Frame>({ still: [], items: [], dissolving: [] });

  const slots = useMemo(
    () =>
      Array.from({ length: flat ? 1 : ROLES }, (): Slot => ({ mesh: null, count: 0, still: 0 })),
    [flat],
  );
  const facing = useRef<Quaternion | null>(null);
  const write = useMemo(() => {
    const input: WriteInput = { slots, stage, frame, armyColours, capacity, facing };
    /**
     * `movingOnly`: the still pieces need no rewrite (the board table moves them with their
     * boards), unless the camera turned the badges.
     */
    return (t: number, movingOnly = false) => {
      const turned = flat && !faced.current.equals(camera.quaternion);
      const only = movingOnly && !turned;
      facing.current = flat ? faced.current.copy(camera.quaternion) : null;
      writePieces(input, t, only);
      seen.current = stage.version;
    };
  }, [slots, stage, armyColours, capacity, flat, camera]);

  useLayoutEffect(() => {
    const running = animation && animation.id !== fx.animId ? animation : null;
    const all = running ? running.items : [];
    // Pieces of boards that left play do not just vanish: they dissolve with their board.
    const gone = (it: AnimItem) => it.kind === 'vanish' && !live[it.from!.board];
    const items = all.filter((it) => !gone(it));
    const dissolving = all.filter(gone).map((it) => it.from!);
    const moving = new Set(items.filter((i) => i.to).map((i) => key(i.to!)));
    frame.current = {
      still: pieces.filter((p) => !moving.has(key(p))),
      items,
      dissolving: running ? dissolving : frame.current.dissolving,
    };
    const now = performance.now();
    if (running) {
      const shift = items.find((i) => i.kind === 'move' && i.from!.board !== i.to!.board);
      const reduced = reducedMotion();
      fx.animId = running.id;
      fx.animStart = now;
      fx.animDuration = pieceAnimationMs(!!shift, items.length, reduced) * timeScale();
      fx.animating = items.length > 0;
      fx.flight = shift ? [shift.from!.board, shift.to!.board] : [-1, -1];
      write(0);
    } else {
      fx.animating = false;
      write(1);
    }
    // The edges of a king in check pulse for a while (Edges.tsx), drawn in the frames asked here.
    if (checked.length) fx.pulseUntil = now + (reducedMotion() ? 0 : CHECK_PULSE_MS * timeScale());
    invalidate();
  }, [pieces, animation, write, invalidate, checked, live]);
  // Pieces taken off the screen mid-flight (the scene closes) are not animating any more.
  useLayoutEffect(
    () => () => {
      fx.animating = false;
      fx.flight = [-1, -1];
    },
    [],
  );

  useFrame(() => {
    const now = performance.now();
    if (fx.animating) {
      const t = Math.min(1, (now - fx.animStart) / fx.animDuration);
      write(t, true);
      if (t >= 1) {
        fx.animating = false;
        fx.flight = [-1, -1];
        frame.current = {
          ...frame.current,
          items: frame.current.items.filter((i) => i.kind !== 'vanish'),
        };
        write(1);
      }
      invalidate();
    } else if (checked.length && now < fx.pulseUntil + 100) {
      invalidate();
    } else if (seen.current !== stage.version && frame.current.dissolving.length) {
      // Pieces of a collapsing board dissolve as it falls (on the GPU), and leave the mesh when
      // it has fallen.
      if (!stage.moving) {
        frame.current = { ...frame.current, dissolving: [] };
        write(1);
      }
    } else if (flat && !faced.current.equals(camera.quaternion)) write(1);
  });

  return slots.map((slot, i) => (
    <instancedMesh
      key={`${capacity}:${flat}:${i}`}
      ref={(instanced) => {
        withColours(instanced);
        slot.mesh = instanced;
      }}
      args={
        flat ? [BADGE_GEOMETRY, badgeMaterial(), capacity] : [PIECE_SHAPES[i + 1], PIECES, capacity]
      }
      frustumCulled={false}
    />
  ));
}
