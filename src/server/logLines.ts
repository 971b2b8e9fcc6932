/**
 * The server's log in single lines (issue #48 item 7): a hostile client's refused messages and
 * malformed frames, and a Redis outage, each wrote many lines (a stack trace per frame, an
 * "Unhandled error event" per reconnection attempt). Now a refused message is one line, at
 * most LINES_PER_SECOND of them a second, and a lost connection one line when lost and one when
 * back.
 */
import type { EventEmitter } from 'node:events';

export const LINES_PER_SECOND = 10;

/** Control characters (a newline in a client's message type) would break a line in two. */
const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]/gu, '?');

/** An error's first line (a stack trace's is the error itself). */
const firstLine = (a: unknown): string =>
  (a instanceof Error ? `${a.name}: ${a.message}` : String(a)).split('\n')[0];

/**
 * `log` limited to LINES_PER_SECOND lines a second (by `now`, ms); the lines left out are
 * counted in one line written before the next second's first.
 */
export function limitedLog(
  log: (message: string) => void,
  now: () => number,
): (message: string) => void {
  let since = -Infinity;
  let written = 0;
  let dropped = 0;
  return (message) => {
    const t = now();
    if (t - since >= 1000) {
      if (dropped > 0) log(`… and ${dropped} more such lines in that second, not logged`);
      since = t;
      written = dropped = 0;
    }
    if (written < LINES_PER_SECOND) {
      written++;
      log(oneLine(message));
    } else dropped++;
  };
}

/** Colyseus' logger (a refused frame, a failed join): its errors and warnings as single lines. */
export function colyseusLogger(line: (message: string) => void) {
  const write = (...args: unknown[]) => line(`colyseus: ${args.map(firstLine).join(' ')}`);
  const quiet = () => {};
  return { error: write, warn: write, info: quiet, debug: quiet, trace: quiet };
}

/**
 * One line when the connection of `client` (an ioredis client) is lost, one when it is back.
 * Listening to 'error' also keeps ioredis from printing "Unhandled error event" on each retry.
 */
export function watchConnection(
  client: EventEmitter,
  name: string,
  log: (message: string) => void,
): void {
  let lost = false;
  client.on('error', (e: Error) => {
    if (lost) return;
    lost = true;
    log(`${name}: connection lost (${oneLine(firstLine(e))})`);
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    log(`${name}: connection back`);
  });
}
