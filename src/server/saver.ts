/**
 * A room's saves (issue #48 item 4): one after another, each writing the room's state as it is
 * when its turn comes, and what a save stored is sent to the players only then. When a save
 * fails the room pauses: nothing more is saved or sent, and the save is tried again after a
 * while (longer each time, up to RETRY_MAX_MS) until one works; the room then resumes with
 * everything played meanwhile, sent at once.
 */
import type { Timers } from './timers';

/** The waits before the retries of a failed save: doubling from the first, up to the last. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 10_000;

export interface SaverHooks<S> {
  /** The room's state to save now. */
  take(): S;
  write(state: S): Promise<void>;
  /** `state` is stored (`resumed`: the first save after a pause). */
  saved(state: S, resumed: boolean): void;
  /** A save failed while saving worked: the room pauses. */
  failed(error: Error): void;
}

export class Saver<S> {
  private chain: Promise<void> = Promise.resolve();
  private retryTimer: unknown = null;
  private retries = 0;
  private stopped = false;
  /** A save failed and none has worked since. */
  paused = false;

  constructor(
    private readonly hooks: SaverHooks<S>,
    private readonly timers: Timers,
  ) {}

  /** Save the room's state once the saves begun are done (while paused, the retry will). */
  save(): void {
    this.chain = this.chain.then(() => (this.paused ? undefined : this.attempt()));
  }

  /** Resolves when every save begun so far has finished (a retry waiting is not begun). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** No more retries (the room closes). */
  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async attempt(): Promise<void> {
    if (this.stopped && this.paused) return;
    const state = this.hooks.take();
    try {
      await this.hooks.write(state);
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const resumed = this.paused;
    this.paused = false;
    this.retries = 0;
    this.hooks.saved(state, resumed);
  }

  private fail(error: Error): void {
    if (!this.paused) {
      this.paused = true;
      this.hooks.failed(error);
    }
    if (this.stopped) return;
    const wait = Math.min(RETRY_FIRST_MS * 2 ** this.retries, RETRY_MAX_MS);
    this.retries++;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.chain = this.chain.then(() => this.attempt());
    }, wait);
  }
}
