/**
 * The game room (issue #14) through real clients on a loopback server (@colyseus/testing):
 * validation, seats, spectators, floods, reconnection and its grace period, clocks, restarts.
 * Time is a manual clock: grace periods and flags fall when a test moves it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { LIMITS, MSG, ROOM_NAME, positionHash } from '../../src/net';
import type { StoredGame } from '../../src/server/store';
import {
  connect,
  labelOfSeat,
  replay,
  roomSetup,
  startWorld,
  twoPlayerRoom,
  type Player,
  type TestWorld,
  eachWorld,
} from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

/** The client of the seat to move, and the other one. */
function moverOf(a: Player, b: Player): [Player, Player] {
  const game = a.game!;
  const seat = game.players[game.position.turn].setupIndex;
  return seat === 0 ? [a, b] : [b, a];
}

describe('rooms', () => {
  it('have unguessable ids (128 random bits) and cannot be found without one', async () => {
    const a = await connect(world, { create: roomSetup() });
    const b = await connect(world, { create: roomSetup() });
    for (const p of [a, b]) expect(p.room.roomId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.room.roomId).not.toBe(b.room.roomId);
    expect(a.last('welcome').hostToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Private rooms: no query for public rooms lists them, and join-any finds none.
    expect(await matchMaker.query({ private: false })).toEqual([]);
    await expect(world.colyseus.sdk.join(ROOM_NAME, {})).rejects.toThrow();
    await expect(world.colyseus.sdk.joinById('A'.repeat(22), {})).rejects.toThrow(/not found/);
  });

  it('refuse a bad setup with a clear error', async () => {
    await expect(
      world.colyseus.sdk.create(ROOM_NAME, { setup: roomSetup({ graceMs: 1 }) }),
    ).rejects.toThrow(/graceMs/);
  });

  it('start when every seat is taken; accepted actions reach everyone with the position hash', async () => {
    const { a, b } = await twoPlayerRoom(world);
    expect(a.game!.setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo']);
    const [mover, other] = moverOf(a, b);
    expect(await mover.act(mover.legal())).toBeNull();
    await other.until(() => other.game!.length === 1, 'the action');
    expect(other.last('actions').hash).toBe(positionHash(other.game!));
    expect(mover.last('actions').hash).toBe(positionHash(mover.game!));
  });

  it('refuse actions before the start, from spectators, out of turn, stale, illegal or malformed', async () => {
    const early = await connect(world, { create: roomSetup() });
    await early.claim(0, 'Ada');
    expect((await early.refused('pass')).code).toBe('not-started');

    const { id, a, b } = await twoPlayerRoom(world);
    const [mover, other] = moverOf(a, b);
    const watcher = await connect(world, { join: id });
    expect(watcher.last('welcome').seat).toBeNull();
    expect((await watcher.refused(watcher.legal())).code).toBe('spectator');
    expect((await other.refused(other.legal())).code).toBe('not-your-turn');
    expect((await mover.refused(mover.legal(), 5)).code).toBe('stale');
    expect((await mover.refused('AA:Qz9-z1')).code).toBe('illegal');
    expect((await mover.refused('timeout A')).code).toBe('wrong-seat');
    expect((await mover.errorAfter(() => mover.room.send(MSG.act, 'e4'))).code).toBe('malformed');
    expect((await mover.errorAfter(() => mover.room.send(MSG.act, { ply: 0 }))).code).toBe(
      'malformed',
    );
    expect((await mover.errorAfter(() => mover.room.send('shout', {}))).code).toBe(
      'unknown-message',
    );
    const big = { action: 'pass', ply: 0, pad: 'x'.repeat(LIMITS.message) };
    expect((await mover.errorAfter(() => mover.room.send(MSG.act, big))).code).toBe('too-large');
    // None of it touched the game: the mover still plays, the watcher sees it.
    expect(await mover.act(mover.legal())).toBeNull();
    await watcher.until(() => watcher.game!.length === 1, 'the action');
    expect(other.inbox.error).toHaveLength(1);
  });

  it('refuse a claim of a taken seat, a second seat, and a fill by anyone but the creator', async () => {
    const a = await connect(world, { create: roomSetup({}, 3) });
    await a.claim(0, 'Ada');
    const b = await connect(world, { join: a.room.roomId });
    expect((await b.errorAfter(() => b.room.send(MSG.claim, { seat: 0, name: 'Bo' }))).code).toBe(
      'seat-taken',
    );
    expect(
      (await b.errorAfter(() => b.room.send(MSG.claim, { seat: 1, name: 'x'.repeat(25) }))).code,
    ).toBe('bad-name');
    await b.claim(1, 'Bo');
    expect((await b.errorAfter(() => b.room.send(MSG.claim, { seat: 2, name: 'Bo' }))).code).toBe(
      'already-seated',
    );
    const fake = { level: 1, hostToken: 'A'.repeat(22) };
    expect((await b.errorAfter(() => b.room.send(MSG.fill, fake))).code).toBe('not-host');
    a.room.send(MSG.fill, { level: 1, hostToken: a.inbox.welcome[0].hostToken });
    await a.until(() => a.last('room')?.started === true, 'the start');
    expect(a.last('room').seats.map((s) => s.holder)).toEqual(['human', 'human', 'bot']);
  });

  it('names that spoof or vanish are refused; a name taken at the table gets a suffix (issue 48 item 6)', async () => {
    const a = await connect(world, { create: roomSetup({}, 3) });
    await a.claim(0, 'Ada');
    const b = await connect(world, { join: a.room.roomId });
    for (const name of ['\u202enimdA ruoY', '\u200b\u200b', 'A\u200dda'])
      expect((await b.errorAfter(() => b.room.send(MSG.claim, { seat: 1, name }))).code).toBe(
        'bad-name',
      );
    await b.claim(1, 'ada');
    await a.until(
      () => a.last('record')?.setup.players[1].name === 'ada (2)',
      'the second name with its suffix',
    );
  });

  it('names that look like one at the table: invisible characters refused, the same name after NFKC and case folding gets a suffix (issue #61 item 11)', async () => {
    const a = await connect(world, { create: roomSetup({}, 3) });
    await a.claim(0, 'Ada');
    const b = await connect(world, { join: a.room.roomId });
    const claimed = async (name: string) =>
      b.errorAfter(() => b.room.send(MSG.claim, { seat: 1, name }));
    expect(await claimed('Ada\u034f')).toEqual({
      code: 'bad-name',
      message: 'the name contains an invisible character U+034F at position 4',
    });
    for (const name of ['Ada\ufe0f', 'Ada\ufe00', 'Ada\u{e0100}', 'Ada\u17b4', '\u0301'])
      expect((await claimed(name)).code, JSON.stringify(name)).toBe('bad-name');
    await b.claim(1, 'ADA');
    const c = await connect(world, { join: a.room.roomId });
    await c.claim(2, 'ａｄａ');
    await a.until(
      () => a.last('record')?.setup.players[2].name === 'ａｄａ (3)',
      'the third name with its suffix',
    );
    expect(a.last('record').setup.players.map((p) => p.name)).toEqual([
      'Ada',
      'ADA (2)',
      'ａｄａ (3)',
    ]);
  });

  it('a flood gets an error to the flooder only; the other player plays on', async () => {
    const { a, b } = await twoPlayerRoom(world);
    const [mover, flooder] = moverOf(a, b);
    const records = flooder.inbox.record.length;
    for (let i = 0; i < 200; i++) flooder.room.send(MSG.resync);
    await flooder.until(() => flooder.inbox.error.some((e) => e.code === 'rate-limited'), 'limit');
    expect(await mover.act(mover.legal())).toBeNull();
    expect(mover.inbox.error).toEqual([]);
    // At most the burst was answered, and the flooder was told once (the time did not move).
    expect(flooder.inbox.record.length - records).toBeLessThanOrEqual(LIMITS.burst);
    expect(flooder.inbox.error.filter((e) => e.code === 'rate-limited')).toHaveLength(1);
  });
});

describe('reconnection (R11.3)', () => {
  it('within the grace period the seat waits, shown as reconnecting, and play goes on', async () => {
    const { a, b } = await twoPlayerRoom(world);
    const token = b.room.reconnectionToken;
    b.room.connection.close();
    await a.until(() => a.last('room').seats[1].connection === 'reconnecting', 'reconnecting');
    world.timers.advance(29_000);
    const back = await world.colyseus.sdk.reconnect(token);
    await a.until(() => a.last('room').seats[1].connection === 'online', 'online again');
    expect(back.roomId).toBe(a.room.roomId);
    expect(a.game!.actions).toEqual([]);
  });

  it('after the grace period a player is eliminated as by resignation (two players: the other wins)', async () => {
    const { a, b } = await twoPlayerRoom(world);
    b.room.connection.close();
    await a.until(() => a.last('room').seats[1].connection === 'reconnecting', 'reconnecting');
    world.timers.advance(30_000);
    await a.until(() => a.game!.length === 1, 'the absence');
    const labelB = labelOfSeat(a.game!, 1);
    expect(a.game!.actions).toEqual([`absent ${labelB}`]);
    expect(a.game!.status().result?.winner).toBe(labelOfSeat(a.game!, 0));
  });

  it('after the grace period a bot takes the seat; the player, back by token, gets it on their turn', async () => {
    const { id, a, b, tokenB } = await twoPlayerRoom(world, {
      afterGrace: { kind: 'bot', level: 1 },
    });
    const labelB = labelOfSeat(a.game!, 1);
    b.room.connection.close();
    await a.until(() => a.last('room').seats[1].connection === 'reconnecting', 'reconnecting');
    world.timers.advance(30_000);
    await a.until(() => a.game!.actions.includes(`bot ${labelB} 1`), 'the take-over');
    expect(a.last('room').seats[1].holder).toBe('bot');
    // The bot plays B's turn when it comes; A plays on.
    const aMoves = async () => {
      await a.until(() => a.game!.status().turn !== labelB, "A's turn");
      expect(await a.act(a.legal())).toBeNull();
    };
    await aMoves();
    await a.until(() => a.game!.status().turn !== labelB, "the bot's move");
    const b2 = await connect(world, { join: id, token: tokenB });
    expect(b2.last('welcome').seat).toBe(1);
    await aMoves();
    await b2.until(() => b2.game?.actions.at(-1) === `return ${labelB}`, 'the return');
    expect(await b2.act(b2.legal())).toBeNull();
  });
});

describe('clocks (R11.1, R11.2)', () => {
  it('a flag falls by the server timer: the time-out is recorded and the stored record replays to it', async () => {
    const { id, a, b } = await twoPlayerRoom(world, {
      timeControl: { baseMs: 60_000, incrementMs: 2_000 },
    });
    const [mover, other] = moverOf(a, b);
    world.timers.advance(10_000);
    expect(await mover.act(mover.legal())).toBeNull();
    const moverTurn = mover.game!.players.findIndex((p) => p.setupIndex === (mover === a ? 0 : 1));
    // The mover's clock: 60 s - 10 s + the 2 s increment; the other's runs from now.
    await other.until(
      () => other.last('room').clocks?.remainingMs[moverTurn] === 52_000,
      'the clocks after the move',
    );
    expect(other.last('room').clocks!.running).toBe(1 - moverTurn);
    world.timers.advance(59_999);
    expect(other.game!.length).toBe(1);
    world.timers.advance(1);
    await a.until(() => a.game!.length === 2, 'the time-out');
    const late = labelOfSeat(a.game!, other === a ? 0 : 1);
    expect(a.game!.actions[1]).toBe(`timeout ${late}`);
    expect(a.game!.status().result?.winner).not.toBe(late);
    await world.room(id).settled();
    const stored = JSON.parse(
      await readFile(path.join(world.dataDir, 'games', `${id}.json`), 'utf8'),
    ) as StoredGame;
    const offline = replay({ ...stored, hash: '' });
    expect(positionHash(offline)).toBe(a.last('actions').hash);
    expect(stored.over).toBe(true);
  });
});

describe('nothing lost', () => {
  it('a restarted server recreates the room from the file store; tokens still hold the seats', async () => {
    const { id, a, b, tokenA, tokenB } = await twoPlayerRoom(world);
    for (let i = 0; i < 3; i++) {
      const [mover] = moverOf(a, b);
      expect(await mover.act(mover.legal())).toBeNull();
      await Promise.all([a, b].map((p) => p.until(() => p.game!.length === i + 1)));
    }
    const actions = [...a.game!.actions];
    await world.room(id).settled();
    const dataDir = world.dataDir;
    await world.server.close();
    world = await startWorld({ dataDir });
    await expect(world.colyseus.sdk.joinById(id, {})).rejects.toThrow(/not found/);
    const a2 = await connect(world, { resume: id, token: tokenA });
    expect(a2.last('welcome').seat).toBe(0);
    expect(a2.game!.actions).toEqual(actions);
    expect(a2.last('room').seats[1].connection).toBe('reconnecting');
    await expect(world.colyseus.sdk.create(ROOM_NAME, { resume: id })).rejects.toThrow(/open/);
    const b2 = await connect(world, { join: id, token: tokenB });
    const [mover] = moverOf(a2, b2);
    expect(await mover.act(mover.legal())).toBeNull();
    await a2.until(() => a2.game!.length === 4, 'the action after the restart');
  });

  it('a link to no stored game is refused', async () => {
    await expect(world.colyseus.sdk.create(ROOM_NAME, { resume: 'B'.repeat(22) })).rejects.toThrow(
      /no such game/,
    );
    await expect(world.colyseus.sdk.create(ROOM_NAME, { resume: '../etc' })).rejects.toThrow(
      /no such game/,
    );
  });
});
