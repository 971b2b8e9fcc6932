/**
 * The clocks of a game on this device as a subscriber (like the bots and autosave): after every
 * change of the store it brings the clocks up to date (slices/clocks.ts) and sets one timer for
 * the moment the running flag falls. Offline the clocks may pause (R11 forbids it online only):
 * they stand still while the page is hidden, while another screen than the game's shows (the
 * setup screen), or while a screen holds them (the hand-over).
 */
import type { State } from '../store/state';

interface ClockStore {
  getState(): State;
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

/** The time and timers the driver uses (the page's by default; a test's fake ones). */
export interface ClockTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  /** Whether the page is shown (the clocks stand still while it is not). */
  shown(): boolean;
}

const pageTimers: ClockTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  shown: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
};

/** Run the store's clocks; returns the function that stops it. */
export function driveClocks(store: ClockStore, timers: ClockTimers = pageTimers): () => void {
  let timer: unknown = null;
  let busy = false;
  let again = false;
  // Ticking changes the store (a time-out is recorded), which calls this again: run it in a
  // loop instead, until nothing more is due, so that exactly one timer stands.
  const update = () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    do {
      again = false;
      tick();
    } while (again);
    busy = false;
  };
  const tick = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const s = store.getState();
    const now = timers.now();
    const stand = !timers.shown() || s.clocksHeld || s.screen !== 'game' || !!s.analysis;
    if (s.localClocks?.paused && !stand) s.resumeClocks(now);
    else if (s.localClocks && !s.localClocks.paused && stand) s.pauseClocks(now);
    const fallsAt = store.getState().tickClocks(now);
    if (fallsAt !== null) timer = timers.setTimeout(update, Math.max(0, fallsAt - now));
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (
      s.game !== prev.game ||
      s.config !== prev.config ||
      s.online !== prev.online ||
      s.lesson !== prev.lesson ||
      s.clocksHeld !== prev.clocksHeld ||
      s.screen !== prev.screen ||
      !s.analysis !== !prev.analysis ||
      s.localClocks?.paused !== prev.localClocks?.paused
    )
      update();
  });
  const page = typeof document === 'undefined' ? null : document;
  page?.addEventListener('visibilitychange', update);
  update();
  return () => {
    unsubscribe();
    page?.removeEventListener('visibilitychange', update);
    if (timer !== null) timers.clearTimeout(timer);
  };
}
