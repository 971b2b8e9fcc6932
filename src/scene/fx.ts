/**
 * The scene's effects state, owned here. The pace of animations (time scale) and reduced motion
 * are set and read only through the functions below (the demo's director sets the show's pace,
 * the test seam a slow motion); the per-frame state of the piece animation and check pulse is
 * `fx`, written by the pieces (Pieces.tsx) and read inside useFrame: never React state.
 */
import { TEST_BUILD } from '../ai/testBuild';

export const fx = {
  /** The running piece animation. */
  animId: -1,
  animStart: 0,
  animDuration: 0,
  animating: false,
  /** Until when the check pulse runs (performance.now() ms). */
  pulseUntil: 0,
  /** The board pair of a board-shifting flight, lit while it runs (-1 none). */
  flight: [-1, -1] as [number, number],
};

/**
 * How fast a test build (`vite build --mode test`) animates: the browser tests draw with
 * SwiftShader on the CPU, where each frame of an animation costs 50–200 ms, so animations run
 * ten times faster there; a test that looks at one slows it down (the seam's slowMotion).
 */
const TEST_PACE = 0.1;

/** The pace a show asks for, and the slow motion asked for to inspect animations. */
const pace = { show: 1, slow: TEST_BUILD ? TEST_PACE : 1 };

/** How much longer animations take than normal (below 1: faster). */
export const timeScale = (): number => pace.show * pace.slow;

/** The demo's pace: animations take `k` times their normal time (1 restores it). */
export function setTimeScale(k: number): void {
  pace.show = k;
}

/** Slow motion for looking at animations (k times the normal time); 1 restores normal speed. */
export function setSlowMotion(k: number): void {
  pace.slow = Math.max(0.01, k);
}

/** The player asked for less motion (the system setting). */
export const reducedMotion = (): boolean =>
  typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Is a piece animation running? */
export const animating = (): boolean => fx.animating;

/** How long the edges of a king in check pulse at normal pace (ms). */
export const CHECK_PULSE_MS = 6000;

/** Pulse value in [0, 1] for the check glow at time `now`. */
export function pulseAt(now: number): number {
  if (now >= fx.pulseUntil) return 1;
  return 0.5 + 0.5 * Math.sin((now / 1000) * Math.PI * 2 * 1.2);
}

export const easeInOut = (t: number): number =>
  t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;

/**
 * How long a piece animation runs at normal pace (ms): a shift's flight between boards is
 * longest; many pieces at once (a collapse, auto-placement) a little longer than one move.
 */
export function pieceAnimationMs(shift: boolean, items: number, reduced: boolean): number {
  return reduced ? 140 : shift ? 1300 : items > 6 ? 420 : 380;
}
