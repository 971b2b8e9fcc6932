/** Quick pairing in the server tests: a client asking to play, seated once it has its seat. */
import { afterAll, beforeAll } from 'vitest';
import type { Client } from 'colyseus.js';
import { freePort, startRedis, type TestRedis } from '../../bench/localRedis';
import {
  LISTING,
  PUBLIC_ROOM_NAME,
  joinRequest,
  type OpenTable,
  type OpenTables,
  type PairRequest,
} from '../../src/net';
import { Player } from './helpers';
import { GameNode } from './nodes';

/** "Play online now" through `client`: the player once seated and holding the record. */
export async function pairOn(
  client: Pick<Client, 'joinOrCreate'>,
  request: PairRequest,
): Promise<Player> {
  const player = new Player(await client.joinOrCreate(PUBLIC_ROOM_NAME, request));
  await player.until(
    () => player.inbox.seated.length > 0 && player.inbox.record.length > 0,
    'the seat',
  );
  return player;
}

/** The seats the players sat down at, in their order. */
export const seatedAt = (...players: Player[]) => players.map((p) => p.last('seated').seat);

/** The list of open tables and live games of the server at `port` (its status and body). */
export async function openTablesAt(
  port: number,
  init: RequestInit = {},
  query = '',
): Promise<{ status: number; body: OpenTables & { error?: string } }> {
  const res = await fetch(`http://127.0.0.1:${port}${LISTING.path}${query}`, init);
  return { status: res.status, body: await res.json() };
}

/** Join the listed table `table` with one click's request: the player once seated. */
export async function joinListed(
  client: Pick<Client, 'joinById'>,
  table: OpenTable,
  name: string,
): Promise<Player> {
  const player = new Player(await client.joinById(table.roomId, joinRequest(table, name)));
  await player.until(() => player.inbox.seated.length > 0, 'the seat');
  return player;
}

/** How often the two processes sweep dead processes' listings (loopbackNode.ts). */
export const LOOPBACK_SWEEP_MS = 1_000;

/**
 * Two game processes on one fresh redis-server, started before the file's tests and killed after
 * them. All the players come from loopback: the per-address limits are lifted there
 * (loopbackNode.ts) and tested on one process.
 */
export function twoProcessesOnRedis(): { nodes: GameNode[]; redisUrl: () => string } {
  let redis: TestRedis | null = null;
  const nodes: GameNode[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    const script = ['test/server/loopbackNode.ts'];
    const env = { SWEEP_MS: String(LOOPBACK_SWEEP_MS) };
    for (let i = 0; i < 2; i++)
      nodes.push(new GameNode(await freePort(), redis.url, script, '', env));
    await Promise.all(nodes.map((n) => n.start()));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
    await redis?.stop();
  });
  return { nodes, redisUrl: () => redis!.url };
}
