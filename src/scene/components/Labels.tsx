/**
 * Board labels (no font downloads): the board's name and its two seat holders, with badges for a
 * collapse countdown (R9.2), a Cowardly king standing there (R9.3) and a board still due a move
 * this Hyperspace turn (R9.1). Each is an ordinary DOM button, placed by a tracker inside the
 * canvas; while the labels move, the GPU draws their pictures in their stead (labelAtlas.ts,
 * labelSprites.ts), so that no React state changes and no style is written a frame.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { squareName } from '../../core';
import { useGame } from '../../store/store';
import { canvasRect, type SceneHandle } from '../handle';
import { pickSquare } from '../input/pick';
import { Matrix4, Vector3 } from 'three';
import type { Stage, StageBoard, StageLayout } from '../layout/stage';
import { boardPoint } from '../layout/world';
import { useCommitCount } from '../commits';
import { LabelSprites } from '../gpu/labelSprites';

const v = new Vector3();
/** Where a label sits in its board's frame: centred beyond the far rim (as laid out, unturned). */
const ANCHOR = new Vector3(0, 0, -5.15);
/** Its other place: centred beyond the near rim. */
const NEAR_ANCHOR = new Vector3(0, 0, 5.15);
const CENTRE = new Vector3();
/** How high the pieces stand over their squares, for the room they take on screen (board units). */
const PIECE_TOP = 1.3;
/**
 * The corners of a board's squares, around their edge, then the same at the pieces' height
 * (board-local): the block a board's squares and pieces fill.
 */
const CORNERS = [0, PIECE_TOP].flatMap((h) => [
  new Vector3(-4, h, -4),
  new Vector3(4, h, -4),
  new Vector3(4, h, 4),
  new Vector3(-4, h, 4),
]);
/** The block's faces (corners by index, around each): its screen outline is theirs together. */
const BLOCK_FACES = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [0, 1, 5, 4],
  [1, 2, 6, 5],
  [2, 3, 7, 6],
  [3, 0, 4, 7],
];

/**
 * A label to place: its anchors on screen (beyond the board's far rim at x, y; beyond its near
 * rim at nx, ny, NaN for none), the screen height of its board's centre (cy), its size and
 * depth; once placed, x and y are its place and `shown` whether it has one.
 */
interface Placed {
  b: number;
  x: number;
  y: number;
  nx: number;
  ny: number;
  cy: number;
  w: number;
  h: number;
  depth: number;
  shown: boolean;
}

/** A screen area no label may cover (an overlay's box, in canvas px). */
export interface KeepClear {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A board on screen: the corners of its squares (x0, y0, … x3, y3, in order around them), and
 * optionally after them the same corners at the height of its pieces.
 */
export type Outline = readonly number[];

/** Does the box (left, top, right, bottom) reach into the convex quad of corners `face` of o? */
function coversFace(l: number, t: number, r: number, b: number, o: Outline, face: number[]) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const k of face) {
    minX = Math.min(minX, o[2 * k]);
    maxX = Math.max(maxX, o[2 * k]);
    minY = Math.min(minY, o[2 * k + 1]);
    maxY = Math.max(maxY, o[2 * k + 1]);
  }
  if (maxX <= l || minX >= r || maxY <= t || minY >= b) return false;
  // Separating axes: the quad's edges' normals (the box's own axes are done above).
  for (let i = 0; i < 4; i++) {
    const [p, q] = [face[i], face[(i + 1) % 4]];
    const nx = o[2 * p + 1] - o[2 * q + 1];
    const ny = o[2 * q] - o[2 * p];
    let qMin = Infinity;
    let qMax = -Infinity;
    for (const k of face) {
      const d = o[2 * k] * nx + o[2 * k + 1] * ny;
      qMin = Math.min(qMin, d);
      qMax = Math.max(qMax, d);
    }
    const bMin = Math.min(l * nx, r * nx) + Math.min(t * ny, b * ny);
    const bMax = Math.max(l * nx, r * nx) + Math.max(t * ny, b * ny);
    if (bMax <= qMin || bMin >= qMax) return false;
  }
  return true;
}

/** Does the box reach into the board `o` (its squares, or the block of its squares and pieces)? */
function coversBoard(l: number, t: number, r: number, b: number, o: Outline): boolean {
  // Most boards lie wholly to one side of the box: no face to test.
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (let i = 0; i < o.length; i += 2) {
    left = Math.min(left, o[i]);
    right = Math.max(right, o[i]);
    top = Math.min(top, o[i + 1]);
    bottom = Math.max(bottom, o[i + 1]);
  }
  if (right <= l || left >= r || bottom <= t || top >= b) return false;
  return (o.length > 8 ? BLOCK_FACES : SQUARES_FACE).some((face) =>
    coversFace(l, t, r, b, o, face),
  );
}
const SQUARES_FACE = BLOCK_FACES.slice(0, 1);

/**
 * The places a label may take from each of its anchors, in turn (in label widths and heights):
 * the anchor, slid along the board's edge, moved away from the board, then towards it.
 */
const PLACES = [
  [0, 0],
  [0.6, 0],
  [-0.6, 0],
  [1.2, 0],
  [-1.2, 0],
  [1.8, 0],
  [-1.8, 0],
  [0, 1],
  [0.6, 1],
  [-0.6, 1],
  [0, 2],
  [0, -1],
] as const;

const nearestFirst = (a: Placed, b: Placed) => a.depth - b.depth;

const UNPLACED: Placed = {
  b: 0,
  x: 0,
  y: 0,
  nx: NaN,
  ny: NaN,
  cy: 0,
  w: 0,
  h: 0,
  depth: 0,
  shown: false,
};

/**
 * Screen places for the labels, so that none overlaps another, goes under an overlay
 * (`keepClear`, such as the view toggles) or covers a board's squares or pieces (`boards`, see
 * Outline), so a label never hides a piece or takes a tap meant for a square (issue 61 item 2).
 * Nearest first, each tries its far anchor, then its near one: there, slid along the board's
 * edge, or moved away from it or towards it (PLACES), a moved label staying within `canvas`;
 * a label with no free place is hidden. In place (it runs every frame boards glide): sorts
 * `wanted` nearest first, sets each label's x, y and `shown`. Pure otherwise, for tests.
 */
export function placeLabels(
  wanted: Placed[],
  keepClear: readonly KeepClear[] = [],
  boards: readonly Outline[] = [],
  canvas: { width: number; height: number } = { width: Infinity, height: Infinity },
): void {
  wanted.sort(nearestFirst);
  for (let i = 0; i < wanted.length; i++) {
    const label = wanted[i];
    label.shown = false;
    const free = (x: number, y: number, moved: boolean) => {
      const [l, r] = [x - label.w / 2, x + label.w / 2];
      const [t, b] = [y - label.h / 2, y + label.h / 2];
      if (moved && (l < 0 || t < 0 || r > canvas.width || b > canvas.height)) return false;
      if (keepClear.some((a) => l < a.right && r > a.left && t < a.bottom && b > a.top))
        return false;
      for (let j = 0; j < i; j++) {
        const o = wanted[j];
        if (
          o.shown &&
          Math.abs(o.x - x) * 2 < o.w + label.w + 4 &&
          Math.abs(o.y - y) * 2 < o.h + label.h + 2
        )
          return false;
      }
      return !boards.some((o) => coversBoard(l, t, r, b, o));
    };
    const anchors = Number.isNaN(label.nx)
      ? [[label.x, label.y]]
      : [
          [label.x, label.y],
          [label.nx, label.ny],
        ];
    search: for (const [a, [ax, ay]] of anchors.entries()) {
      // Away from the board: up from an anchor above its centre, down from one below.
      const away = ay > label.cy ? 1 : -1;
      for (const [kx, ky] of PLACES) {
        const x = ax + kx * (label.w + 4);
        const y = ay + away * ky * (label.h + 2);
        if (!free(x, y, a > 0 || kx !== 0 || ky !== 0)) continue;
        label.x = x;
        label.y = y;
        label.shown = true;
        break search;
      }
    }
  }
}

/** Whether a board carries its label: drawn, not collapsing, not dimmed. */
const labelled = (board: StageBoard) => board.shown && !board.leaving && (board.dim ?? 0) < 0.5;

/**
 * Whether any label's board moved, or gained or lost its label, since `seen` (where each
 * labelled board was: x, y, z; updated in place). A board that falls away under Collapse moves
 * no label (its own is hidden): the others stay put until the graph settles.
 */
export function labelsMoved(layout: StageLayout, seen: number[]): boolean {
  let moved = seen.length !== 3 * layout.boards.length;
  seen.length = 3 * layout.boards.length;
  layout.boards.forEach((board, b) => {
    const at = board.position;
    const on = labelled(board);
    for (let k = 0; k < 3; k++) {
      const x = on ? at[k] : Infinity;
      if (seen[3 * b + k] !== x) moved = true;
      seen[3 * b + k] = x;
    }
  });
  return moved;
}

/**
 * Places the labels (`handle.labels`: their elements by board index, set by BoardLabels). At rest
 * the buttons show them. Every frame the labels move (the boards glide, the camera turns) the GPU
 * draws their pictures instead (labelSprites.ts), the buttons hidden and left alone, but for a
 * focused one (the keyboard's place), which keeps up; the frame after the labels stand still
 * (one more is asked for) the buttons are put where the pictures were, and the pictures go. So
 * a glide writes no style, and a still scene draws no pictures.
 */
export function LabelTracker({ stage, handle }: { stage: Stage; handle: SceneHandle }) {
  const labels = handle.labels;
  const size = useThree((s) => s.size);
  const dpr = useThree((s) => s.viewport.dpr);
  const gl = useThree((s) => s.gl);
  const sprites = useMemo(() => new LabelSprites(), []);
  useEffect(() => {
    handle.drawLabelsWith(sprites.mesh);
    return () => {
      handle.drawLabelsWith(null);
      sprites.dispose();
    };
  }, [handle, sprites]);
  const last = useRef({
    /** Where each labelled board was when the labels were last placed (labelsMoved). */
    boards: [] as number[],
    commits: -1,
    size: null as typeof size | null,
    dpr: 0,
    view: new Matrix4(),
    projection: new Matrix4(),
    /** The pictures stand in for the buttons: the labels moved since the buttons were placed. */
    moving: false,
    /** One reused record a board, and the list of those placed this frame (no allocation). */
    pool: [] as Placed[],
    /** Where each shown label's box has its top left (x, y by board; whole CSS px). */
    corners: [] as number[],
    wanted: [] as Placed[],
    /** The labelled boards on screen (outlines, a reused list a board), which no label covers. */
    outlines: [] as number[][],
    shown: [] as Outline[],
    /** The overlays' boxes over the canvas, read again when it or the labels change. */
    keepClear: [] as KeepClear[],
  });
  useFrame(({ camera, invalidate }) => {
    const placed = last.current;
    // Only when the labelled boards, the camera, the canvas or the labels changed.
    if (
      !labelsMoved(stage.current, placed.boards) &&
      placed.commits === labelCommits.count &&
      placed.size === size &&
      placed.dpr === dpr &&
      placed.view.equals(camera.matrixWorld) &&
      placed.projection.equals(camera.projectionMatrix)
    ) {
      if (!placed.moving) return;
      placed.moving = false;
      labels.forEach((el, b) => placeButton(el, placed.pool[b], placed.corners, b));
      sprites.draw(false);
      return;
    }
    // Painting reads the laid-out labels (a style pass): once per commit.
    if (placed.commits !== labelCommits.count || placed.dpr !== dpr) sprites.paint(labels, dpr);
    if (placed.size !== size) sprites.setViewport(size.width, size.height);
    if (placed.size !== size || placed.commits !== labelCommits.count)
      placed.keepClear = overlayBoxes(gl.domElement);
    placed.commits = labelCommits.count;
    placed.size = size;
    placed.dpr = dpr;
    placed.view.copy(camera.matrixWorld);
    placed.projection.copy(camera.projectionMatrix);
    const layout = stage.current;
    const { pool, wanted, outlines, shown } = placed;
    wanted.length = 0;
    shown.length = 0;
    /** Board b's board-local point p on the canvas: v's x and y in CSS px, z its depth. */
    const onCanvas = (b: number, p: Vector3, unturned = false) => {
      boardPoint(layout, b, p, v, unturned).project(camera);
      v.set(((v.x + 1) / 2) * size.width, ((1 - v.y) / 2) * size.height, v.z);
      return v;
    };
    layout.boards.forEach((board, b) => {
      const label = (pool[b] ??= { ...UNPLACED, b });
      label.shown = false;
      if (!labelled(board)) return;
      // The board's squares and pieces, which no label may cover.
      const outline = (outlines[b] ??= []);
      outline.length = 0;
      for (const corner of CORNERS) {
        if (onCanvas(b, corner).z > 1) return;
        outline.push(v.x, v.y);
      }
      shown.push(outline);
      if (!labels[b]) return;
      label.cy = onCanvas(b, CENTRE).y;
      onCanvas(b, NEAR_ANCHOR, true);
      label.nx = v.x;
      label.ny = v.y;
      onCanvas(b, ANCHOR, true);
      const inView =
        Math.abs(v.x / size.width - 0.5) < 0.525 && Math.abs(v.y / size.height - 0.5) < 0.525;
      if (v.z >= 1 || !inView) return;
      label.x = v.x;
      label.y = v.y;
      label.w = sprites.boxes[2 * b];
      label.h = sprites.boxes[2 * b + 1];
      label.depth = v.z;
      wanted.push(label);
    });
    placeLabels(wanted, placed.keepClear, shown, size);
    const corners = placed.corners;
    labels.forEach((_, b) => {
      const at = pool[b];
      if (!at?.shown) return sprites.hide(b);
      // The top left in whole pixels: the picture maps texel for texel (crisp text), and the
      // button goes exactly there.
      const left = (corners[2 * b] = Math.round(at.x - at.w / 2));
      const top = (corners[2 * b + 1] = Math.round(at.y - at.h / 2));
      sprites.show(b, left, top);
    });
    const focused = labels.indexOf(document.activeElement as HTMLElement);
    if (!placed.moving) hideButtons(labels, focused);
    if (focused >= 0) {
      placeButton(labels[focused], pool[focused], corners, focused);
      sprites.hide(focused);
    }
    placed.moving = true;
    sprites.draw(true);
    invalidate();
  });
  return <primitive object={sprites.mesh} />;
}

/** The overlays no label may go under (the view toggles), in the canvas's pixels. */
const LABEL_FREE_OVERLAYS = '.view-toggles';

function overlayBoxes(canvas: HTMLElement): KeepClear[] {
  const at = canvas.getBoundingClientRect();
  return [...document.querySelectorAll(LABEL_FREE_OVERLAYS)].map((e) => {
    const r = e.getBoundingClientRect();
    return {
      left: r.left - at.left,
      top: r.top - at.top,
      right: r.right - at.left,
      bottom: r.bottom - at.top,
    };
  });
}

/** Hide the buttons but the one at index `kept` (their pictures are drawn instead). */
function hideButtons(labels: (HTMLElement | null)[], kept: number): void {
  labels.forEach((el, b) => {
    if (el && b !== kept) el.style.visibility = 'hidden';
  });
}

/** Put label b's button where its picture is (`corners`: top lefts by board), or hide it. */
function placeButton(el: HTMLElement | null, at: Placed | undefined, corners: number[], b: number) {
  if (!el) return;
  if (at?.shown) el.style.translate = `${corners[2 * b]}px ${corners[2 * b + 1]}px`;
  el.style.visibility = at?.shown ? 'visible' : 'hidden';
}

export interface LabelInfo {
  name: string;
  live: boolean;
  /** Seat holders now (south, north). */
  seats: [number, number];
  countdown: number | null;
  due: boolean;
  checked: boolean;
  /** The action pointed at in the move list was played on this board. */
  lit: boolean;
  /** Players whose (Cowardly) king stands on this board. */
  kings: number[];
}

export interface LabelsProps {
  boards: LabelInfo[];
  colours: string[];
  /** Player names by index, for titles. */
  names: string[];
  onFocus: (board: number) => void;
  /** Where the label elements go, by board index (for LabelTracker). */
  elements: (HTMLElement | null)[];
}

/** Commits of the labels (their text and size may have changed: the tracker paints them again). */
const labelCommits = { count: 0 };

export function BoardLabels({ boards, colours, names, onFocus, elements }: LabelsProps) {
  useCommitCount('BoardLabels');
  useLayoutEffect(() => {
    labelCommits.count++;
  });
  return (
    <div className="labels">
      {boards.map((board, b) => {
        if (!board.live) return null;
        const notes = [
          board.countdown !== null
            ? `collapses in ${board.countdown} turn${board.countdown === 1 ? '' : 's'}`
            : '',
          board.due ? 'still due a move this turn' : '',
          ...board.kings.map((p) => `${names[p]}'s king stands here`),
        ].filter(Boolean);
        return (
          <button
            key={b}
            ref={(el) => {
              elements[b] = el;
            }}
            type="button"
            data-board={board.name}
            className={`board-label${board.checked ? ' check' : ''}${board.lit ? ' lit' : ''}${board.due ? ' due' : ''}${board.countdown !== null ? ' doomed' : ''}`}
            style={{ visibility: 'hidden' }}
            onClick={() => onFocus(b)}
            onPointerDown={(e) => e.stopPropagation()}
            onPointerUp={(e) => e.stopPropagation()}
            title={`Focus board ${board.name}${notes.length ? ` (${notes.join('; ')})` : ''}`}
          >
            <span className="swatch" style={{ background: colours[board.seats[0]] }} />
            {board.name}
            <span className="swatch" style={{ background: colours[board.seats[1]] }} />
            {board.kings.map((p) => (
              <span key={p} className="crown" style={{ color: colours[p] }} aria-hidden="true">
                ♚
              </span>
            ))}
            {board.countdown !== null && (
              <span className="countdown" aria-label={`collapses in ${board.countdown}`}>
                {board.countdown}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The name of the square under the mouse ("AB e4"), beside the pointer. */
export function SquareTip({ handle }: { handle: SceneHandle }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    let last: PointerEvent | null = null;
    const show = () => {
      frame = 0;
      const el = ref.current;
      const e = last;
      const pos = useGame.getState().view?.position;
      const rect = canvasRect(handle);
      if (!el || !e || !pos || !rect) return;
      const onCanvas = (e.target as Element | null)?.tagName === 'CANVAS';
      const hit = onCanvas ? pickSquare(handle, e.clientX, e.clientY, pos, { tolerance: 0 }) : null;
      if (!hit) {
        el.style.visibility = 'hidden';
        return;
      }
      const sq = hit.square;
      el.textContent = `${pos.g.names[hit.board]} ${squareName(sq)}`;
      el.style.transform = `translate(${(e.clientX - rect.left + 14).toFixed(0)}px, ${(e.clientY - rect.top + 16).toFixed(0)}px)`;
      el.style.visibility = 'visible';
    };
    const move = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      last = e;
      if (!frame) frame = requestAnimationFrame(show);
    };
    window.addEventListener('pointermove', move);
    return () => {
      window.removeEventListener('pointermove', move);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [handle]);
  return (
    <div ref={ref} className="square-tip" aria-hidden="true" style={{ visibility: 'hidden' }} />
  );
}
