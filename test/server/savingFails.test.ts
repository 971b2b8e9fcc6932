/**
 * Issue #48 item 4: an action whose save fails is not sent. The mover is told, the room pauses
 * (everyone sees it in the room status; the clocks stand still), the health check reports the
 * store down, matchmaking is refused at once with a clear error, and once saving works again
 * the room saves, sends the action and goes on. Against a file store made to fail and against a
 * real redis-server stopped and started again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../bench/localRedis';
import { ROOM_NAME } from '../../src/net';
import { FileStore } from '../../src/server/fileStore';
import { RedisStore } from '../../src/server/redisStore';
import { RETRY_FIRST_MS, RETRY_MAX_MS } from '../../src/server/saver';
import type { RecordStore, StoredGame } from '../../src/server/store';
import {
  connect,
  pollUntil,
  startWorld,
  twoPlayerRoom,
  type Player,
  type TestWorld,
} from './helpers';

/** A file store that fails every call while `failing` (a full disk, say). */
class FailingStore implements RecordStore {
  failing = false;
  constructor(readonly files: FileStore) {}
  private gate(): void {
    if (this.failing) throw new Error('no space left on device (injected)');
  }
  async save(game: StoredGame) {
    this.gate();
    await this.files.save(game);
  }
  async load(id: string) {
    this.gate();
    return this.files.load(id);
  }
  async saveReplay(id: string, json: string) {
    this.gate();
    await this.files.saveReplay(id, json);
  }
  async loadReplay(id: string) {
    this.gate();
    return this.files.loadReplay(id);
  }
  async check() {
    this.gate();
    await this.files.check();
  }
  close() {
    return this.files.close();
  }
}

let world: TestWorld | null = null;
let redis: TestRedis | null = null;
let folder: string | null = null;
afterEach(async () => {
  await world?.stop();
  await redis?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
  world = redis = folder = null;
});

/** A world whose file store fails while `store.failing`. */
async function failingWorld(): Promise<{ w: TestWorld; store: FailingStore }> {
  folder = await mkdtemp(path.join(tmpdir(), 'ndchess-failing-'));
  const store = new FailingStore(new FileStore(folder));
  world = await startWorld({ store });
  return { w: world, store };
}

/** The client of the seat to move, and the other one. */
function moverOf(a: Player, b: Player): [Player, Player] {
  const game = a.game!;
  return game.players[game.position.turn].setupIndex === 0 ? [a, b] : [b, a];
}

async function healthOf(w: TestWorld): Promise<{ code: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${w.server.port}/healthz`);
  return { code: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Move the manual clock on by retry waits until `done` holds (each retry is a save attempt). */
async function retryUntil(w: TestWorld, done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) {
    w.timers.advance(RETRY_MAX_MS);
    await w.room(roomIdOf(w)).settled();
    await new Promise((r) => setImmediate(r));
  }
  if (!done()) throw new Error(`still waiting for ${what}`);
}

const roomIdOf = (w: TestWorld) => [...w.server.rooms][0].roomId;

/** The mover plays; the save fails: they are told, nobody gets the action, the room is paused. */
async function playUnsaved(mover: Player, other: Player): Promise<string> {
  const length = other.game!.length;
  const action = mover.legal();
  const error = await mover.refused(action);
  expect(error.code).toBe('not-saved');
  await other.until(() => other.last('room')?.paused === true, 'the pause');
  await mover.until(() => mover.last('room')?.paused === true, 'the pause');
  expect(other.game!.length).toBe(length);
  expect(mover.game!.length).toBe(length);
  expect(other.inbox.error).toEqual([]);
  return action;
}

describe('saving fails (issue #48 item 4)', () => {
  it('an action whose save fails is not broadcast; the room pauses, is reported down, refuses matchmaking, and resumes once saving works', async () => {
    const { w, store } = await failingWorld();
    const { id, a, b } = await twoPlayerRoom(w, {
      timeControl: { baseMs: 60_000, incrementMs: 0 },
    });
    expect(a.last('room').paused).toBe(false);
    expect(await healthOf(w)).toMatchObject({ code: 200, body: { status: 'ok', store: 'up' } });

    await w.room(id).settled(); // the seats' saves are done
    store.failing = true;
    const [mover, other] = moverOf(a, b);
    const action = await playUnsaved(mover, other);
    expect(w.logged).toEqual([
      `room ${id}: saving failed (no space left on device (injected)): the game is paused`,
    ]);
    // Not on disk either: the stored record ends before it.
    expect((await store.files.load(id))!.actions).toEqual(a.game!.actions);

    // Paused: no action is taken, the clocks stand still (no flag falls however long it lasts).
    expect(
      (await mover.errorAfter(() => mover.room.send('act', { action: 'pass', ply: 0 }))).code,
    ).toBe('paused');
    const stood = other.last('room').clocks!;
    expect(stood.running).toBeNull();
    w.timers.advance(5 * 60_000);
    await w.room(id).settled();
    expect(other.game!.length).toBe(a.game!.length);

    // The health check says so, and matchmaking is refused at once with the reason.
    expect(await healthOf(w)).toMatchObject({
      code: 503,
      body: {
        status: 'store-down',
        store: 'down',
        storeError: 'no space left on device (injected)',
      },
    });
    await expect(w.colyseus.sdk.joinById(id, {})).rejects.toThrow(/cannot save games right now/);
    await expect(w.colyseus.sdk.create(ROOM_NAME, { setup: {} })).rejects.toThrow(
      /cannot save games right now \(no space left on device \(injected\)\)/,
    );

    // Saving works again: the next retry saves, everyone gets the action, the game goes on.
    store.failing = false;
    w.timers.advance(RETRY_MAX_MS);
    for (const p of [a, b]) {
      await p.until(() => p.game!.actions.at(-1) === action, 'the saved action');
      await p.until(() => p.last('room')?.paused === false, 'the end of the pause');
    }
    expect((await store.files.load(id))!.actions).toEqual(a.game!.actions);
    expect(await healthOf(w)).toMatchObject({ code: 200, body: { store: 'up' } });
    expect(w.logged).toHaveLength(2);
    expect(w.logged[1]).toBe(`room ${id}: saved again: the game goes on`);
    // The running clock has its time from before the pause (a whole base, no time charged since).
    const clocks = other.last('room').clocks!;
    expect(clocks.running).not.toBeNull();
    expect(clocks.remainingMs[clocks.running!]).toBe(stood.remainingMs[clocks.running!]);
    const [next] = moverOf(a, b);
    expect(await next.act(next.legal())).toBeNull();
  });

  it('a player who drops while saving fails is not recorded absent: the grace period starts again', async () => {
    const { w, store } = await failingWorld();
    const { id, a, b, tokenB } = await twoPlayerRoom(w);
    await w.room(id).settled();
    store.failing = true;
    const [mover, other] = moverOf(a, b);
    await playUnsaved(mover, other);
    b.room.connection.close();
    await a.until(() => a.last('room').seats[1].connection === 'reconnecting', 'reconnecting');
    w.timers.advance(30_000); // the whole grace period, while paused
    await w.room(id).settled();
    store.failing = false;
    await retryUntil(w, () => a.last('room')?.paused === false, 'the end of the pause');
    expect(a.last('room').seats[1].connection).toBe('reconnecting');
    expect(a.game!.actions.some((t) => /^(absent|bot) /.test(t))).toBe(false);
    const back = await connect(w, { join: id, token: tokenB });
    expect(back.last('welcome').seat).toBe(1);
  });

  it('the first retry comes after RETRY_FIRST_MS, and the retries wait longer each time', async () => {
    const { w, store } = await failingWorld();
    let attempts = 0;
    const save = store.save.bind(store);
    store.save = (g) => {
      attempts++;
      return save(g);
    };
    const { id, a, b } = await twoPlayerRoom(w);
    await w.room(id).settled(); // the seats' saves are done
    store.failing = true;
    const [mover, other] = moverOf(a, b);
    await playUnsaved(mover, other);
    const base = attempts;
    w.timers.advance(RETRY_FIRST_MS - 1);
    await w.room(id).settled();
    expect(attempts).toBe(base);
    w.timers.advance(1);
    await w.room(id).settled();
    expect(attempts).toBe(base + 1);
    w.timers.advance(2 * RETRY_FIRST_MS - 1);
    await w.room(id).settled();
    expect(attempts).toBe(base + 1);
    w.timers.advance(1);
    await w.room(id).settled();
    expect(attempts).toBe(base + 2);
    store.failing = false;
    await retryUntil(w, () => a.last('room')?.paused === false, 'the end of the pause');
  });
});

describe('Redis stopped and started again (issue #48 item 4)', () => {
  it('a move made while Redis is down is sent only once Redis is back; meanwhile the health check says so and matchmaking fails fast', async () => {
    redis = await startRedis();
    const store = new RedisStore(redis.url);
    world = await startWorld({ store });
    const w = world;
    const { id, a, b } = await twoPlayerRoom(w);
    const [first] = moverOf(a, b);
    expect(await first.act(first.legal())).toBeNull();
    await redis.stop();
    await pollUntil(
      async () => (await healthOf(w)).code === 503,
      'the health check to see Redis down',
    );
    expect((await healthOf(w)).body).toMatchObject({ status: 'store-down', store: 'down' });

    const [mover, other] = moverOf(a, b);
    const action = await playUnsaved(mover, other);
    // Refused by the store check with the reason (not "socket hang up" after ioredis' retries).
    await expect(w.colyseus.sdk.create(ROOM_NAME, { setup: {} })).rejects.toThrow(
      /cannot save games right now \(the connection to Redis is lost/,
    );

    redis = await startRedis(redis.port);
    await pollUntil(
      async () => (await healthOf(w)).code === 200,
      'the health check to see Redis back',
    );
    await retryUntil(w, () => other.game!.actions.at(-1) === action, 'the saved action');
    await mover.until(() => mover.game!.actions.at(-1) === action, 'the saved action');
    expect((await store.load(id))!.actions).toEqual(a.game!.actions);
    expect(w.logged[0]).toMatch(
      new RegExp(`^room ${id}: saving failed \\(.*\\): the game is paused$`),
    );
    expect(w.logged.at(-1)).toBe(`room ${id}: saved again: the game goes on`);
  }, 30_000);
});
