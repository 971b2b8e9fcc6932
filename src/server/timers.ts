/**
 * The room's time: now() and one-shot timers, passed in so that tests drive clocks and grace
 * periods with a manual clock (test/server/helpers.ts) instead of waiting.
 */
export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
