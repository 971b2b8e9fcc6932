/** A manual clock for the server's tests: time moves only when a test says so. */
import type { Timers } from '../../src/server/timers';

/** Timers that fire only when advance() moves the time past them. */
export class ManualTimers implements Timers {
  private time = 1_000_000;
  private readonly due = new Map<number, { at: number; run: () => void }>();
  private nextHandle = 1;

  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const handle = this.nextHandle++;
    this.due.set(handle, { at: this.time + Math.max(0, ms), run });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.due.delete(handle as number);
  };

  /** Move the time on by ms, running each timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.due.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.due.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
    }
    this.time = end;
  }
}
