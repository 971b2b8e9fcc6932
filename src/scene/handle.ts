/**
 * What the DOM side needs to know about the live scene (for picking, the test seam and the
 * performance figures): one object that the app creates and hands to the scene, which fills it
 * in. Never React state, never per frame.
 */
import type { Dpr, RootState } from '@react-three/fiber';
import type { Camera, Object3D, WebGLRenderer } from 'three';
import type { LandingWatch } from '../store/landing';
import type { Animation } from '../store/slices/record.types';
import { animating, fx } from './fx';
import type { Layout } from './layout/layout';
import type { Stage } from './layout/stage';

/** The scene's measuring tools for the test seam (measure.ts, loaded with the scene). */
export interface SceneMeasure {
  /** CSS-pixel centre of a square on screen, or null if off screen. */
  screenOfSquare(board: number, square: number): { x: number; y: number } | null;
  /** The screen box (CSS px, not clipped to the view) of a board's squares, or null. */
  boardScreenBox(
    board: number,
  ): { left: number; top: number; right: number; bottom: number } | null;
  /** The live boards whose centres the camera sees. */
  boardsInView(): number[];
  /** How many frames, crosses and line segments the explanation overlay drew last. */
  marksDrawn(): { frames: number; crosses: number; segments: number };
  /** How many line segments the arrow on the boards was drawn with last. */
  arrowSegments(): number;
}

export class SceneHandle implements LandingWatch {
  camera: Camera | null = null;
  gl: WebGLRenderer | null = null;
  /** Where the boards are drawn now (the stage's current layout). */
  layout: Layout | null = null;
  stage: Stage | null = null;
  /** The table's turn to the next player waits for the move to land (Scene.tsx). */
  turnHeld = false;
  /** Frames rendered since the page loaded. */
  frames = 0;
  invalidate: (() => void) | null = null;
  /** Set the canvas's pixel ratio (resolution.ts); nothing to set before the canvas is up. */
  setPixelRatio: (dpr: Dpr) => void = () => {};
  /** Has a frame been asked for and not drawn yet? */
  framePending: () => boolean = () => false;
  /** The board labels (DOM, outside the canvas) by board index, placed by the label tracker. */
  readonly labels: (HTMLElement | null)[] = [];
  /** What draws the labels' pictures in the canvas (Labels.tsx). */
  labelPictures: Object3D | null = null;
  /** Set by the scene once it is loaded. */
  measure: SceneMeasure | null = null;

  /** The canvas is up: its camera, renderer, and its root's state (frames asked, pixel ratio). */
  connect(camera: Camera, gl: WebGLRenderer, root: () => RootState): void {
    this.camera = camera;
    this.gl = gl;
    this.invalidate = () => root().invalidate();
    this.setPixelRatio = (dpr) => root().setDpr(dpr);
    this.framePending = () => root().internal.frames > 0;
  }

  /** The scene is loaded: the seam measures it with `measure`. */
  measureWith(measure: SceneMeasure): void {
    this.measure = measure;
  }

  /** The label pictures are drawn by `pictures` now (null: gone with their scene). */
  drawLabelsWith(pictures: Object3D | null): void {
    this.labelPictures = pictures;
  }

  /** The boards are drawn by `stage` now. */
  showStage(stage: Stage): void {
    this.stage = stage;
    this.layout = stage.current;
  }

  /** `stage` is gone with its scene: nothing of it is drawn, moving or picked any more. */
  dropStage(stage: Stage): void {
    if (this.stage !== stage) return;
    this.stage = null;
    this.layout = null;
  }

  holdTurn(held: boolean): void {
    this.turnHeld = held;
  }

  landing(animation: Animation | null): boolean {
    // An animation a render is about to start (Pieces starts it in its layout effect).
    return (animation !== null && animation.id !== fx.animId) || sceneMoving(this);
  }

  countFrame(): void {
    this.frames++;
  }
}

/** An empty handle, for the scene to fill in. */
export const createSceneHandle = (): SceneHandle => new SceneHandle();

/** Is something in the scene moving (a piece animation, a collapse or settle transition)? */
export const sceneMoving = (handle: SceneHandle): boolean => animating() || !!handle.stage?.moving;

/** Is the scene still busy: moving, or about to turn the table once a move has landed? */
export const sceneBusy = (handle: SceneHandle): boolean => sceneMoving(handle) || handle.turnHeld;

export function canvasRect(handle: SceneHandle): DOMRect | null {
  return handle.gl?.domElement.getBoundingClientRect() ?? null;
}
