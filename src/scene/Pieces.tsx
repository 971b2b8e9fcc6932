/**
 * The pieces: one instanced mesh per role, coloured per army (petrified pieces in grey stone).
 * Moves are animated from the difference between the previous and the current snapshot
 * (store.animation); the clock and the check pulse live in `fx`, read inside useFrame.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, QuadraticBezierCurve3, Vector3 } from 'three';
import type { AnimItem, PieceAt } from '../store/snapshot';
import type { Animation } from '../store/store';
import { CHECK_RED, PIECE_GEOMETRIES, PIECE_MATERIAL, STONE, withColours } from './geometries';
import { easeInOut, fx, pulseAt, reducedMotion } from './fx';
import type { Layout } from './layout';
import { BOARD_QUATERNION, BOARD_UP, boardMatrix, localSquare, squareWorld } from './world';

export interface PiecesProps {
  layout: Layout;
  pieces: PieceAt[];
  animation: Animation | null;
  colours: string[];
  /** Players whose king is in check. */
  checked: number[];
}

const ROLES = [1, 2, 3, 4, 5, 6];
const m = new Matrix4();
const v = new Vector3();
const w = new Vector3();
const c = new Color();
const inv = BOARD_QUATERNION.clone().invert();
const key = (p: PieceAt) => (p.board << 7) | p.square;

/** World path of a moving piece: a glide on its board, or lift, fly along the edge, land. */
function pathPoint(layout: Layout, item: AnimItem, t: number, out: Vector3): Vector3 {
  const from = item.from!;
  const to = item.to!;
  const a = squareWorld(layout, from.board, from.square, 0, new Vector3());
  const b = squareWorld(layout, to.board, to.square, 0, new Vector3());
  if (from.board === to.board) {
    const hop = from.role === 2 ? 0.9 : 0.25;
    out.lerpVectors(a, b, easeInOut(t));
    return out.addScaledVector(BOARD_UP, Math.sin(Math.PI * t) * hop);
  }
  const lift = 1.6;
  const a1 = a.clone().addScaledVector(BOARD_UP, lift);
  const b1 = b.clone().addScaledVector(BOARD_UP, lift);
  if (t < 0.18) return out.lerpVectors(a, a1, easeInOut(t / 0.18));
  if (t > 0.82) return out.lerpVectors(b1, b, easeInOut((t - 0.82) / 0.18));
  const u = easeInOut((t - 0.18) / 0.64);
  const mid = a1.clone().add(b1).multiplyScalar(0.5);
  mid.y += a1.distanceTo(b1) * 0.12 + 1;
  return new QuadraticBezierCurve3(a1, mid, b1).getPoint(u, out);
}

interface WriteInput {
  meshes: { current: (InstancedMesh | null)[] };
  layout: Layout;
  frame: { current: { still: PieceAt[]; items: AnimItem[] } };
  armyColours: Color[];
  checkedSet: Set<number>;
  capacity: number;
}

const counts = new Array<number>(7).fill(0);
const yaw = (p: PieceAt) => (p.seat ? Math.PI : 0);

/** Write every piece's instance (matrix and colour) for animation progress t. */
function writePieces(input: WriteInput, t: number, now: number): void {
  const { layout, armyColours, checkedSet, capacity } = input;
  const meshes = input.meshes.current;
  const frame = input.frame.current;
  counts.fill(0);
  const pulse = pulseAt(now);
  const put = (role: number, matrix: Matrix4, colour: Color) => {
    const mesh = meshes[role];
    if (!mesh || counts[role] >= capacity) return;
    mesh.setMatrixAt(counts[role], matrix);
    mesh.setColorAt(counts[role]++, colour);
  };
  const colourOf = (p: PieceAt) => {
    if (p.petrified) return c.copy(STONE);
    c.copy(armyColours[p.owner] ?? STONE);
    if (p.role === 6 && checkedSet.has(p.owner)) c.lerp(CHECK_RED, 0.35 + 0.55 * pulse);
    return c;
  };
  for (const p of frame.still)
    put(
      p.role,
      boardMatrix(layout, p.board, localSquare(p.square, 0, v), yaw(p), 1, m),
      colourOf(p),
    );
  for (const it of frame.items) {
    if (it.kind === 'move') {
      const to = it.to!;
      const role = t < 0.85 ? it.from!.role : to.role;
      pathPoint(layout, it, t, w);
      // Back into the destination board's local frame.
      const [x, y, z] = layout.boards[to.board].position;
      v.set(w.x - x, w.y - y, w.z - z).applyQuaternion(inv);
      put(role, boardMatrix(layout, to.board, v, yaw(to), 1, m), colourOf(to));
    } else if (it.kind === 'appear') {
      const to = it.to!;
      localSquare(to.square, (1 - easeInOut(t)) * 1.2, v);
      put(to.role, boardMatrix(layout, to.board, v, yaw(to), Math.max(0.05, t), m), colourOf(to));
    } else {
      const from = it.from!;
      const s = t < 0.75 ? 1 : Math.max(0, 1 - (t - 0.75) / 0.25);
      if (s <= 0) continue;
      localSquare(from.square, 0, v);
      put(from.role, boardMatrix(layout, from.board, v, yaw(from), s, m), colourOf(from));
    }
  }
  for (const role of ROLES) {
    const mesh = meshes[role];
    if (!mesh) continue;
    mesh.count = counts[role];
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }
}

export function Pieces({ layout, pieces, animation, colours, checked }: PiecesProps) {
  const meshes = useRef<(InstancedMesh | null)[]>([]);
  const invalidate = useThree((s) => s.invalidate);
  const nb = layout.boards.length;
  const capacity = nb * 32 + 16;
  const armyColours = useMemo(() => colours.map((hex) => new Color(hex)), [colours]);
  const checkedSet = useMemo(() => new Set(checked), [checked]);

  // What a frame needs: the static pieces and the animated items (refs, not state).
  const frame = useRef<{ still: PieceAt[]; items: AnimItem[] }>({ still: [], items: [] });

  const write = useMemo(
    () => (t: number, now: number) =>
      writePieces({ meshes, layout, frame, armyColours, checkedSet, capacity }, t, now),
    [layout, armyColours, checkedSet, capacity],
  );

  useLayoutEffect(() => {
    const running = animation && animation.id !== fx.animId ? animation : null;
    const items = running ? running.items : [];
    const moving = new Set(items.filter((i) => i.to).map((i) => key(i.to!)));
    frame.current = { still: pieces.filter((p) => !moving.has(key(p))), items };
    const now = performance.now();
    if (running) {
      const shift = items.find((i) => i.kind === 'move' && i.from!.board !== i.to!.board);
      const reduced = reducedMotion();
      fx.animId = running.id;
      fx.animStart = now;
      fx.animDuration = reduced ? 140 : shift ? 1150 : items.length > 6 ? 420 : 380;
      fx.animating = items.length > 0;
      fx.flight = shift ? [shift.from!.board, shift.to!.board] : [-1, -1];
      write(0, now);
    } else {
      fx.animating = false;
      write(1, now);
    }
    if (checked.length) fx.pulseUntil = now + (reducedMotion() ? 0 : 6000);
    invalidate();
  }, [pieces, animation, write, invalidate, checked]);

  useFrame(() => {
    const now = performance.now();
    if (fx.animating) {
      const t = Math.min(1, (now - fx.animStart) / fx.animDuration);
      write(t, now);
      if (t >= 1) {
        fx.animating = false;
        fx.flight = [-1, -1];
        frame.current = {
          still: frame.current.still,
          items: frame.current.items.filter((i) => i.kind !== 'vanish'),
        };
        write(1, now);
      }
      invalidate();
    } else if (checked.length && now < fx.pulseUntil + 100) {
      write(1, now);
      invalidate();
    }
  });

  return (
    <group>
      {ROLES.map((role) => (
        <instancedMesh
          key={`${role}:${capacity}`}
          ref={(mesh) => {
            withColours(mesh);
            meshes.current[role] = mesh;
          }}
          args={[PIECE_GEOMETRIES[role], PIECE_MATERIAL, capacity]}
          frustumCulled={false}
        />
      ))}
    </group>
  );
}
