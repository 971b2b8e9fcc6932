/** Bots on the server (issue #14 item 5): bot seats play in worker threads. */
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../src/net';
import { BotPool } from '../../src/server/bots';
import { connect, roomSetup, startWorld, type TestWorld } from './helpers';

let world: TestWorld | null = null;
afterEach(async () => {
  await world?.stop();
  world = null;
});

describe('server bots', () => {
  it('a room whose creator fills the seats with bots plays bot moves from worker threads', async () => {
    world = await startWorld({ bots: new BotPool(2) });
    const setup = roomSetup(
      { seats: [{ kind: 'open' }, { kind: 'bot', level: 1 }, { kind: 'open' }] },
      3,
    );
    const me = await connect(world, { create: setup });
    await me.claim(0, 'Ada');
    me.room.send(MSG.fill, { level: 1, hostToken: me.inbox.welcome[0].hostToken });
    await me.until(() => me.last('room')?.started === true, 'the start');
    // Play my placements when my turn comes; the two bots place theirs.
    while (me.game!.length < 9) {
      const game = me.game!;
      if (game.players[game.position.turn].setupIndex === 0)
        expect(await me.act(me.legal())).toBeNull();
      else await me.until(() => me.game!.length > game.length, 'a bot action', 20_000);
    }
    const bySeat = me.game!.actions.map(
      (_, k) => me.game!.players[me.game!.positionAt(k).turn].setupIndex,
    );
    expect(bySeat.filter((s) => s !== 0).length).toBeGreaterThanOrEqual(6);
    // The bots answered (no failure made the room play a stand-in action).
    expect(world.logged).toEqual([]);
  }, 60_000);
});
