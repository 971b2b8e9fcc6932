/**
 * Watchers cannot lock a player out (issue 48 item 3): connections without a seat have their
 * own cap, one address a cap of its own, and a seated player's token always gets back in.
 * Real clients on a loopback server; the caps are set low so that a few clients reach them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, startWorld, twoPlayerRoom, type TestWorld } from './helpers';

let world: TestWorld;
afterEach(async () => {
  expect(world.logged).toEqual([]);
  await world.stop();
});

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

  it('one address gets a bounded number of connections to a room; a seat token still gets in', async () => {
    world = await startWorld({ caps: { spectators: 100, perAddress: 4 } });
    const { id, b, tokenB } = await twoPlayerRoom(world);
    await connect(world, { join: id });
    await connect(world, { join: id });
    await expect(connect(world, { join: id })).rejects.toThrow(/from one address/);
    b.room.connection.close();
    const back = await connect(world, { join: id, token: tokenB });
    expect(back.last('welcome').seat).toBe(1);
  });
});
