/**
 * What the store's worker drivers share (the bots, the advice, the review, the analysis line):
 * a store subscription that looks again at every change, a Web Worker's client made when first
 * asked and ended when the driver disconnects, and the job in hand. A job is one thing the driver
 * wants of its worker (a bot's move in a position, a review run, a line from a position), named
 * by a key: one at a time, a new one stops the one before (its search in flight is cancelled),
 * and an answer for a job no longer in hand is dropped. Each driver keeps its own decisions:
 * which job is wanted, what to ask, what to do with the answer.
 */

/** What the helper needs of a worker's client: a way to stop every search in flight. */
export interface WorkerClient {
  cancel(): void;
}

export interface WorkerDriver<C extends WorkerClient, K> {
  /** The job in hand (null: none). */
  readonly job: K | null;
  /** Make `key` the job in hand, stopping the one before (if any). */
  start(key: K): void;
  /** Whether `key` is still the job in hand (an answer for any other is stale). */
  current(key: K): boolean;
  /** The job `key` is done (its answer taken): nothing is in hand after it. */
  finish(key: K): void;
  /** Stop the job in hand: its search in flight is cancelled, its answer will be dropped. */
  stop(): void;
  /** Call the client (made when first needed); a throw becomes a rejection. */
  use<T>(ask: (client: C) => Promise<T>): Promise<T>;
  /**
   * Ask the client for the job `key`: `answered` or `failed` is called only while `key` is still
   * the job in hand (so the rejection of a search cancelled by stop() is dropped too). A failure
   * of `answered` before it finished the job is passed to `failed`.
   */
  ask<T>(
    key: K,
    ask: (client: C) => Promise<T>,
    answered: (answer: T) => void | Promise<void>,
    failed: (error: Error) => void,
  ): void;
  /** Stop the job in hand and end the worker (the next ask makes a fresh one). */
  end(): void;
  /**
   * Run `update` at every change of the store and once now; returns the function that
   * disconnects: no more updates, the job stopped, the worker ended.
   */
  drive(store: { subscribe(listener: () => void): () => void }, update: () => void): () => void;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/** The worker part of a driver whose client `createClient` makes (a test puts in its own). */
export function workerDriver<C extends WorkerClient, K>(createClient: () => C): WorkerDriver<C, K> {
  let client: C | null = null;
  let job: K | null = null;
  /** A request of the job in hand is in the worker (stopping it must cancel the search). */
  let inFlight = false;

  const driver: WorkerDriver<C, K> = {
    get job() {
      return job;
    },
    start(key) {
      driver.stop();
      job = key;
    },
    current: (key) => job === key,
    finish(key) {
      if (job !== key) return;
      job = null;
      inFlight = false;
    },
    stop() {
      // With nothing in flight the worker is left alone: it keeps the game it holds.
      if (job !== null && inFlight) client?.cancel();
      job = null;
      inFlight = false;
    },
    use(ask) {
      try {
        client ??= createClient();
        return ask(client);
      } catch (e) {
        return Promise.reject(asError(e));
      }
    },
    ask(key, ask, answered, failed) {
      if (job === key) inFlight = true;
      const fail = (e: unknown) => {
        if (job !== key) return;
        inFlight = false;
        failed(asError(e));
      };
      driver.use(ask).then((answer) => {
        if (job !== key) return;
        inFlight = false;
        try {
          void Promise.resolve(answered(answer)).catch(fail);
        } catch (e) {
          fail(e);
        }
      }, fail);
    },
    end() {
      job = null;
      inFlight = false;
      client?.cancel();
    },
    drive(store, update) {
      const unsubscribe = store.subscribe(update);
      update();
      return () => {
        unsubscribe();
        driver.end();
        client = null;
      };
    },
  };
  return driver;
}
