/**
 * Quick pairing with two game processes sharing one real redis-server (issue 49 item 1): the
 * oldest waiting table of a format is found whichever process holds it and whichever process
 * the request reaches; players arriving at once through both processes never over-fill a table;
 * private rooms are never matched.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROOM_NAME, ROOM_NAME, type PairRequest } from '../../src/net';
import { roomSetup, type Player } from './helpers';
import { create, listing, type GameNode } from './nodes';
import { pairOn, twoProcessesOnRedis } from './pairingHelpers';
import { Redis } from 'ioredis';

const { nodes, redisUrl } = twoProcessesOnRedis();

const pair = (node: GameNode, patch: Partial<PairRequest>) =>
  pairOn(node.client(), { size: 3, clock: 'none', rules: 'standard', name: 'Ada', ...patch });

const leave = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

/** Every listing in Redis of room type `name`. */
async function listed(name: string): Promise<{ roomId: string; private: boolean }[]> {
  const client = new Redis(redisUrl());
  try {
    const all = Object.values(await client.hgetall('roomcaches')).map((text) => JSON.parse(text));
    return all.filter((room) => room.name === name);
  } finally {
    await client.quit();
  }
}

describe('quick pairing, two processes on one Redis', () => {
  it('the oldest waiting table of a format is taken whichever process holds it', async () => {
    const four = await pair(nodes[0], { size: 4, clock: '3+2', name: 'Ada' });
    const three = await pair(nodes[1], { size: 3, clock: '3+2', name: 'Bo' });
    expect(three.room.roomId).not.toBe(four.room.roomId);
    // "Any" size through either process: the 4-player table, opened first.
    const any = await pair(nodes[1], { size: undefined, clock: '3+2', name: 'Cy' });
    expect(any.room.roomId).toBe(four.room.roomId);
    const any2 = await pair(nodes[0], { size: undefined, clock: '3+2', name: 'Di' });
    expect(any2.room.roomId).toBe(four.room.roomId);
    const holder = (await listing(redisUrl(), four.room.roomId))?.publicAddress;
    expect(nodes.map((n) => n.address)).toContain(holder);
    await leave(four, three, any, any2);
  }, 60_000);

  it('nine players arriving at once through both processes fill three 3-player tables exactly', async () => {
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'];
    const players = await Promise.all(
      names.map((name, i) => pair(nodes[i % 2], { clock: '10+5', name })),
    );
    const byTable = new Map<string, Player[]>();
    for (const p of players) byTable.set(p.room.roomId, [...(byTable.get(p.room.roomId) ?? []), p]);
    expect([...byTable.values()].map((ps) => ps.length)).toEqual([3, 3, 3]);
    for (const ps of byTable.values()) {
      expect(new Set(ps.map((p) => p.last('seated').seat))).toEqual(new Set([0, 1, 2]));
      await ps[0].until(() => ps[0].last('room')?.started === true, 'the start', 20_000);
    }
    await leave(...players);
  }, 60_000);

  it('private invite-link rooms are never matched, through either process', async () => {
    const host = await create(nodes[0], roomSetup({}, 3));
    await host.claim(0, 'Host');
    const a = await pair(nodes[1], { clock: '15+10', name: 'Ada' });
    const b = await pair(nodes[0], { clock: '15+10', name: 'Bo' });
    expect([a.room.roomId, b.room.roomId]).not.toContain(host.room.roomId);
    expect(b.room.roomId).toBe(a.room.roomId);
    expect((await listed(ROOM_NAME)).every((room) => room.private)).toBe(true);
    expect((await listed(PUBLIC_ROOM_NAME)).map((t) => t.roomId)).toContain(a.room.roomId);
    await leave(host, a, b);
  }, 60_000);
});
