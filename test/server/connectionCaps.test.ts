/**
 * Watchers cannot lock a player out (issue 48 item 3): connections without a seat have their
 * own cap, one address a cap of its own, and a seated player's token always gets back in. The
 * address is the socket's, never a header the client wrote, unless the server is told it stands
 * behind proxies (issue #61 item 10). Real clients on a loopback server; the caps are set low so
 * that a few clients reach them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { connect, startWorld, twoPlayerRoom, Player, type TestWorld } from './helpers';
import { pairOn } from './pairingHelpers';

let world: TestWorld;
afterEach(async () => {
  expect(world.logged).toEqual([]);
  await world.stop();
});

/** A watcher of room `id` whose requests and socket carry `headers`. */
async function watchWith(id: string, headers: Record<string, string>): Promise<Player> {
  const client = new Client(`http://127.0.0.1:${world.server.port}`, { headers });
  const player = new Player(await client.joinById(id));
  await player.until(() => player.inbox.record.length > 0, 'the record');
  return player;
}

describe('connection caps', () => {
  it('watchers past their cap are refused; a seated player who drops rejoins by token', async () => {
    world = await startWorld({ caps: { spectators: 3, perAddress: 100 } });
    const { id, a, b, tokenB } = await twoPlayerRoom(world);
    for (let i = 0; i < 3; i++) await connect(world, { join: id });
    await expect(connect(world, { join: id })).rejects.toThrow(/as many watchers/);
    b.room.connection.close();
    await a.until(() => a.last('room').seats[1].connection === 'reconnecting', 'reconnecting');
    const back = await connect(world, { join: id, token: tokenB });
    expect(back.last('welcome').seat).toBe(1);
    await a.until(() => a.last('room').seats[1].connection === 'online', 'B online again');
  });

  it("one address gets a bounded number of watchers in a room, its seated players' connections aside; a seat token still gets in", async () => {
    world = await startWorld({ caps: { spectators: 100, perAddress: 4 } });
    // Both players sit from this address: their connections are not watchers.
    const { id, b, tokenB } = await twoPlayerRoom(world);
    for (let i = 0; i < 4; i++) await connect(world, { join: id });
    await expect(connect(world, { join: id })).rejects.toThrow(/from one address/);
    b.room.connection.close();
    const back = await connect(world, { join: id, token: tokenB });
    expect(back.last('welcome').seat).toBe(1);
  });

  it('a forwarding header the client writes does not make one machine many addresses (issue #61 item 10)', async () => {
    world = await startWorld({ caps: { spectators: 100, perAddress: 3, connections: 100 } });
    const { id } = await twoPlayerRoom(world);
    for (let i = 0; i < 3; i++)
      await watchWith(
        id,
        i % 2 ? { 'x-real-ip': `10.9.0.${i}` } : { 'x-forwarded-for': `10.9.1.${i}` },
      );
    await expect(watchWith(id, { 'x-real-ip': '10.9.0.9' })).rejects.toThrow(/from one address/);
    await expect(watchWith(id, { 'x-forwarded-for': '10.9.1.9' })).rejects.toThrow(
      /from one address/,
    );
  });

  it('the per-process cap of one address reads the socket too (issue #61 item 10)', async () => {
    world = await startWorld({ caps: { spectators: 100, perAddress: 100, connections: 4 } });
    const { id } = await twoPlayerRoom(world);
    await watchWith(id, { 'x-real-ip': '10.9.0.1' });
    await watchWith(id, { 'x-real-ip': '10.9.0.2' });
    await expect(watchWith(id, { 'x-real-ip': '10.9.0.3' })).rejects.toThrow(
      /to this server from one address/,
    );
  });

  it('behind a trusted proxy, the address it appended to X-Forwarded-For counts (TRUST_PROXY)', async () => {
    world = await startWorld({
      caps: { spectators: 100, perAddress: 2, connections: 100 },
      trustedProxies: 1,
    });
    const { id } = await twoPlayerRoom(world);
    // The proxy appends the address it was reached from to whatever the client wrote.
    const via = (client: string, written = '') => ({
      'x-forwarded-for': written ? `${written}, ${client}` : client,
      'x-real-ip': written || client,
    });
    await watchWith(id, via('10.9.0.1'));
    await watchWith(id, via('10.9.0.1', '10.9.5.5'));
    await expect(watchWith(id, via('10.9.0.1', '10.9.6.6'))).rejects.toThrow(/from one address/);
    // Another machine behind the same proxy is another address.
    await watchWith(id, via('10.9.0.2'));
    await watchWith(id, via('10.9.0.2', '10.9.0.1'));
  });

  it("at a public table too: watchers are capped by their socket's address whatever they write, the seated players' own connections aside (issue #64 item 6)", async () => {
    world = await startWorld({
      caps: {
        spectators: 100,
        perAddress: 2,
        connections: 100,
        pairBurst: 2,
        pairsPerSecond: 0.01,
      },
    });
    const client = (headers: Record<string, string>) =>
      new Client(`http://127.0.0.1:${world.server.port}`, { headers });
    const request = { size: 3, clock: 'none', rules: 'standard' } as const;
    // Two players sit from this machine, claiming other addresses: not watchers either way.
    const ada = await pairOn(client({ 'x-forwarded-for': '10.9.2.1' }), {
      ...request,
      name: 'Ada',
    });
    await pairOn(client({ 'x-real-ip': '10.9.2.2' }), { ...request, name: 'Bo' });
    const id = ada.room.roomId;
    for (const ip of ['10.9.3.1', '10.9.3.2']) await watchWith(id, { 'x-forwarded-for': ip });
    await expect(watchWith(id, { 'x-forwarded-for': '10.9.3.3' })).rejects.toThrow(
      /from one address/,
    );
    // The pairing requests' own rate limit reads the socket too: a third from this machine is
    // refused, whatever address it claims.
    await expect(
      pairOn(client({ 'x-forwarded-for': '10.9.4.4' }), { ...request, name: 'Cy' }),
    ).rejects.toThrow(/too many requests to play/);
  });
});
