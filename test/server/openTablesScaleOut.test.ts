/**
 * Open tables and live games with two game processes sharing one real redis-server (issue 49
 * item 2): each process lists the other's waiting tables and games in play, a table listed by one
 * process is joined through the other, and once a process is killed its rooms leave every list
 * within the sweep of dead processes' listings (scaleOut.ts: missing at two sweeps in a row; the
 * test's processes sweep every second, loopbackNode.ts).
 */
import { describe, expect, it } from 'vitest';
import type { OpenTables, PairRequest } from '../../src/net';
import { pollUntil, type Player } from './helpers';
import { listing, type GameNode } from './nodes';
import {
  LOOPBACK_SWEEP_MS,
  joinListed,
  openTablesAt,
  pairOn,
  twoProcessesOnRedis,
} from './pairingHelpers';
import { Redis } from 'ioredis';

const { nodes, redisUrl } = twoProcessesOnRedis();

const pair = (node: GameNode, patch: Partial<PairRequest>) =>
  pairOn(node.client(), { size: 3, clock: 'none', rules: 'standard', name: 'Ada', ...patch });

/** The list as process `node` answers it, once `test` holds of it (within `ms`). */
async function listWhen(
  node: GameNode,
  test: (list: OpenTables) => boolean,
  what: string,
  ms?: number,
): Promise<OpenTables> {
  let last: OpenTables | null = null;
  await pollUntil(
    async () => {
      const { status, body } = await openTablesAt(node.port);
      expect(status).toBe(200);
      last = body;
      return test(body);
    },
    what,
    ms,
  );
  return last!;
}

const ids = (list: OpenTables) => [...list.waiting, ...list.playing].map((t) => t.roomId);

/**
 * Wait until the room counts in Redis add up to `rooms`: Colyseus opens a room on the process
 * with the fewest, so a room opened after this goes to a process holding none when one is.
 */
async function countsSettled(rooms: number): Promise<void> {
  const client = new Redis(redisUrl());
  try {
    await pollUntil(async () => {
      const counts = Object.values(await client.hgetall('roomcount'));
      return counts.reduce((sum, c) => sum + Number(c.split(',')[0]), 0) === rooms;
    }, `${rooms} rooms counted`);
  } finally {
    await client.quit();
  }
}

describe('open tables and live games, two processes on one Redis', () => {
  it("each process lists the other's rooms; a killed process's rooms leave the lists within the sweep", async () => {
    const first = await pair(nodes[0], { size: 4, name: 'Ada' });
    await countsSettled(1);
    const second = await pair(nodes[1], { size: 5, name: 'Bo' });
    await countsSettled(2);
    // A game in play.
    const players: Player[] = [];
    for (const name of ['Cy', 'Di', 'Ed'])
      players.push(await pair(nodes[1], { clock: '3+2', name }));
    await players[0].until(() => players[0].last('room')?.started === true, 'the start');
    const game = players[0].room.roomId;
    const all = [first.room.roomId, second.room.roomId, game];
    const holders = await Promise.all(
      all.map(async (id) => (await listing(redisUrl(), id))!.publicAddress),
    );
    expect(new Set(holders)).toEqual(new Set(nodes.map((n) => n.address)));
    for (const node of nodes)
      await listWhen(node, (l) => all.every((id) => ids(l).includes(id)), 'every room listed');

    const list = await listWhen(nodes[0], () => true, 'the list');
    expect(list.playing.find((g) => g.roomId === game)).toMatchObject({
      size: 3,
      clock: '3+2',
      players: ['Cy', 'Di', 'Ed'],
      move: 1,
    });
    // A table joined with one click's request through the process that does not hold it.
    const tableAt = holders[1] === nodes[0].address ? 1 : 0;
    const table = (await listWhen(nodes[tableAt], () => true, 'the list')).waiting.find(
      (t) => t.roomId === second.room.roomId,
    )!;
    expect(table).toMatchObject({ size: 5, seated: 1 });
    const joined = await joinListed(nodes[tableAt].client(), table, 'Flo');
    expect(joined.room.roomId).toBe(second.room.roomId);
    await listWhen(
      nodes[tableAt],
      (l) => l.waiting.find((t) => t.roomId === table.roomId)?.seated === 2,
      'two seated at the table',
    );

    // The game's process dies: its rooms leave the survivor's list, the survivor's stay.
    const dead = nodes.findIndex((n) => n.address === holders[2]);
    const survivor = nodes[1 - dead];
    await nodes[dead].stop('SIGKILL');
    const deadRooms = all.filter((_, i) => holders[i] === nodes[dead].address);
    const after = await listWhen(
      survivor,
      (l) => deadRooms.every((id) => !ids(l).includes(id)),
      "the dead process's rooms gone",
      // Two sweeps, each begun a sweep after the last ended, with room for a loaded machine.
      5 * LOOPBACK_SWEEP_MS,
    );
    expect(ids(after).sort()).toEqual(all.filter((id) => !deadRooms.includes(id)).sort());
  }, 90_000);
});
