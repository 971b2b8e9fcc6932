/** The clocks slice (clocks.ts): the clocks of a timed game on this device. */
import type { Clocks, GameSetup } from '../../core';

/** The clocks of a timed game on this device (core clocks, times on the page's clock). */
export interface LocalClocks {
  clocks: Clocks;
  /** The game they belong to (another setup: another game, fresh clocks). */
  setup: GameSetup;
  /** Standing still (the page is hidden, or a game resumed from storage): times as they stood. */
  paused: boolean;
}

/** Clocks in a game on this device (slices/clocks.ts); online the room keeps them. */
export interface ClockSlice {
  /** null: no clocks (no time control, an online game, a lesson). */
  localClocks: LocalClocks | null;
  /**
   * Bring the clocks up to date with the record at `now`, and record `timeout X` when a flag
   * has fallen (R11.2). Returns when the next flag falls, or null (none runs).
   */
  tickClocks(now: number): number | null;
  pauseClocks(now: number): void;
  resumeClocks(now: number): void;
  /** A screen covers the boards (the pass-and-play hand-over): the clocks stand still meanwhile. */
  clocksHeld: boolean;
  holdClocks(held: boolean): void;
}
