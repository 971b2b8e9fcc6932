/**
 * The 3D view, composed of its parts: the stage, boards, pieces, edges, markers, labels, the
 * camera, and the pointer input (input/pointer.ts).
 */
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Color } from 'three';
import type { Position } from '../core';
import { piecesOf } from '../store/snapshot';
import { useGame } from '../store/store';
import { movable } from '../store/movable';
import { Boards } from './components/Boards';
import { CameraRig } from './components/CameraRig';
import { Edges } from './components/Edges';
import { Explain } from './components/Explain';
import { MoveArrow } from './components/MoveArrow';
import { explainState } from '../store/explain';
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
import { Stars } from './components/Stars';
import { DRAG_OVER, useDrag } from './input/drag';
import { usePointerInput } from './input/pointer';
import { gameDrawing, interactionDrawing, type Tint } from './drawing';
import { DragGhost } from './components/DragGhost';
import { Stage } from './layout/stage';
import { placeBoards, uploadBoards } from './gpu/boardSpace';
import { viewerOf } from './layout/viewer';
import { myBoardsOn, usePrefs } from '../device/prefs';
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
        <Stars />
        {hasGame && <World key={n} handle={handle} />}
      </Canvas>
      <Overlay handle={handle} />
    </div>
  );
}
