/**
 * Per-frame state of effects (animation clock, check pulse), kept in a module-level object and
 * read inside useFrame: never React state.
 */
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
  /** Slow motion for inspecting animations (the test seam sets it; 1 is normal speed). */
  timeScale: 1,
};

export const reducedMotion = (): boolean =>
  typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Pulse value in [0, 1] for the check glow at time `now`. */
export function pulseAt(now: number): number {
  if (now >= fx.pulseUntil) return 1;
  return 0.5 + 0.5 * Math.sin((now / 1000) * Math.PI * 2 * 1.2);
}

export const easeInOut = (t: number): number =>
  t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
