/**
 * Open tables and live games on one process (issue 49 items 2 and 5): the public tables waiting
 * for players and the public games in play are listed with their format, seats, waiting time,
 * players and move; private invite-link rooms never are; joining from the list seats the player
 * at that very table, watching joins as a spectator; bad and flooding requests for the list are
 * refused to their sender only, and the list is capped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OVER } from '../../src/core';
import { LISTING, MSG, PAIRING_CLOCKS, type OpenTables, type PairRequest } from '../../src/net';
import { connect, pollUntil, roomSetup, startWorld, type Player, type TestWorld } from './helpers';
import { playTurns } from './nodes';
import { joinListed, openTablesAt, pairOn } from './pairingHelpers';

let world: TestWorld | null = null;
afterEach(async () => {
  await world?.stop();
  world = null;
});

const pair = (patch: Partial<PairRequest> = {}) =>
  pairOn(world!.colyseus.sdk, { size: 3, clock: 'none', rules: 'standard', name: 'Ada', ...patch });

const leave = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

/** The list once `test` holds of it. */
async function listWhen(test: (list: OpenTables) => boolean, what: string): Promise<OpenTables> {
  let last: OpenTables | null = null;
  await pollUntil(async () => {
    const { status, body } = await openTablesAt(world!.server.port);
    expect(status).toBe(200);
    last = body;
    return test(body);
  }, what);
  return last!;
}

describe('open tables and live games, one process', () => {
  it('a waiting table and a game in play are listed with their facts; a private room never is', async () => {
    world = await startWorld();
    const host = await connect(world, { create: roomSetup({}, 3) });
    await host.claim(0, 'Host');
    const ada = await pair({ clock: '5+3', name: 'Ada' });
    await pair({ clock: '5+3', name: 'Bo' }).then((bo) => leave(bo));
    const bo = await pair({ clock: '5+3', name: 'Bo' });
    world.timers.advance(7000);
    const players = [
      await pair({ name: 'Cy' }),
      await pair({ name: 'Di' }),
      await pair({ name: 'Ed' }),
    ];
    await players[0].until(() => players[0].last('room')?.started === true, 'the start');

    let list = await listWhen(
      (l) => l.waiting.length === 1 && l.playing.length === 1,
      'a waiting table and a game in play',
    );
    expect(list.waiting).toEqual([
      {
        roomId: ada.room.roomId,
        size: 3,
        clock: '5+3',
        rules: 'standard',
        seated: 2,
        waitingMs: 7000,
        ratings: ['guest', 'guest'],
      },
    ]);
    expect(list.playing).toEqual([
      {
        roomId: players[0].room.roomId,
        size: 3,
        clock: 'none',
        rules: 'standard',
        players: ['Cy', 'Di', 'Ed'],
        move: 1,
        ratings: ['guest', 'guest', 'guest'],
      },
    ]);
    const ids = [...list.waiting, ...list.playing].map((t) => t.roomId);
    expect(ids).not.toContain(host.room.roomId);

    // The move number follows the game.
    await playTurns(players, 3);
    list = await listWhen((l) => l.playing[0]?.move === 2, 'the second move');
    // A game over leaves the list: two of its three players resign in turn (R6.6).
    for (let i = 0; i < 2; i++) {
      const game = players[0].game!;
      const mover = players[game.players[game.position.turn].setupIndex];
      expect(await mover.act('resign')).toBeNull();
      // The next mover is read from this client's record: wait until it has heard the resignation.
      await players[0].until(() => players[0].game!.length > game.length, 'the resignation heard');
    }
    await players[0].until(() => players[0].game!.position.phase === OVER, 'the end');
    list = await listWhen((l) => l.playing.length === 0, 'the game gone from the list');
    expect(list.waiting.map((t) => t.roomId)).toEqual([ada.room.roomId]);
    await leave(host, ada, bo, ...players);
  });

  it('joining from the list seats the player at that very table; watching a game in play is as a spectator', async () => {
    world = await startWorld();
    await pair({ size: 4, name: 'Ada' }); // an older table of another format
    const ada = await pair({ size: 3, name: 'Ada' });
    const bo = await pair({ size: 3, name: 'Bo' });
    const { waiting } = await listWhen((l) => l.waiting.length === 2, 'two tables');
    const table = waiting.find((t) => t.roomId === ada.room.roomId)!;
    const cy = await joinListed(world.colyseus.sdk, table, 'Cy');
    expect(cy.room.roomId).toBe(ada.room.roomId);
    expect(cy.last('seated').seat).toBe(2);
    await ada.until(() => ada.last('room')?.started === true, 'the start');
    expect(ada.last('record').setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo', 'Cy']);

    const { playing } = await listWhen((l) => l.playing.length === 1, 'the game in play');
    const watcher = await connect(world, { join: playing[0].roomId });
    expect(watcher.last('welcome').seat).toBeNull();
    expect(watcher.last('record').setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo', 'Cy']);
    const refused = await watcher.errorAfter(() =>
      watcher.room.send(MSG.act, { action: 'pass', ply: 0 }),
    );
    expect(refused.code).toBe('spectator');
    await leave(ada, bo, cy, watcher);
  });

  it('joining a listed table that filled meanwhile, or with another format, is refused to the joiner only', async () => {
    world = await startWorld();
    const ada = await pair({ size: 3, name: 'Ada' });
    const { waiting } = await listWhen((l) => l.waiting.length === 1, 'the table');
    const [table] = waiting;
    await expect(joinListed(world.colyseus.sdk, { ...table, clock: '3+2' }, 'Eve')).rejects.toThrow(
      /another format/,
    );
    const bo = await joinListed(world.colyseus.sdk, table, 'Bo');
    const cy = await joinListed(world.colyseus.sdk, table, 'Cy');
    await ada.until(() => ada.last('room')?.started === true, 'the start');
    await expect(joinListed(world.colyseus.sdk, table, 'Di')).rejects.toThrow(
      /has started: watch it/,
    );
    expect(ada.inbox.error).toEqual([]);
    await leave(ada, bo, cy);
  });

  it('bad requests and a flood get an error, and the list is capped', async () => {
    world = await startWorld({ caps: { listsPerSecond: 1, listBurst: 3 } });
    const { port } = world.server;
    const post = await openTablesAt(port, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.body.error).toMatch(/read with GET/);
    const query = await openTablesAt(port, {}, '?all=1');
    expect(query.status).toBe(400);
    expect(query.body.error).toMatch(/no parameters/);
    expect((await openTablesAt(port)).status).toBe(200);
    // The manual clock stands still: the bucket refills no token.
    const flood = await openTablesAt(port);
    expect(flood.status).toBe(429);
    expect(flood.body.error).toMatch(/too many requests/);
  });

  it(`at most ${LISTING.maxEach} waiting tables are listed, the longest waiting first`, async () => {
    world = await startWorld();
    const formats: Partial<PairRequest>[] = [];
    for (const clock of PAIRING_CLOCKS)
      for (const size of [3, 4, 5, 6, 7, 8])
        for (const rules of ['standard', 'hyperspace']) formats.push({ clock, size, rules });
    expect(formats.length).toBeGreaterThan(LISTING.maxEach);
    const players: Player[] = [];
    for (const format of formats) {
      players.push(await pair(format));
      world.timers.advance(1);
    }
    const list = await listWhen((l) => l.waiting.length === LISTING.maxEach, 'a full list');
    expect(list.waiting[0].roomId).toBe(players[0].room.roomId);
    await leave(...players);
  });
});
