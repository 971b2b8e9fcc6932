/**
 * The scale-out lines of `npm run bench` (issue #15): the online bench's rooms and clients
 * (bench/online.ts) against game servers in child processes on loopback — one process with its
 * file store, one process on Redis, and two processes sharing Redis (rooms created through one,
 * joined through the other) — so that what Redis and a second process cost shows in the same
 * run: action round trip p50/p95/p99, the rooms each process held, and heap per room.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startRedis, stopChild, type TestRedis } from './localRedis';
import { ROOMS, playRooms, roundTrips } from './online';

export interface Shape {
  processes: number;
  redis: boolean;
}
const SHAPES: Shape[] = [
  { processes: 1, redis: false },
  { processes: 1, redis: true },
  { processes: 2, redis: true },
];

interface Node {
  child: ChildProcess;
  port: number;
}

/** The next IPC message of `child` that has `key`. */
function reply(child: ChildProcess, key: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench server: no '${key}'`)), 30_000);
    const onMessage = (m: Record<string, number>) => {
      if (!(key in m)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
  });
}

/** A game server process (bench/onlineNode.ts) on a free loopback port, once it listens. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = fork(new URL('./onlineNode.ts', import.meta.url), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await reply(child, 'ready');
  return { child, port };
}

const measure = async (nodes: Node[]) =>
  Promise.all(
    nodes.map(async ({ child }) => {
      const answer = reply(child, 'heap');
      child.send('heap');
      return answer;
    }),
  );

/**
 * `use` the game server processes of `shape` (a Redis of their own when it says so), stopped and
 * cleared away after.
 */
export async function withNodes(
  shape: Shape,
  use: (nodes: Node[]) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ndchess-bench-'));
  let redis: TestRedis | null = null;
  const nodes: Node[] = [];
  try {
    redis = shape.redis ? await startRedis() : null;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(redis && { REDIS_URL: redis.url }),
    };
    for (let i = 0; i < shape.processes; i++) nodes.push(await startNode(env));
    await use(nodes);
  } finally {
    await Promise.all(nodes.map((n) => stopChild(n.child)));
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchShape(shape: Shape, emit: (line: Record<string, unknown>) => void) {
  await withNodes(shape, async (nodes) => {
    const before = await measure(nodes);
    const played = await playRooms(
      nodes.map((n) => n.port),
      () => measure(nodes),
    );
    const grown = played.held.reduce((sum, m, i) => sum + m.heap - before[i].heap, 0);
    emit({
      bench: 'online-scale',
      processes: shape.processes,
      store: shape.redis ? 'redis' : 'file',
      rooms: ROOMS,
      rooms_held: played.held.map((m) => m.rooms),
      ...roundTrips(played),
      server_heap_per_room_kb: Math.round(grown / ROOMS / 1024),
    });
  });
}

export async function benchOnlineScale(
  emit: (line: Record<string, unknown>) => void,
): Promise<void> {
  for (const shape of SHAPES) await benchShape(shape, emit);
}
