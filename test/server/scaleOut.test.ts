/**
 * Several game processes sharing one Redis (issue #15), each a child process on its own port
 * announcing its public address: a room is reached from either process, a client reconnects
 * across a restart of the process that does not hold its room, and when the holder stops
 * (drained by SIGTERM, or killed by SIGKILL) the game goes on from the stored record on the
 * other process with nothing lost. The processes share a PostgreSQL server for the game
 * archive, as they must.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_RESTART, MSG, type ClosingMessage } from '../../src/net';
import { roomSetup, type Player } from './helpers';
import { GameNode, create, listing, playTurns, playerOf, rejoin, storedActions } from './nodes';
import { freePort, startRedis, type TestRedis } from '../../bench/localRedis';
import { postgresDatabase, type TestDatabase } from './archiveBackends';

let redis: TestRedis;
let postgres: TestDatabase;
let nodes: GameNode[] = [];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), postgresDatabase()]);
  const node = async () => new GameNode(await freePort(), redis.url, undefined, postgres.url);
  nodes = [await node(), await node()];
  await Promise.all(nodes.map((n) => n.start()));
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await redis?.stop();
  await postgres?.drop();
});

/** A started two-player room created through process 1, its second player joining through process 2. */
async function crossRoom() {
  // Both processes running: one an earlier test stopped is started again.
  await Promise.all(nodes.filter((n) => !n.child).map((n) => n.start()));
  const a = await create(nodes[0], roomSetup());
  const id = a.room.roomId;
  const tokenA = await a.claim(0, 'Ada');
  const b = await playerOf(nodes[1].client().joinById(id));
  const tokenB = await b.claim(1, 'Bo');
  await a.until(() => a.last('room')?.started === true, 'the start');
  const listed = await listing(redis.url, id);
  const holder = nodes.find((n) => n.address === listed?.publicAddress)!;
  const other = nodes.find((n) => n !== holder)!;
  return { id, a, b, tokenA, tokenB, holder, other };
}

const leave = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

const leaves = (p: Player) => new Promise<number>((resolve) => p.room.onLeave(resolve));

describe('two game processes sharing Redis', () => {
  it('a room created through one process is joined and played through the other', async () => {
    const { id, a, b, holder } = await crossRoom();
    expect(holder).toBeDefined();
    await playTurns([a, b], 6);
    expect(b.game!.actions).toEqual(a.game!.actions);
    expect(await storedActions(redis.url, id)).toEqual(a.game!.actions);
    // The balancer's health check: taking games, with the rooms held.
    const health = await fetch(`http://${holder.address}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', rooms: 1 });
    await leave(a, b);
  }, 60_000);

  it('a client reconnects through a process restarted meanwhile that does not hold its room', async () => {
    const { a, b, other } = await crossRoom();
    await playTurns([a, b], 2);
    expect(await other.stop('SIGTERM')).toBe(0);
    await other.start();
    // B's connection drops (a network loss), then it reconnects through the restarted process.
    const token = b.room.reconnectionToken;
    const dropped = leaves(b);
    (b.room.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();
    await dropped;
    // The room sends the record as the reconnection completes, before a handler can hear it:
    // the client asks for it again, as a client out of step does.
    const back = await playerOf(
      other
        .client()
        .reconnect(token)
        .then((room) => (room.send(MSG.resync), room)),
    );
    expect(back.room.roomId).toBe(b.room.roomId);
    await playTurns([a, back], 2);
    expect(back.game!.actions).toEqual(a.game!.actions);
    expect(a.game!.length).toBe(4);
    await leave(a, back);
  }, 60_000);

  it('SIGTERM drains the holder: record written, clients told, and they play on through the other process', async () => {
    const { id, a, b, tokenA, tokenB, holder, other } = await crossRoom();
    await playTurns([a, b], 4);
    const before = a.game!.actions;
    const closing: ClosingMessage[] = [];
    a.room.onMessage(MSG.closing, (m: ClosingMessage) => closing.push(m));
    const left = [leaves(a), leaves(b)];
    expect(await holder.stop('SIGTERM')).toBe(0);
    expect(holder.output).toMatch(/drained: every record written/);
    expect(await Promise.all(left)).toEqual([CLOSE_RESTART, CLOSE_RESTART]);
    expect(closing).toEqual([{ reason: 'restart' }]);
    expect(await storedActions(redis.url, id)).toEqual(before);
    expect(await listing(redis.url, id)).toBeNull();

    const [a2, b2] = [await rejoin(other, id, tokenA), await rejoin(other, id, tokenB)];
    expect((await listing(redis.url, id))?.publicAddress).toBe(other.address);
    expect(a2.game!.actions).toEqual(before);
    expect([a2.last('welcome').seat, b2.last('welcome').seat]).toEqual([0, 1]);
    await playTurns([a2, b2], 2);
    expect(await storedActions(redis.url, id)).toEqual(a2.game!.actions);
    await leave(a2, b2);
  }, 90_000);

  it('SIGKILL of the holder: its stale listing is cleared and the game goes on from the record', async () => {
    const { id, a, b, tokenA, tokenB, holder, other } = await crossRoom();
    await playTurns([a, b], 6);
    const before = a.game!.actions;
    const left = [leaves(a), leaves(b)];
    await holder.stop('SIGKILL');
    await Promise.all(left);
    // The dead process's listing is still in Redis: the room must not look open.
    const stale = await listing(redis.url, id);
    expect(stale?.publicAddress).toBe(holder.address);

    const [a2, b2] = [await rejoin(other, id, tokenA), await rejoin(other, id, tokenB)];
    expect((await listing(redis.url, id))?.publicAddress).toBe(other.address);
    expect(a2.game!.actions).toEqual(before);
    expect(b2.game!.actions).toEqual(before);
    expect([a2.last('welcome').seat, b2.last('welcome').seat]).toEqual([0, 1]);
    await playTurns([a2, b2], 4);
    expect(await storedActions(redis.url, id)).toEqual([...before, ...a2.game!.actions.slice(6)]);
    expect(a2.game!.length).toBe(10);
    await leave(a2, b2);
  }, 90_000);
});
