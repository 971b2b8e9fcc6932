/**
 * One pairing request of a format at a time, across every process (issue 49 item 1). Colyseus'
 * own guard against opening two tables at once for one format waits at most half a second for
 * the table another request is opening; past that (a busy machine, two processes) each opens
 * its own, and players arriving together sit at half-empty tables. Holding a lock per format
 * (clock and options: a request for any size meets the sized ones) from the request's check to
 * its seat reservation makes the next request see the table the previous one opened or filled.
 */

/** What the lock needs of the presence (Redis with several processes). */
export interface LockStore {
  incr(key: string): Promise<number>;
  expire(key: string, seconds: number): unknown;
  del(key: string): unknown;
  subscribe(topic: string, callback: () => void): Promise<unknown>;
  unsubscribe(topic: string, callback: () => void): unknown;
  publish(topic: string, data: string): unknown;
}

/** A holder that never releases (a process dying mid-request) frees the lock after this. */
const HOLD_SECONDS = 2;
/** A request waits at most this long, then goes on without the lock (as Colyseus alone would). */
const WAIT_MS = 5000;
/** A waiter that missed the release (it came between its try and its listening) tries again. */
const RETRY_MS = 100;

export const formatLockKey = (clock: string, rules: string) =>
  `ndchess:pairing-lock:${clock}:${rules}`;

/**
 * The requests (their options object) holding a lock: the matchmaker asks again with the same
 * request when the table it found filled meanwhile, and it holds the lock already.
 */
const holding = new WeakSet<object>();

/** Take the lock `key` for `request` (waiting for the request holding it); true once held. */
export async function lockFormat(store: LockStore, key: string, request: object): Promise<boolean> {
  if (holding.has(request)) return true;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if ((await store.incr(key)) === 1) {
      await store.expire(key, HOLD_SECONDS);
      holding.add(request);
      return true;
    }
    await released(store, key);
  }
  return false;
}

/**
 * The waiters in this process per lock, woken by one subscription per lock (not one each: many
 * waiters on one channel would be many listeners on the presence's emitter).
 */
const waiting = new Map<string, { wake: () => void; waiters: Set<() => void> }>();

/** Resolves when the lock `key` is released, or after RETRY_MS. */
async function released(store: LockStore, key: string): Promise<void> {
  let done = () => {};
  const heard = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(done, RETRY_MS);
  let lock = waiting.get(key);
  if (!lock) {
    const waiters = new Set<() => void>([done]);
    lock = { waiters, wake: () => waiters.forEach((w) => w()) };
    waiting.set(key, lock);
    await store.subscribe(key, lock.wake);
  } else lock.waiters.add(done);
  await heard;
  clearTimeout(timer);
  lock.waiters.delete(done);
  if (lock.waiters.size === 0 && waiting.get(key) === lock) {
    waiting.delete(key);
    store.unsubscribe(key, lock.wake);
  }
}

/** The request's seat is reserved: the next request of the format may look. */
export function unlockFormat(store: LockStore, key: string): void {
  void Promise.resolve(store.del(key)).then(() => store.publish(key, ''));
}
