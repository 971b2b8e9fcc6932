/**
 * The online line of `npm run bench` (issue #14): ROOMS rooms of three scripted clients on
 * loopback (bench/onlineClients.ts, in a worker thread) play legal actions through one game
 * server with its file store; the action round trip (sent → heard accepted, saved first) at
 * p50/p95/p99 and the server's heap per room while the rooms are open; then the same rooms again
 * with an attacker joining, leaving and creating rooms beside them (bench/attacker.ts).
 */
import { LOOPBACK_LOAD } from '../src/server/addressLimits';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InlineBots } from '../src/server/bots';
import { FileStore } from '../src/server/fileStore';
import { startServer } from '../src/server/server';
import { startTsWorker } from '../src/server/tsWorker';
import { startAttacker } from './attacker';

export const ROOMS = 20;
const ACTIONS_PER_ROOM = 30;
const DEADLINE_MS = 60_000;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const heap = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

export async function benchOnline(emit: (line: Record<string, unknown>) => void): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ndchess-bench-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    store: new FileStore(dataDir),
    bots: new InlineBots(),
    log: () => {},
    caps: LOOPBACK_LOAD,
  });
  try {
    const before = heap();
    const played = await playRooms([server.port], async () => heap());
    // The same again with a client churning joins and creating rooms beside the players.
    const attacker = startAttacker(server.port);
    const hostile = await playRooms([server.port], async () => null);
    const attack = await attacker.stop();
    emit({
      bench: 'online',
      rooms: ROOMS,
      clients: ROOMS * 3,
      ...roundTrips(played),
      server_heap_per_room_kb: Math.round((played.held - before) / ROOMS / 1024),
      with_attacker: {
        ...roundTrips(hostile),
        attacker_joins: attack.joins,
        attacker_creates: attack.creates,
      },
    });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export interface Played<T> {
  rtts: number[];
  seconds: number;
  /** What `whileHeld` measured while every room was still open. */
  held: T;
}

/**
 * ROOMS rooms of scripted clients (bench/onlineClients.ts, in a worker thread) through the
 * servers at `ports`; `whileHeld` measures the servers once the actions are played, before the
 * clients leave.
 */
export async function playRooms<T>(
  ports: number[],
  whileHeld: () => Promise<T>,
): Promise<Played<T>> {
  const worker = startTsWorker(new URL('./onlineClients.ts', import.meta.url), {
    workerData: { ports, rooms: ROOMS, actionsPerRoom: ACTIONS_PER_ROOM, deadlineMs: DEADLINE_MS },
  });
  try {
    const message = (key: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const onMessage = (m: Record<string, unknown>) => {
          if (!(key in m)) return;
          worker.off('message', onMessage);
          resolve(m);
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
      });
    const started = performance.now();
    const { rtts } = (await message('played')) as { rtts: number[] };
    const seconds = (performance.now() - started) / 1000;
    const held = await whileHeld();
    worker.postMessage('close');
    await message('closed');
    return { rtts, seconds, held };
  } finally {
    await worker.terminate();
  }
}

/** The figures of a run's action round trips. */
export function roundTrips({ rtts, seconds }: Played<unknown>): Record<string, number> {
  const sorted = [...rtts].sort((a, b) => a - b);
  const ms = (x: number) => Number(x.toFixed(2));
  return {
    actions: sorted.length,
    seconds: Number(seconds.toFixed(1)),
    rtt_p50_ms: ms(percentile(sorted, 50)),
    rtt_p95_ms: ms(percentile(sorted, 95)),
    rtt_p99_ms: ms(percentile(sorted, 99)),
  };
}
