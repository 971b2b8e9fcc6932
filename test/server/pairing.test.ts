/**
 * Quick pairing on one process (issue 49 items 1 and 5): "Play online now" seats a player at the
 * oldest waiting public table of the format asked for, or opens one; tables never over-fill;
 * private rooms are never matched; after the wait the seated players may start with bots; bad
 * and flooding requests are refused to their sender only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { NO_OPTIONS } from '../../src/core';
import { MSG, PAIRING, PUBLIC_ROOM_NAME, ROOM_NAME, type PairRequest } from '../../src/net';
import { connect, pollUntil, roomSetup, startWorld, type Player, type TestWorld } from './helpers';
import { pairOn, seatedAt } from './pairingHelpers';

let world: TestWorld | null = null;
afterEach(async () => {
  await world?.stop();
  world = null;
});

const request = (patch: Partial<PairRequest> = {}): PairRequest => ({
  size: 3,
  clock: 'none',
  rules: 'standard',
  name: 'Ada',
  ...patch,
});

const pair = (patch: Partial<PairRequest> = {}) => pairOn(world!.colyseus.sdk, request(patch));

const leave = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

describe('quick pairing, one process', () => {
  it('three players asking for a 3-player table sit at one table, and its game starts', async () => {
    world = await startWorld();
    const a = await pair({ name: 'Ada' });
    const b = await pair({ name: 'Bo' });
    expect(b.room.roomId).toBe(a.room.roomId);
    expect(a.last('room').started).toBe(false);
    // The wait screen's facts: who sits since when, and from when bots may fill the table.
    const wait = b.last('room').pairing!;
    expect(wait.seatedAt.filter((t) => t !== null)).toHaveLength(2);
    expect(wait.botsFrom - wait.openedAt).toBe(PAIRING.botsAfterMs);
    const c = await pair({ name: 'Cy' });
    expect(c.room.roomId).toBe(a.room.roomId);
    expect(seatedAt(a, b, c)).toEqual([0, 1, 2]);
    await a.until(() => a.last('room')?.started === true, 'the start');
    expect(a.last('record').setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo', 'Cy']);
    expect(a.last('room').pairing).toBeNull();
    // A started table is matched no more: the next request opens a new one.
    const d = await pair({ name: 'Di' });
    expect(d.room.roomId).not.toBe(a.room.roomId);
    await leave(a, b, c, d);
  });

  it('the oldest waiting table of the format is taken; "any" size takes the oldest of any size', async () => {
    world = await startWorld();
    const four = await pair({ size: 4, name: 'Ada' });
    const three = await pair({ size: 3, name: 'Bo' });
    expect(three.room.roomId).not.toBe(four.room.roomId);
    const any = await pair({ size: undefined, name: 'Cy' });
    expect(any.room.roomId).toBe(four.room.roomId);
    const three2 = await pair({ size: 3, name: 'Di' });
    expect(three2.room.roomId).toBe(three.room.roomId);
    // Another clock or other options is another format: a table of its own.
    const clocked = await pair({ size: 3, clock: '5+3', name: 'Ed' });
    const hyper = await pair({ size: 3, rules: 'hyperspace+shade', name: 'Flo' });
    const ids = new Set([three.room.roomId, clocked.room.roomId, hyper.room.roomId]);
    expect(ids.size).toBe(3);
    expect(clocked.last('record').settings.timeControl).toEqual({
      baseMs: 5 * 60_000,
      incrementMs: 3000,
    });
    expect(hyper.last('record').setup.options).toEqual({
      ...NO_OPTIONS,
      hyperspace: true,
      shade: true,
    });
    // "Any" with no table waiting opens one of PAIRING.anySize.
    const anyNew = await pair({ size: undefined, clock: '15+10', name: 'Gus' });
    expect(anyNew.last('record').setup.players).toHaveLength(PAIRING.anySize);
    await leave(four, three, any, three2, clocked, hyper, anyNew);
  });

  it("R9.7 a table of four or more plays Quiet shifts, its size's default; one of three does not", async () => {
    world = await startWorld();
    // The rules fields of before Quiet shifts pair as they did, with the size's default rules.
    const four = await pair({ size: 4, name: 'Ada' });
    const fiveHyper = await pair({ size: 5, rules: 'hyperspace', name: 'Bo' });
    const three = await pair({ size: 3, name: 'Cy' });
    expect(four.last('record').setup.options).toEqual({ ...NO_OPTIONS, quiet: true });
    expect(fiveHyper.last('record').setup.options).toEqual({
      ...NO_OPTIONS,
      hyperspace: true,
      quiet: true,
    });
    expect(three.last('record').setup.options).toEqual(NO_OPTIONS);
    // "Any" size meets the 4-player standard table, with its rules.
    const any = await pair({ size: undefined, name: 'Di' });
    expect(any.room.roomId).toBe(four.room.roomId);
    expect(any.last('record').setup.options).toEqual({ ...NO_OPTIONS, quiet: true });
    // Quiet shifts is not a rules field of its own: it comes with the size.
    await expect(pair({ size: 3, rules: 'quiet', name: 'Ed' })).rejects.toThrow(
      /Quiet shifts comes with the table's size/,
    );
    await leave(four, fiveHyper, three, any);
  });

  it('private invite-link rooms are never matched', async () => {
    world = await startWorld();
    const host = await connect(world, { create: roomSetup({}, 3) });
    await host.claim(0, 'Host');
    const a = await pair({ name: 'Ada' });
    expect(a.room.roomId).not.toBe(host.room.roomId);
    const listed = await matchMaker.query({ name: ROOM_NAME });
    expect(listed.every((room) => room.private)).toBe(true);
    const tables = await matchMaker.query({ name: PUBLIC_ROOM_NAME });
    expect(tables.map((t) => t.roomId)).toEqual([a.room.roomId]);
    await leave(host, a);
  });

  it('seven players arriving at once fill two 3-player tables, never more than three a table', async () => {
    world = await startWorld();
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'];
    const players = await Promise.all(names.map((name) => pair({ name })));
    const byTable = new Map<string, Player[]>();
    for (const p of players) byTable.set(p.room.roomId, [...(byTable.get(p.room.roomId) ?? []), p]);
    const sizes = [...byTable.values()].map((ps) => ps.length).sort();
    expect(sizes).toEqual([1, 3, 3]);
    for (const ps of byTable.values()) {
      expect(new Set(ps.map((p) => p.last('seated').seat)).size).toBe(ps.length);
      if (ps.length === 3)
        await ps[0].until(() => ps[0].last('room')?.started === true, 'the start');
    }
    await leave(...players);
  });

  it('R10.1, R11.3: after the wait, the seated players start with bots of the lowest level chosen; the record says which seats are bots', async () => {
    world = await startWorld();
    const a = await pair({ size: 4, name: 'Ada' });
    const b = await pair({ size: 4, name: 'Bo' });
    const early = await a.errorAfter(() => a.room.send(MSG.botVote, { level: 2 }));
    expect(early.code).toBe('not-waiting');
    const watcher = await connect(world, { join: a.room.roomId });
    const notSeated = await watcher.errorAfter(() => watcher.room.send(MSG.botVote, { level: 1 }));
    expect(notSeated.code).toBe('spectator');

    world.timers.advance(PAIRING.botsAfterMs);
    a.room.send(MSG.botVote, { level: 3 });
    await b.until(() => b.last('room')?.pairing?.votes[0] === 3, "Ada's choice");
    expect(b.last('room').started).toBe(false);
    b.room.send(MSG.botVote, { level: 2 });
    await a.until(() => a.last('room')?.started === true, 'the start');
    expect(a.last('record').settings.seats).toEqual([
      { kind: 'open' },
      { kind: 'open' },
      { kind: 'bot', level: 2 },
      { kind: 'bot', level: 2 },
    ]);
    expect(a.last('room').seats.map((s) => s.holder)).toEqual(['human', 'human', 'bot', 'bot']);
    expect(a.last('record').setup.players.map((p) => p.name)).toEqual([
      'Ada',
      'Bo',
      'Bot 3',
      'Bot 4',
    ]);
    await leave(a, b, watcher);
  });

  it('a player leaving a waiting table frees the seat at once, and their choice goes with them', async () => {
    world = await startWorld();
    const a = await pair({ name: 'Ada' });
    const b = await pair({ name: 'Bo' });
    world.timers.advance(PAIRING.botsAfterMs);
    a.room.send(MSG.botVote, { level: 1 });
    await b.until(() => b.last('room')?.pairing?.votes[0] === 1, "Ada's choice");
    await a.room.leave(true);
    await b.until(() => b.last('room')?.pairing?.seatedAt[0] === null, 'the seat freed');
    expect(b.last('room').pairing!.votes[0]).toBeNull();
    const c = await pair({ name: 'Cy' });
    expect(c.room.roomId).toBe(b.room.roomId);
    expect(c.last('seated').seat).toBe(0);
    await leave(b, c);
  });

  it('impossible formats are refused to the sender only, and the table waiting is not touched', async () => {
    world = await startWorld();
    const a = await pair({ name: 'Ada' });
    const before = a.inbox.room.length;
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...request(), size: 9 }, /size must be 3–8/],
      [{ ...request(), size: 2 }, /size must be 3–8/],
      [{ ...request(), size: '3' }, /size must be 3–8/],
      [{ ...request(), clock: '7+7' }, /clock must be one of/],
      [{ ...request(), rules: 'teleport' }, /options must be "standard"/],
      [{ ...request(), rules: 'shade+hyperspace' }, /in that order/],
      [{ ...request(), seed: 'mine' }, /no field "seed"/],
      [{ ...request(), name: '\u202eAda' }, /direction-changing character U\+202E at position 1/],
      [{ ...request(), name: '' }, /name is empty/],
    ];
    for (const [options, message] of bad)
      await expect(world.colyseus.sdk.joinOrCreate(PUBLIC_ROOM_NAME, options)).rejects.toThrow(
        message,
      );
    expect(a.inbox.error).toEqual([]);
    expect(a.inbox.room.length).toBe(before);
    expect(await matchMaker.query({ name: PUBLIC_ROOM_NAME })).toHaveLength(1);
    // A watcher of the table may not take a seat past the pairing's limits.
    const watcher = await connect(world, { join: a.room.roomId });
    const claim = await watcher.errorAfter(() =>
      watcher.room.send(MSG.claim, { seat: 1, name: 'Eve' }),
    );
    expect(claim.message).toMatch(/through "Play online now"/);
    expect(a.inbox.error).toEqual([]);
    await leave(watcher);
    await leave(a);
  });

  it('a flood of requests and sitting at many tables at once are refused to that address', async () => {
    world = await startWorld({ caps: { pairsPerSecond: 1, pairBurst: 3, pairingTables: 2 } });
    const a = await pair({ size: 3, name: 'Ada' });
    const b = await pair({ size: 4, name: 'Ada' });
    await expect(pair({ size: 5, name: 'Ada' })).rejects.toThrow(/waits at 2 tables already/);
    // The manual clock stands still: the bucket refills no token.
    await expect(pair({ size: 5, name: 'Ada' })).rejects.toThrow(/too many requests to play/);
    expect(a.inbox.error).toEqual([]);
    expect(b.inbox.error).toEqual([]);
    await leave(a, b);
  });

  it('leaving a waiting table lets the address sit at another', async () => {
    world = await startWorld({ caps: { pairingTables: 1 } });
    const a = await pair({ size: 3, name: 'Ada' });
    await expect(pair({ size: 4, name: 'Ada' })).rejects.toThrow(/waits at 1 table already/);
    await a.room.leave(true);
    // The count of waiting tables lives in the presence (Redis with several processes).
    const seated: Player[] = [];
    await pollUntil(async () => {
      const b = await pair({ size: 4, name: 'Ada' }).catch(() => null);
      if (b) seated.push(b);
      return b !== null;
    }, 'a seat at another table');
    expect(seated[0].last('seated').seat).toBe(0);
    await leave(...seated);
  });
});
