/** The 3D view: boards as a floating graph, pieces, edges, markers, labels, camera and input. */
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BufferAttribute, BufferGeometry, Color, PointsMaterial } from 'three';
import { roleOf, squareKey, type Position } from '../core';
import { ROLE_GLYPHS } from '../text/glyphs';
import { piecesOf } from '../store/snapshot';
import { useGame } from '../store/store';
import { movable } from '../store/movable';
import { Boards } from './components/Boards';
import { CameraRig } from './components/CameraRig';
import { Edges } from './components/Edges';
import { Explain } from './components/Explain';
import { MoveArrow } from './components/MoveArrow';
import { explainState, isRefusedSpot } from '../store/explain';
import { CHECK_RED, LAST_MOVE, PREMOVE, SELECTED } from './gpu/geometries';
import type { SceneHandle } from './handle';
import { useAfterLanding } from '../store/landing';
import { KEEP_DRAWING, MSAA, PIXEL_RATIO } from './resolution';
import { reducedMotion } from './fx';
import { BoardLabels, LabelTracker, SquareTip, type LabelInfo } from './components/Labels';
import { arrangeFor, defaultCamera, layoutBoards } from './layout/layout';
import { Markers } from './components/Markers';
import { createSceneMeasure } from './measure';
import { Pieces } from './components/Pieces';
import { pickSquare } from './input/pick';
import { DRAG_OVER, dropOn, grabs, useDrag } from './input/drag';
import { gameDrawing, interactionDrawing, type Tint } from './drawing';
import { DragGhost } from './components/DragGhost';
import { Stage } from './layout/stage';
import { placeBoards, uploadBoards } from './gpu/boardSpace';
import { viewerOf } from './layout/viewer';
import { myBoardsOn, usePrefs } from '../store/prefs';
import { useCommitCount } from './commits';
import { useFollowViewer } from './followViewer';

/** The colour of each reason a square is tinted (drawing.ts). */
const TINT_COLOURS: Record<Tint, Color> = {
  'last-move': LAST_MOVE,
  check: CHECK_RED,
  premove: PREMOVE,
  selected: SELECTED,
  'drag-over': DRAG_OVER,
};

/** Faint stars far away: one draw call, made from a fixed seed. */
const STARS = (() => {
  const g = new BufferGeometry();
  const n = 700;
  const a = new Float32Array(n * 3);
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const u = rnd() * 2 - 1;
    const t = rnd() * Math.PI * 2;
    const r = 600 + rnd() * 300;
    const k = Math.sqrt(1 - u * u);
    a.set([r * k * Math.cos(t), r * u, r * k * Math.sin(t)], i * 3);
  }
  g.setAttribute('position', new BufferAttribute(a, 3));
  return g;
})();
const STAR_MATERIAL = new PointsMaterial({
  color: '#8a93a8',
  size: 1.6,
  sizeAttenuation: false,
  transparent: true,
  opacity: 0.7,
  depthWrite: false,
});

/** Which boards are in play, and their seat holders (board b's at 2b and 2b + 1), for the layout. */
function boardsOf(pos: Position): { live: boolean[]; seats: number[] } {
  const live: boolean[] = [];
  const seats: number[] = [];
  for (let b = 0; b < pos.nb; b++) {
    live.push(pos.isLive(b));
    seats.push(...pos.boardPlayers(b));
  }
  return { live, seats };
}

/** Registers the camera and renderer for picking and the test seam; counts frames. */
function Probe({ handle }: { handle: SceneHandle }) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const root = useThree((s) => s.get);
  useEffect(() => {
    handle.connect(camera, gl, root);
    handle.measureWith(createSceneMeasure(handle));
  }, [handle, camera, gl, root]);
  useFrame(() => handle.countFrame());
  return null;
}

/**
 * Advances the stage (collapse and settle transitions) before anything else draws, and writes
 * where its boards are into the board table the shaders place everything with.
 */
function StageDriver({ stage }: { stage: Stage }) {
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  useFrame(() => {
    if (stage.moving) {
      stage.tick(performance.now());
      invalidate();
    }
    placeBoards(stage.current, stage.version);
    uploadBoards(gl);
  }, -1);
  return null;
}

function World({ handle }: { handle: SceneHandle }) {
  useCommitCount('World');
  const view = useGame((s) => s.view);
  const game = useGame((s) => s.game);
  const selected = useGame((s) => s.selected);
  const targets = useGame((s) => s.targets);
  const premove = useGame((s) => s.premove);
  const placements = useGame((s) => movable(s).placements);
  const animation = useGame((s) => s.animation);
  const camera = useGame((s) => s.camera);
  const dragOver = useDrag((s) => s.over);

  const myBoards = usePrefs((s) => s.myBoards);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);

  const pos = view!.position;
  const n = pos.n;
  // The pure layout of the live boards, with the seats' current holders (cached by value),
  // arranged for the viewer: their North boards turned, their boards in front ("my boards").
  const seat = useGame((s) => s.online?.seat ?? null);
  // A change of side (the turn passing to another human at the table) waits until the move has
  // landed: the mover sees their piece arrive on boards that stand still, then the table turns.
  const viewer = useAfterLanding(
    useGame((s) => (s.view ? viewerOf(s.view, movable(s)) : -1)),
    animation,
    handle,
    true,
  );
  const aspect = size.width / Math.max(1, size.height);
  const boards = useMemo(() => boardsOf(pos), [pos]);
  const target = useMemo(
    () =>
      arrangeFor(
        layoutBoards(n, boards.live, boards.seats),
        viewer,
        myBoardsOn(myBoards, n),
        aspect,
      ),
    [n, boards, viewer, myBoards, aspect],
  );
  useFollowViewer(viewer, seat, handle);
  const [stage] = useState(() => new Stage(target));
  useLayoutEffect(() => {
    // Boards that change place glide there (a collapse, or the viewer's boards to the front).
    const was = stage.target.boards;
    const glide = target.boards.some((b, i) =>
      b.position.some((x, k) => x !== was[i]?.position[k]),
    );
    stage.setTarget(target, animation !== null || glide, performance.now(), reducedMotion());
    handle.showStage(stage);
    invalidate();
  }, [handle, stage, target, animation, invalidate]);
  useLayoutEffect(() => () => handle.dropStage(stage), [handle, stage]);
  const colours = useMemo(() => (game ? game.players.map((p) => p.colour) : []), [game]);
  const pieces = useMemo(() => piecesOf(pos), [pos]);
  const drawn = useMemo(() => gameDrawing(view!, pieces), [view, pieces]);
  const { checked, gone, countdowns, due, turn } = drawn;
  const {
    tints: tinted,
    markers,
    lit,
  } = useMemo(
    () => interactionDrawing(view!, drawn, { selected, targets, placements, premove, dragOver }),
    [view, drawn, selected, targets, placements, premove, dragOver],
  );
  const tints = useMemo(
    () => new Map([...tinted].map(([key, tint]) => [key, TINT_COLOURS[tint]])),
    [tinted],
  );

  return (
    <>
      <StageDriver stage={stage} />
      <CameraRig layout={target} request={camera} />
      <Boards
        stage={stage}
        tints={tints}
        colours={colours}
        turn={turn}
        countdowns={countdowns}
        due={due}
      />
      <Pieces
        stage={stage}
        pieces={pieces}
        animation={animation}
        colours={colours}
        checked={checked}
        live={boards.live}
      />
      <Edges
        stage={stage}
        colours={colours}
        turn={turn}
        checked={checked}
        lit={lit}
        gone={gone}
        kingLinks={!pos.options.cowardly}
      />
      <Markers stage={stage} markers={markers} colour={turn >= 0 ? colours[turn] : '#ffffff'} />
      <Explain stage={stage} colours={colours} handle={handle} />
      <MoveArrow stage={stage} />
      <LabelTracker stage={stage} handle={handle} />
    </>
  );
}

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
 * information instead; while it shows, the next tap only closes it. A press on one of the
 * mover's pieces grabs it: the camera holds still, and once the pointer travels the piece is
 * selected and dragged; dropped on a target it goes there as a tap on that target would.
 */
function usePointerInput(handle: SceneHandle) {
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
      // Refused (not this device's turn): nothing to drag.
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

/** The board labels (DOM), outside the canvas. */
function Overlay({ handle }: { handle: SceneHandle }) {
  const view = useGame((s) => s.view);
  const game = useGame((s) => s.game);
  const focusBoard = useGame((s) => s.focusBoard);
  // The action pointed at in the move list lights its boards' labels too.
  const highlight = useGame((s) => explainState(s).highlight);
  const colours = useMemo(() => (game ? game.players.map((p) => p.colour) : []), [game]);
  const names = useMemo(() => (game ? game.players.map((p) => p.name) : []), [game]);
  const boards = useMemo((): LabelInfo[] => {
    if (!view) return [];
    const pos = view.position;
    const status = view.status();
    const checked = new Set(status.players.flatMap((p) => p.checkedOn));
    const due = new Set(status.due ?? []);
    const lit = new Set(highlight ? [...highlight.from, ...highlight.to].map((s) => s.board) : []);
    return status.boards.map((b, i) => ({
      name: b.name,
      live: b.live,
      seats: pos.boardPlayers(i),
      countdown: b.countdown,
      due: due.has(b.name),
      checked: checked.has(b.name),
      lit: lit.has(i),
      kings: pos.options.cowardly
        ? pos.kingBoards.flatMap((list, p) => (list.length === 1 && list[0] === i ? [p] : []))
        : [],
    }));
  }, [view, highlight]);
  if (!view) return null;
  return (
    <>
      <BoardLabels
        boards={boards}
        colours={colours}
        names={names}
        onFocus={focusBoard}
        elements={handle.labels}
      />
      <SquareTip handle={handle} />
      <DragGhost />
    </>
  );
}

/** The 3D view; it fills in `handle` (camera, renderer, layout) for picking and the test seam. */
export default function Scene({ handle }: { handle: SceneHandle }) {
  const hasGame = useGame((s) => s.view !== null);
  const n = useGame((s) => s.view?.position.n ?? 3);
  const handlers = usePointerInput(handle);
  const initial = useMemo(() => {
    const pos = useGame.getState().view?.position;
    const boards = pos ? boardsOf(pos) : null;
    return defaultCamera(layoutBoards(n, boards?.live, boards?.seats), 4 / 3).position;
  }, [n]);
  return (
    <div className="scene" {...handlers}>
      <Canvas
        frameloop="demand"
        dpr={PIXEL_RATIO}
        camera={{ fov: 45, near: 0.5, far: 2500, position: initial }}
        gl={{
          antialias: MSAA,
          powerPreference: 'high-performance',
          preserveDrawingBuffer: KEEP_DRAWING,
        }}
        onCreated={({ gl }) => gl.setClearColor(new Color('#07090e'))}
      >
        <Probe handle={handle} />
        {/* The lights are constants in the lit materials' shaders (lighting.ts). */}
        <points geometry={STARS} material={STAR_MATERIAL} frustumCulled={false} />
        {hasGame && <World key={n} handle={handle} />}
      </Canvas>
      <Overlay handle={handle} />
    </div>
  );
}
