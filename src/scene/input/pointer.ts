/**
 * Pointer input on the scene: taps, drags of pieces, long presses and right-clicks, turned into
 * the store's actions (what a tap means is the store's, tapSquare; what a press may grab is
 * movable's). The scene spreads the handlers on its element; the camera's controls see what a
 * grab does not take.
 */
import { useEffect, useRef } from 'react';
import { roleOf, squareKey } from '../../core';
import { explainState, isRefusedSpot } from '../../store/explain';
import { movable } from '../../store/movable';
import { useGame } from '../../store/store';
import { ROLE_GLYPHS } from '../../text/glyphs';
import type { SceneHandle } from '../handle';
import { dropOn, grabs, useDrag } from './drag';
import { pickSquare } from './pick';

/** The smallest square (CSS px) a tap selects on; a tap on a board with smaller ones zooms to it. */
const TAP_CELL = 32;
/** How long a press must be held still to show the square's information (ms). */
export const LONG_PRESS_MS = 500;

/** Show what stands on the square under (x, y) and what attacks it (the long press). */
function inspectAt(handle: SceneHandle, x: number, y: number, touch: boolean): void {
  const store = useGame.getState();
  const view = store.view;
  if (!view) return;
  const hit = pickSquare(handle, x, y, view.position, { tolerance: touch ? 22 : 8 });
  if (hit) store.inspectSquare({ board: hit.board, square: hit.square });
}

/** The square under the pointer for a tap or a drop, the tap targets winning (as keys). */
function pickTap(handle: SceneHandle, e: React.PointerEvent) {
  const store = useGame.getState();
  const targets = new Set<number>();
  for (const t of movable(store).targets) targets.add(squareKey(t.board, t.square));
  const hit = store.view
    ? pickSquare(handle, e.clientX, e.clientY, store.view.position, {
        tolerance: e.pointerType === 'touch' ? 22 : 8,
        prefer: targets,
      })
    : null;
  return { store, hit, targets };
}

/** The piece a press grabs to drag (see grabs), or null. */
function grabAt(handle: SceneHandle, e: React.PointerEvent) {
  const { store, hit, targets } = pickTap(handle, e);
  const view = store.view;
  if (!view || !hit || store.inspected) return null;
  const grabbed = grabs(hit.board, hit.square, {
    pieces: movable(store).pieces,
    targets,
    tooSmall: e.pointerType !== 'mouse' && hit.cell < TAP_CELL,
  });
  return grabbed ? { board: hit.board, square: hit.square } : null;
}

/**
 * Pointer input: acts on release, only when the pointer did not travel and no pinch happened.
 * A press held still for LONG_PRESS_MS (any pointer), or a right-click, shows the square's
 * information instead; while it shows, the next tap only closes it. A press on a piece this
 * device may move now, or queue a premove with (movable), grabs it: the camera holds still, and
 * once the pointer travels the piece is selected and dragged; dropped on a target it goes there
 * as a tap on that target would (a move, or a premove). Any other press is the camera's.
 */
export function usePointerInput(handle: SceneHandle) {
  const state = useRef({
    down: new Map<number, { x: number; y: number }>(),
    moved: false,
    multi: false,
    lastTap: { time: 0, key: -1 },
    /** The long-press timer, and whether it fired for the press under way. */
    timer: 0,
    longPressed: false,
    /** The piece the press under way grabbed, and whether it is being dragged. */
    grab: null as {
      pointer: number;
      board: number;
      square: number;
      /** Selected and moving, shown as this glyph in this colour; null until the pointer travels. */
      looks: { glyph: string; colour: string } | null;
    } | null,
  });
  const stopTimer = () => {
    clearTimeout(state.current.timer);
    state.current.timer = 0;
  };
  const letGo = () => {
    state.current.grab = null;
    if (useDrag.getState().ghost) useDrag.setState({ over: null, ghost: null });
  };
  useEffect(() => stopTimer, []);
  return {
    // In the capture phase, before the camera's controls see the press: a grab holds them still.
    onPointerDownCapture(e: React.PointerEvent) {
      const s = state.current;
      // A press of a pointer still held down here lost its release (outside the page): forget it.
      s.down.delete(e.pointerId);
      if (s.down.size === 0) {
        s.moved = false;
        s.multi = false;
        s.longPressed = false;
      }
      s.down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      stopTimer();
      if (s.down.size > 1) {
        s.multi = true;
        letGo();
      } else if (e.button === 0) {
        const { clientX: x, clientY: y, pointerType } = e;
        s.timer = window.setTimeout(() => {
          s.timer = 0;
          if (s.moved || s.multi || s.down.size !== 1) return;
          s.longPressed = true;
          inspectAt(handle, x, y, pointerType !== 'mouse');
        }, LONG_PRESS_MS);
        const grabbed = grabAt(handle, e);
        if (grabbed) {
          s.grab = { pointer: e.pointerId, ...grabbed, looks: null };
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
        }
      }
    },
    onPointerMove(e: React.PointerEvent) {
      const s = state.current;
      const start = s.down.get(e.pointerId);
      if (!start) {
        hoverExplained(handle, e);
        return;
      }
      const limit = e.pointerType === 'touch' ? 12 : 6;
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > limit) {
        s.moved = true;
        stopTimer();
      }
      if (s.grab?.pointer === e.pointerId && s.moved) dragTo(s.grab, e);
    },
    onPointerUp(e: React.PointerEvent) {
      const s = state.current;
      const had = s.down.delete(e.pointerId);
      const grab = s.grab?.pointer === e.pointerId ? s.grab : null;
      letGo();
      stopTimer();
      if (grab?.looks && !s.multi) {
        // Dropped on a target: as a tap on it. Elsewhere the piece goes back, still selected.
        const { store, hit, targets } = pickTap(handle, e);
        const to = dropOn(hit, targets);
        if (to) store.tapSquare(to.board, to.square);
        return;
      }
      if (!had || s.down.size > 0 || s.moved || s.multi || s.longPressed) return;
      if (e.button === 2) {
        // A right-click clears a queued premove; else it shows the square's information.
        const { premove, clearPremove } = useGame.getState();
        if (premove) clearPremove();
        else inspectAt(handle, e.clientX, e.clientY, false);
        return;
      }
      if (e.button > 0) return;
      const { store, hit, targets: prefer } = pickTap(handle, e);
      if (!store.view) return;
      // A tap while the square's information shows closes it (and does nothing else).
      if (store.inspected) {
        store.inspectSquare(null);
        return;
      }
      if (!hit) {
        store.deselect();
        return;
      }
      const key = squareKey(hit.board, hit.square);
      // A tap on a board whose squares are too small for a finger zooms to it first.
      if (
        e.pointerType !== 'mouse' &&
        hit.cell < TAP_CELL &&
        !prefer.has(key) &&
        store.trayPiece === null
      ) {
        store.focusBoard(hit.board);
        return;
      }
      const now = performance.now();
      if (now - s.lastTap.time < 320 && s.lastTap.key === key) {
        s.lastTap = { time: 0, key: -1 };
        store.focusBoard(hit.board);
        return;
      }
      s.lastTap = { time: now, key };
      // What the tap means is the store's (tapSquare); the scene only picked the square.
      store.tapSquare(hit.board, hit.square);
    },
    onPointerCancel(e: React.PointerEvent) {
      state.current.down.delete(e.pointerId);
      state.current.moved = true;
      letGo();
      stopTimer();
    },
    // No browser menu on a long press or a right-click over the boards.
    onContextMenu(e: React.MouseEvent) {
      e.preventDefault();
    },
  };

  /** The grabbed piece follows the pointer: selected (its targets shown) as it starts moving. */
  function dragTo(grab: NonNullable<typeof state.current.grab>, e: React.PointerEvent) {
    if (!grab.looks) {
      const store = useGame.getState();
      const held = (s: typeof store) =>
        s.selected?.board === grab.board && s.selected.square === grab.square;
      if (!held(store)) store.tapSquare(grab.board, grab.square);
      const pos = store.view?.position;
      // Refused (the turn passed meanwhile): nothing to drag.
      if (!held(useGame.getState()) || !pos) {
        letGo();
        return;
      }
      grab.looks = {
        glyph: ROLE_GLYPHS[roleOf(pos.pieceAt(grab.board, grab.square))],
        colour: store.game?.players[pos.ownerAt(grab.board, grab.square)]?.colour ?? '#ffffff',
      };
    }
    // The targets as they are now (the grab may just have selected the piece).
    const { hit, targets } = pickTap(handle, e);
    const to = dropOn(hit, targets);
    useDrag.setState({
      over: to ? squareKey(to.board, to.square) : null,
      ghost: { x: e.clientX, y: e.clientY, ...grab.looks },
    });
  }
}

/** A pointer over a refused king square outlines its attackers (see Explain.tsx). */
function hoverExplained(handle: SceneHandle, e: React.PointerEvent) {
  const store = useGame.getState();
  const explained = explainState(store);
  if (!store.view || (!explained.refused.length && !explained.mate.length)) return;
  const hit = pickSquare(handle, e.clientX, e.clientY, store.view.position, { tolerance: 8 });
  store.hoverSquare(
    hit && isRefusedSpot(explained, hit.board, hit.square)
      ? { board: hit.board, square: hit.square }
      : null,
  );
}
