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

/** A label to place: its anchor on screen (x, y), size and depth; `shown` once placed. */
interface Placed {
  b: number;
  x: number;
  y: number;
  w: number;
  h: number;
  depth: number;
  shown: boolean;
}

/** Would `label`, moved down by dy, overlap `other`? */
const overlaps = (other: Placed, label: Placed, dy: number) =>
  Math.abs(other.x - label.x) * 2 < other.w + label.w + 4 &&
  Math.abs(other.y - label.y - dy) * 2 < other.h + label.h + 2;

/** A screen area no label may cover (an overlay's box, in canvas px). */
export interface KeepClear {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Would `label`, moved down by dy, cover `area`? */
const covers = (area: KeepClear, label: Placed, dy: number) =>
  label.x - label.w / 2 < area.right &&
  label.x + label.w / 2 > area.left &&
  label.y + dy - label.h / 2 < area.bottom &&
  label.y + dy + label.h / 2 > area.top;

const SHIFTS = [0, -1, 1, -2, 2];

const nearestFirst = (a: Placed, b: Placed) => a.depth - b.depth;

/**
 * Screen places for the labels so that no two overlap and none goes under an overlay
 * (`keepClear`, such as the view toggles): nearest first, each at its anchor or, when that is
 * taken, moved up (not off the canvas) or down by whole label heights (at most two); a label
 * with no free place is hidden. In place (it runs every frame boards glide): sorts `wanted`
 * nearest first, moves each label's y and sets `shown`. Pure otherwise, for tests.
 */
export function placeLabels(wanted: Placed[], keepClear: readonly KeepClear[] = []): void {
  wanted.sort(nearestFirst);
  for (let i = 0; i < wanted.length; i++) {
    const label = wanted[i];
    label.shown = false;
    for (const k of SHIFTS) {
      const dy = k * (label.h + 2);
      // A label moved up stays on the canvas (its top at 0 or below).
      let free =
        (dy >= 0 || label.y + dy - label.h / 2 >= 0) &&
        !keepClear.some((area) => covers(area, label, dy));
      for (let j = 0; j < i && free; j++)
        free = !(wanted[j].shown && overlaps(wanted[j], label, dy));
      if (!free) continue;
      label.y += dy;
      label.shown = true;
      break;
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
    const { pool, wanted } = placed;
    wanted.length = 0;
    layout.boards.forEach((board, b) => {
      const label = (pool[b] ??= { b, x: 0, y: 0, w: 0, h: 0, depth: 0, shown: false });
      label.shown = false;
      if (!labels[b]) return;
      boardPoint(layout, b, ANCHOR, v, true).project(camera);
      const shown = labelled(board) && v.z < 1 && Math.abs(v.x) < 1.05 && Math.abs(v.y) < 1.05;
      if (!shown) return;
      label.x = ((v.x + 1) / 2) * size.width;
      label.y = ((1 - v.y) / 2) * size.height;
      label.w = sprites.boxes[2 * b];
      label.h = sprites.boxes[2 * b + 1];
      label.depth = v.z;
      wanted.push(label);
    });
    placeLabels(wanted, placed.keepClear);
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
