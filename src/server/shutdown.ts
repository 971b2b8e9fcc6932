/**
 * Stopping a game process (issue #15 item 3): SIGTERM or SIGINT drains it (no new rooms here,
 * every record written, clients told to rejoin, reaching a living process that reopens their
 * rooms from the store), then exits. A second signal, or a drain that outlasts the deadline,
 * exits at once: the records are written after every action, so nothing accepted is lost.
 */
import type { GameServer } from './server';

/** Longer than a record's save, shorter than the usual 30 s a supervisor waits before SIGKILL. */
export const DRAIN_DEADLINE_MS = 20_000;

export function drainOnSignals(
  server: GameServer,
  log: (message: string) => void = (m) => console.error(m),
  deadlineMs = DRAIN_DEADLINE_MS,
): void {
  let draining = false;
  const stop = (signal: NodeJS.Signals) => {
    if (draining) {
      log(`${signal} again: stopping now`);
      process.exit(1);
    }
    draining = true;
    log(`${signal}: draining ${server.rooms.size} room(s); clients rejoin elsewhere`);
    setTimeout(() => {
      log(`draining took over ${deadlineMs} ms: stopping now`);
      process.exit(1);
    }, deadlineMs).unref();
    server.drain().then(
      () => {
        log('drained: every record written');
        process.exit(0);
      },
      (e: Error) => {
        log(`draining failed: ${e.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
