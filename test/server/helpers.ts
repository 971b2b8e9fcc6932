/**
 * Helpers of the server tests: a game server on a free loopback port with a temporary file
 * store, a manual clock (time moves only when a test says so), and clients that keep every
 * message they receive.
 */
import { LOOPBACK_LOAD } from '../../src/server/addressLimits';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ColyseusTestServer } from '@colyseus/testing';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Room as ClientRoom } from 'colyseus.js';
import { Game, loadGame } from '../../src/core';
import {
  MSG,
  ROOM_NAME,
  type ActionsMessage,
  type ErrorMessage,
  type RecordMessage,
  type RoomSetup,
  type RoomStatus,
  type SeatedMessage,
  type WelcomeMessage,
} from '../../src/net';
import type { Archiver } from '../../src/server/archive';
import { InlineBots, type BotPlayer } from '../../src/server/bots';
import { FileStore } from '../../src/server/fileStore';
import type { ConnectionCaps, GameRoom } from '../../src/server/room';
import type { RecordStore } from '../../src/server/store';
import { startServer, type GameServer } from '../../src/server/server';
import { ManualTimers } from './manualTimers';

export interface TestWorld {
  server: GameServer;
  colyseus: ColyseusTestServer;
  timers: ManualTimers;
  dataDir: string;
  /** What the rooms reported going wrong (a failed bot, a failed save). */
  logged: string[];
  /** The log's lines about refused messages and frames (rate-limited). */
  refused: string[];
  /** The server-side room of a room id. */
  room(id: string): GameRoom;
  stop(): Promise<void>;
}

/**
 * A fresh world for each test of the file, handed to `use` before the test and stopped after
 * it; the test fails if the server logged anything meanwhile.
 */
export function eachWorld(use: (world: TestWorld) => void): void {
  let world: TestWorld;
  beforeEach(async () => {
    world = await startWorld();
    use(world);
  });
  afterEach(async () => {
    expect(world.logged).toEqual([]);
    await world.stop();
  });
}

export async function startWorld(
  options: {
    dataDir?: string;
    bots?: BotPlayer;
    store?: RecordStore;
    caps?: Partial<ConnectionCaps>;
    presenceMs?: number;
    trustedProxies?: number;
    archive?: Archiver;
  } = {},
): Promise<TestWorld> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ndchess-server-')));
  const timers = new ManualTimers();
  const logged: string[] = [];
  const refused: string[] = [];
  const server = await startServer({
    port: 0,
    store: options.store ?? new FileStore(dataDir),
    bots: options.bots ?? new InlineBots(),
    timers,
    log: (m) => logged.push(m),
    logRefused: (m) => refused.push(m),
    // Every test client comes from loopback, and the manual clock refills no bucket: the
    // per-address limits are lifted unless a test sets them (connectionCaps.test.ts).
    caps: { ...LOOPBACK_LOAD, ...options.caps },
    // Presence told at once, as the manual clock only moves when a test moves it.
    presenceMs: options.presenceMs ?? 0,
    trustedProxies: options.trustedProxies,
    archive: options.archive,
    // The list of open tables read afresh for each request: a test sees a change at once.
    openTablesFreshMs: 0,
  });
  const colyseus = new ColyseusTestServer(server.colyseus);
  return {
    server,
    colyseus,
    timers,
    dataDir,
    logged,
    refused,
    room: (id) => colyseus.getRoomById(id) as unknown as GameRoom,
    async stop() {
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Inbox = {
  welcome: WelcomeMessage[];
  seated: SeatedMessage[];
  record: RecordMessage[];
  actions: ActionsMessage[];
  room: RoomStatus[];
  error: ErrorMessage[];
};

/** A client connection that keeps what it hears and its replica of the record. */
export class Player {
  readonly inbox: Inbox = { welcome: [], seated: [], record: [], actions: [], room: [], error: [] };
  game: Game | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly room: ClientRoom) {
    for (const type of Object.keys(this.inbox) as (keyof Inbox)[])
      room.onMessage(type, (message) => {
        (this.inbox[type] as unknown[]).push(message);
        if (type === 'record') this.game = replay(message as RecordMessage);
        if (type === 'actions') this.follow(message as ActionsMessage);
        this.wake();
      });
  }

  /** Hear messages of `type` too, beyond the inbox's: `until` checks again as one arrives. */
  listen<T>(type: string, handler: (message: T) => void): void {
    this.room.onMessage(type, (message: T) => {
      handler(message);
      this.wake();
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private follow(message: ActionsMessage): void {
    if (!this.game || message.from !== this.game.length) return;
    for (const text of message.actions) {
      const next: ReturnType<Game['play']> = this.game.play(text);
      if (!next.ok) throw new Error(`replica: ${next.error.message}`);
      this.game = next.value;
    }
  }

  /** Wait until `test` holds of what was heard (a message arrives between checks). */
  async until(test: () => boolean, what = 'a message', ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  last<K extends keyof Inbox>(type: K): Inbox[K][number] {
    const list = this.inbox[type];
    return list[list.length - 1];
  }

  async claim(seat: number, name: string): Promise<string> {
    const before = this.inbox.seated.length;
    this.room.send(MSG.claim, { seat, name });
    await this.until(() => this.inbox.seated.length > before, 'the seat');
    return this.last('seated').token;
  }

  /** Send an action and wait for an answer: null when accepted, else the error. */
  async act(action: string, ply = this.game!.length): Promise<ErrorMessage | null> {
    const [errors, length] = [this.inbox.error.length, this.game!.length];
    this.room.send(MSG.act, { action, ply });
    await this.until(
      () => this.inbox.error.length > errors || this.game!.length > length,
      `an answer to ${action}`,
    );
    return this.inbox.error.length > errors ? this.last('error') : null;
  }

  /** Send an action that must be refused: its error. */
  async refused(action: string, ply?: number): Promise<ErrorMessage> {
    const error = await this.act(action, ply);
    if (!error) throw new Error(`${action} was accepted`);
    return error;
  }

  /** The first legal action of the player to move, as text. */
  legal(): string {
    return this.game!.actionText(this.game!.legalActions()[0]);
  }

  async errorAfter(send: () => void): Promise<ErrorMessage> {
    const before = this.inbox.error.length;
    send();
    await this.until(() => this.inbox.error.length > before, 'an error');
    return this.last('error');
  }
}

export function replay(record: RecordMessage): Game {
  const loaded = loadGame({
    format: 'n-dimensional-chess',
    version: 2,
    setup: record.setup,
    actions: record.actions,
  });
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

export function roomSetup(patch: Partial<RoomSetup> = {}, players = 2): RoomSetup {
  const colours = ['#1e88e5', '#43a047', '#fdd835', '#8e24aa'];
  return {
    players: colours.slice(0, players).map((colour, i) => ({ name: `Seat ${i + 1}`, colour })),
    seats: colours.slice(0, players).map(() => ({ kind: 'open' })),
    options: {},
    placement: 'hand',
    timeControl: null,
    graceMs: 30_000,
    afterGrace: { kind: 'eliminate' },
    ...patch,
  };
}

/** A connected client and its first welcome and record. */
export async function connect(
  world: TestWorld,
  how:
    { create: RoomSetup } | { join: string; token?: string } | { resume: string; token?: string },
): Promise<Player> {
  const sdk = world.colyseus.sdk;
  const room =
    'create' in how
      ? await sdk.create(ROOM_NAME, { setup: how.create })
      : 'join' in how
        ? await sdk.joinById(how.join, { token: how.token })
        : await sdk.create(ROOM_NAME, { resume: how.resume, token: how.token });
  const player = new Player(room);
  await player.until(() => player.inbox.record.length > 0, 'the record');
  return player;
}

/** A started two-player room: the creator and a second player seated (seats 0 and 1). */
export async function twoPlayerRoom(world: TestWorld, patch: Partial<RoomSetup> = {}) {
  const a = await connect(world, { create: roomSetup(patch) });
  const id = a.room.roomId;
  const tokenA = await a.claim(0, 'Ada');
  const b = await connect(world, { join: id });
  const tokenB = await b.claim(1, 'Bo');
  await a.until(() => a.last('room')?.started === true, 'the start');
  return { id, a, b, tokenA, tokenB };
}

/** A two-player room whose first mover plays once, then the other resigns: the game is over. */
export async function finishedRoom(
  world: TestWorld,
): Promise<{ a: Player; b: Player; id: string; tokens: string[] }> {
  const { a, b, id, tokenA, tokenB } = await twoPlayerRoom(world);
  const mover = a.game!.players[a.game!.position.turn].setupIndex === 0 ? a : b;
  expect(await mover.act(mover.legal())).toBeNull();
  const next = mover === a ? b : a;
  // The other resigns once they saw the move (a resign for an older record is stale).
  await next.until(() => next.game!.length === 1, 'the first move');
  expect(await next.act('resign')).toBeNull();
  expect(next.game!.status().phase).toBe('over');
  return { a, b, id, tokens: [tokenA, tokenB] };
}

/** The player (A, B, …) that seat i plays in a replica game. */
export const labelOfSeat = (game: Game, seat: number): string =>
  game.players.find((p) => p.setupIndex === seat)!.label;

/**
 * Poll `test` until it holds, for what runs on real time outside the manual clock (Redis
 * stopping and reconnecting).
 */
export async function pollUntil(
  test: () => Promise<boolean>,
  what: string,
  ms = 15_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { MSG, ManualTimers };
