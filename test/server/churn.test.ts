/**
 * Churn and room floods (issue 48 item 5, and item 3's cap "in all"): one address creates and
 * joins rooms at a bounded rate and holds a bounded number of connections across all rooms,
 * refused alone while another address goes on; joins and leaves reach the players at most once
 * an interval; a room created and left expires from the store, a game in play does not.
 * Real clients on a loopback server (the other address is 127.0.0.2, also loopback).
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOM_NAME } from '../../src/net';
import { FileStore } from '../../src/server/fileStore';
import { keepFor, type StoredGame } from '../../src/server/store';
import { connect, roomSetup, startWorld, twoPlayerRoom, type TestWorld } from './helpers';

let world: TestWorld;
afterEach(async () => {
  await world.stop();
});

/** Create a room by the matchmaking route from `localAddress` (with `headers`): the HTTP status. */
function createFrom(localAddress: string, headers: http.OutgoingHttpHeaders = {}): Promise<number> {
  const body = JSON.stringify({ setup: roomSetup() });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: world.server.port,
        localAddress,
        method: 'POST',
        path: `/matchmake/create/${ROOM_NAME}`,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('one address against the whole server', () => {
  it('creating rooms past its rate is refused to that address alone, with the reason', async () => {
    world = await startWorld({ caps: { createsPerSecond: 1, createBurst: 3 } });
    for (let i = 0; i < 3; i++) expect(await createFrom('127.0.0.1')).toBe(200);
    expect(await createFrom('127.0.0.1')).toBe(429);
    await expect(connect(world, { create: roomSetup() })).rejects.toThrow(
      /too many games created from one address/,
    );
    // Another address is not affected; the first gets in again once its bucket refills.
    expect(await createFrom('127.0.0.2')).toBe(200);
    world.timers.advance(1000);
    expect(await createFrom('127.0.0.1')).toBe(200);
  });

  it('a forwarding header counts only behind a trusted proxy, as the address it appended (issue #61 item 10)', async () => {
    world = await startWorld({ caps: { createsPerSecond: 1, createBurst: 2 } });
    for (const written of ['10.9.0.1', '10.9.0.2'])
      expect(await createFrom('127.0.0.1', { 'x-forwarded-for': written })).toBe(200);
    expect(
      await createFrom('127.0.0.1', { 'x-forwarded-for': '10.9.0.3', 'x-real-ip': '10.9.0.3' }),
    ).toBe(429);
    await world.stop();
    world = await startWorld({ caps: { createsPerSecond: 1, createBurst: 2 }, trustedProxies: 1 });
    const via = (client: string, written: string) => ({
      'x-forwarded-for': `${written}, ${client}`,
    });
    for (const written of ['10.9.0.1', '10.9.0.2'])
      expect(await createFrom('127.0.0.1', via('198.51.100.4', written))).toBe(200);
    expect(await createFrom('127.0.0.1', via('198.51.100.4', '10.9.0.3'))).toBe(429);
    expect(await createFrom('127.0.0.1', via('198.51.100.5', '10.9.0.3'))).toBe(200);
  });

  it('joining past its rate is refused; a seated player is not the one who pays', async () => {
    world = await startWorld({ caps: { joinsPerSecond: 1, joinBurst: 4 } });
    const { id } = await twoPlayerRoom(world); // one join (B's)
    for (let i = 0; i < 3; i++) await connect(world, { join: id });
    await expect(connect(world, { join: id })).rejects.toThrow(/too many joins from one address/);
    world.timers.advance(1000);
    await connect(world, { join: id });
  });

  it('its connections to all rooms are bounded together; a seat token still gets in', async () => {
    world = await startWorld({ caps: { connections: 6, perAddress: 100 } });
    const first = await twoPlayerRoom(world);
    const second = await twoPlayerRoom(world);
    await connect(world, { join: first.id });
    await connect(world, { join: second.id });
    // Six connections now (two seats in each room, a watcher in each): a seventh is refused.
    await expect(connect(world, { join: second.id })).rejects.toThrow(
      /too many connections to this server from one address/,
    );
    first.b.room.connection.close();
    await first.a.until(
      () => first.a.last('room').seats[1].connection === 'reconnecting',
      'reconnecting',
    );
    await connect(world, { join: first.id }); // the seat's old connection closed: room again
    const back = await connect(world, { join: first.id, token: first.tokenB });
    expect(back.last('welcome').seat).toBe(1);
  });
});

describe('presence', () => {
  it('a client joining and leaving in a loop reaches each player once an interval', async () => {
    world = await startWorld({ presenceMs: 250 });
    const { id, a } = await twoPlayerRoom(world);
    world.timers.advance(1000);
    const before = a.inbox.room.length;
    for (let i = 0; i < 30; i++) {
      const watcher = await connect(world, { join: id });
      await watcher.room.leave();
    }
    // Time stood still: one status went out at once, the rest wait for the interval's end.
    expect(a.inbox.room.length - before).toBe(1);
    world.timers.advance(250);
    await a.until(() => a.inbox.room.length - before === 2, 'the interval’s status');
    expect(a.inbox.room.length - before).toBe(2);
  });
});

describe('expiry of records (file and Redis stores alike, store.ts keepFor)', () => {
  it('a room created and never started expires after a day; a game in play stays', async () => {
    world = await startWorld();
    const lone = await connect(world, { create: roomSetup() });
    const { id: playing } = await twoPlayerRoom(world);
    const store = new FileStore(world.dataDir);
    // Saves are written behind the room's messages: wait for the record that says what we need.
    const stored = async (id: string, started: boolean) => {
      await expect.poll(async () => (await store.load(id))?.started).toBe(started);
      return (await store.load(id))!;
    };
    const unstarted = await stored(lone.room.roomId, false);
    const started = await stored(playing, true);
    expect(keepFor(unstarted)).toBe(24 * 3600 * 1000);
    expect(keepFor(started)).toBeNull();
    expect(keepFor({ ...started, over: true } as StoredGame)).toBe(30 * 24 * 3600 * 1000);
    expect(await store.sweep(unstarted.savedAt + 23 * 3600 * 1000)).toBe(0);
    expect(await store.sweep(unstarted.savedAt + 25 * 3600 * 1000)).toBe(1);
    expect(await store.load(lone.room.roomId)).toBeNull();
    expect(await store.load(playing)).not.toBeNull();
  });
});
