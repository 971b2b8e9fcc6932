/**
 * The online client (src/online/onlineClient.ts) against a stand-in game server and room: no
 * network. The room's messages become the store's state (the lobby, the game, notices), a move
 * goes to the room and is shown once the room accepts it, a dropped connection is rejoined with
 * the seat's token, and leaving puts the store back on a local record.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Game, defaultSetup } from '../../src/core';
import {
  CHAT_MSG,
  MSG,
  REMATCH_MSG,
  REMATCH_START,
  ROOM_NAME,
  positionHash,
  type ChatLine,
  type RecordMessage,
  type RoomStatus,
  type SeatStatus,
} from '../../src/net';
import { createOnlineClient, roomSetupOf } from '../../src/online/onlineClient';
import type { RoomSettings } from '../../src/online/onlineState';
import type { GameServer, RoomConnection } from '../../src/online/roomConnection';
import { readSeat, writeSeat } from '../../src/online/seatTokens';
import { switchableSource } from '../../src/store/source';
import { createGameStore } from '../../src/store/store';
import { memoryStorage } from '../fixtures/memoryStorage';
import { placedGame } from '../fixtures/placedGame';

/** A room connection that records what the page sends and lets the test speak for the server. */
class FakeRoom implements RoomConnection {
  readonly reconnectionToken = 'reconnect-token';
  readonly sent: { type: string; message: unknown }[] = [];
  /** The `consented` flag of each leave(). */
  readonly left: (boolean | undefined)[] = [];
  private handlers = new Map<string, (message: unknown) => void>();
  private leaveHandlers: ((code: number) => void)[] = [];
  private errorHandlers: ((code: number, message?: string) => void)[] = [];
  constructor(readonly roomId: string) {}

  onMessage<T>(type: string, handler: (message: T) => void) {
    this.handlers.set(type, handler as (message: unknown) => void);
  }
  onLeave(handler: (code: number) => void) {
    this.leaveHandlers.push(handler);
  }
  onError(handler: (code: number, message?: string) => void) {
    this.errorHandlers.push(handler);
  }
  send(type: string, message?: unknown) {
    this.sent.push({ type, message });
  }
  leave(consented?: boolean) {
    this.left.push(consented);
    return Promise.resolve(1000);
  }
  removeAllListeners() {
    this.handlers.clear();
    this.leaveHandlers = [];
    this.errorHandlers = [];
  }
  get listening() {
    return this.handlers.size > 0;
  }

  /** The server sends `message` of `type` (the page must listen to it). */
  say(type: string, message: unknown) {
    const handler = this.handlers.get(type);
    if (!handler) throw new Error(`the page does not listen to ${type}`);
    handler(message);
  }
  /** The connection closes with `code`. */
  drop(code: number) {
    for (const h of this.leaveHandlers) h(code);
  }
  error(code: number, message: string) {
    for (const h of this.errorHandlers) h(code, message);
  }
}

/** A game server whose rooms are FakeRooms; `refusing` makes every request fail. */
function fakeServer() {
  const rooms: FakeRoom[] = [];
  const asked: { how: string; name: string; options: object }[] = [];
  let refusing = false;
  const answer = (how: string, name: string, options: object, id: string) => {
    asked.push({ how, name, options });
    if (refusing) return Promise.reject(new Error('the server is down'));
    const room = new FakeRoom(id);
    rooms.push(room);
    return Promise.resolve(room);
  };
  const server: GameServer = {
    create: (name, options) => answer('create', name, options, 'r1'),
    joinOrCreate: (name, options) => answer('joinOrCreate', name, options, 'r1'),
    joinById: (id, options) => answer('joinById', id, options, id),
  };
  return {
    rooms,
    asked,
    connect: () => Promise.resolve(server),
    refuse(yes: boolean) {
      refusing = yes;
    },
    /** The room the page holds now. */
    get room() {
      return rooms.at(-1)!;
    },
  };
}

/** Waits the client asks for, each ended by the test (no timers). */
function manualWait() {
  const waits: { ms: number; end: () => void }[] = [];
  return {
    waits,
    wait: (ms: number) => new Promise<void>((end) => waits.push({ ms, end })),
  };
}

function setUp(wait: (ms: number) => Promise<void> = () => Promise.resolve()) {
  const source = switchableSource();
  const store = createGameStore(source);
  const server = fakeServer();
  const page = {
    href: 'https://chess.test/play?x=1#board',
    replace(url: string) {
      this.href = url;
    },
  };
  const client = createOnlineClient({ store, source, connect: server.connect, page, wait });
  return { store, source, server, page, client };
}

const SETTINGS: RoomSettings = { graceSeconds: 60, afterGrace: { kind: 'eliminate' } };

function recordOf(game: Game): RecordMessage {
  return {
    setup: game.setup,
    settings: {
      seats: game.setup.players.map(() => ({ kind: 'open' })),
      placement: 'hand',
      timeControl: null,
      graceMs: 60_000,
      afterGrace: { kind: 'eliminate' },
    },
    actions: [...game.actions],
    hash: positionHash(game),
  };
}

const seat = (i: number, holder: SeatStatus['holder']): SeatStatus => ({
  seat: i,
  label: 'ABC'[i],
  holder,
  level: holder === 'bot' ? 2 : null,
  connection: holder === 'human' ? 'online' : null,
  graceEndsAt: null,
});

function statusOf(started: boolean, holders: SeatStatus['holder'][]): RoomStatus {
  return {
    started,
    seats: holders.map((h, i) => seat(i, h)),
    clocks: null,
    paused: false,
    drawOffer: null,
    pairing: null,
    serverTime: 0,
  };
}

/** A page seated at `me` in room r1 (opened from its link), the started game `game` shown. */
async function inStartedGame(game: Game, me: number) {
  const t = setUp();
  t.page.href = 'https://chess.test/play?room=r1';
  writeSeat('r1', { seat: me, token: 'seat-token' });
  await t.client.openRoom('r1');
  const room = t.server.room;
  room.say(MSG.welcome, { roomId: 'r1', seat: me });
  room.say(MSG.record, recordOf(game));
  room.say(MSG.room, statusOf(true, ['human', 'human', 'human']));
  return { ...t, room };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('online client', () => {
  test('creating a room: asked with the setup, the first human seat claimed, the lobby shown from the room’s record and status', async () => {
    const { store, server, page, client } = setUp();
    const config = store.getState().config;
    await client.createRoom(config, SETTINGS);

    expect(server.asked).toEqual([
      { how: 'create', name: ROOM_NAME, options: { setup: roomSetupOf(config, SETTINGS) } },
    ]);
    const room = server.room;
    expect(page.href).toBe('https://chess.test/play?room=r1');
    expect(room.sent).toEqual([
      { type: MSG.claim, message: { seat: 0, name: config.players[0].name } },
    ]);
    expect(store.getState().online).toMatchObject({
      roomId: 'r1',
      invite: 'https://chess.test/play?room=r1',
      seat: null,
      connection: 'open',
      started: false,
    });
    expect(client.busy.getState().busy).toBe(false);

    room.say(MSG.welcome, { roomId: 'r1', seat: null, hostToken: 'host-1' });
    room.say(MSG.seated, { seat: 0, token: 'seat-token' });
    const created = Game.create(defaultSetup(3, 'lobby'));
    if (!created.ok) throw new Error(created.error.message);
    room.say(MSG.record, recordOf(created.value));
    room.say(MSG.room, statusOf(false, ['human', 'open', 'bot']));

    const s = store.getState();
    expect(s.screen).toBe('lobby');
    expect(s.online).toMatchObject({ seat: 0, hostToken: 'host-1', started: false });
    expect(s.online!.seats.map((x) => [x.name, x.holder, x.presence])).toEqual([
      ['Player 1', 'human', 'connected'],
      ['Player 2', 'open', null],
      ['Player 3', 'bot', null],
    ]);
    expect(readSeat('r1')).toEqual({
      ok: true,
      value: { seat: 0, token: 'seat-token', reconnection: 'reconnect-token' },
    });
    // The creator's host token fills the open seats.
    client.fillWithBots(3);
    expect(room.sent.at(-1)).toEqual({
      type: MSG.fill,
      message: { level: 3, hostToken: 'host-1' },
    });
  });

  test('a room the server refuses to create: the notice says why, nothing is open', async () => {
    const { store, server, client } = setUp();
    server.refuse(true);
    await client.createRoom(store.getState().config, SETTINGS);
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: 'The online game could not be created: the server is down. Your setup is kept.',
    });
    expect(store.getState().online).toBeNull();
    expect(client.busy.getState().busy).toBe(false);
  });

  test('a started game’s record and status open the game in the store, bots where bots sit', async () => {
    const game = placedGame('online-client');
    const { store, server, room } = await inStartedGame(game, 1);
    // Opened from its link with the stored seat's token.
    expect(server.asked).toEqual([
      { how: 'joinById', name: 'r1', options: { token: 'seat-token' } },
    ]);
    let s = store.getState();
    expect(s.screen).toBe('game');
    expect(s.game!.actions).toEqual(game.actions);
    expect(s.online).toMatchObject({ seat: 1, started: true, connection: 'open' });
    expect(s.config.players.map((p) => p.kind)).toEqual(['human', 'human', 'human']);

    // A bot takes a seat: the seats and the config say so, the game stays.
    room.say(MSG.room, statusOf(true, ['human', 'human', 'bot']));
    s = store.getState();
    expect(s.online!.seats[2]).toMatchObject({ holder: 'bot', level: 2 });
    expect(s.game!.actions).toEqual(game.actions);
  });

  test('a move goes to the room as MSG.act with its ply and shows once the room accepts it', async () => {
    const game = placedGame('online-client');
    const mover = game.players[game.position.turn].setupIndex;
    const { store, room } = await inStartedGame(game, mover);
    const move = game.legalActions()[0];
    const text = game.actionText(move);

    expect(store.getState().play(move)).toBe(true);
    expect(room.sent.at(-1)).toEqual({
      type: MSG.act,
      message: { action: text, ply: game.length },
    });
    expect(store.getState().game!.length).toBe(game.length);

    const next = game.play(text);
    if (!next.ok) throw new Error(next.error.message);
    room.say(MSG.actions, {
      from: game.length,
      actions: [text],
      hash: positionHash(next.value.withoutPlans()),
    });
    expect(store.getState().game!.actions.at(-1)).toBe(text);
  });

  test('a draw offer goes to the room with the ply of the record', async () => {
    const game = placedGame('online-client');
    const { client, room } = await inStartedGame(game, 0);
    client.sendDraw('offer');
    expect(room.sent.at(-1)).toEqual({
      type: MSG.draw,
      message: { answer: 'offer', ply: game.length },
    });
  });

  test('the room’s error, a server error and a restart become the store’s notice', async () => {
    const { store, room } = await inStartedGame(placedGame('online-client'), 0);
    room.say(MSG.error, { code: 'notYourTurn', message: 'It is not your turn.' });
    expect(store.getState().notice).toEqual({ kind: 'error', text: 'It is not your turn.' });

    room.error(4002, 'bad state');
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: 'The online game reported an error: bad state',
    });

    room.say(MSG.closing, {});
    expect(store.getState().notice).toEqual({
      kind: 'info',
      text: 'The game server is restarting; rejoining the game…',
    });
    expect(store.getState().online!.connection).toBe('reconnecting');
  });

  test('the connection drops: the client waits, rejoins with the seat’s token and shows the room again', async () => {
    const { waits, wait } = manualWait();
    const t = setUp(wait);
    writeSeat('r1', { seat: 0, token: 'seat-token' });
    await t.client.openRoom('r1');
    const first = t.server.room;
    first.say(MSG.record, recordOf(placedGame('online-client')));
    first.say(MSG.room, statusOf(true, ['human', 'human', 'human']));
    const shown = t.store.getState().game;

    first.drop(4002);
    expect(t.store.getState().online!.connection).toBe('reconnecting');
    expect(waits.map((w) => w.ms)).toEqual([500]);
    expect(t.server.rooms).toHaveLength(1);

    waits[0].end();
    await vi.waitFor(() => expect(t.server.rooms).toHaveLength(2));
    expect(t.server.asked.at(-1)).toEqual({
      how: 'joinById',
      name: 'r1',
      options: { token: 'seat-token' },
    });
    expect(first.listening).toBe(false);
    const second = t.server.room;
    expect(t.store.getState().online!.connection).toBe('open');
    // Until the room's record and status come again, the game shown stays.
    expect(t.store.getState().game).toBe(shown);
    second.say(MSG.record, recordOf(placedGame('online-client')));
    second.say(MSG.room, statusOf(true, ['human', 'human', 'human']));
    expect(t.store.getState().screen).toBe('game');
  });

  test('a server that does not come back: eight attempts, then the connection is closed and the notice says so', async () => {
    const t = await inStartedGame(placedGame('online-client'), 0);
    t.server.refuse(true);
    t.room.drop(4002);
    await vi.waitFor(() => expect(t.store.getState().online!.connection).toBe('closed'));
    // Each attempt joins, then recreates the room from its record, then joins again.
    expect(t.server.asked.slice(1).map((a) => a.how)).toEqual(
      Array.from({ length: 8 }, () => ['joinById', 'create', 'joinById']).flat(),
    );
    expect(t.store.getState().notice).toEqual({
      kind: 'error',
      text: 'The connection to the online game is lost. Reload the page to try again.',
    });
  });

  test('a room closed on purpose (code 1000) is not rejoined', async () => {
    const t = await inStartedGame(placedGame('online-client'), 0);
    t.room.drop(1000);
    expect(t.store.getState().online!.connection).toBe('closed');
    expect(t.server.asked).toHaveLength(1);
  });

  test('leaving: the room is left with consent, the store is back on setup with a local record', async () => {
    const { store, source, room, page, client } = await inStartedGame(
      placedGame('online-client'),
      0,
    );
    const remote = source.current;
    client.leaveRoom();

    expect(room.left).toEqual([true]);
    expect(room.listening).toBe(false);
    const s = store.getState();
    expect(s.online).toBeNull();
    expect(s.screen).toBe('setup');
    expect(s.game).toBeNull();
    expect(page.href).toBe('https://chess.test/play');
    expect(source.current).not.toBe(remote);

    // A local game now plays at once: nothing goes to the room.
    const game = placedGame('online-client');
    store.getState().startFrom(game, store.getState().config);
    expect(store.getState().play(game.legalActions()[0])).toBe(true);
    expect(store.getState().game!.length).toBe(game.length + 1);
    expect(room.sent.filter((m) => m.type === MSG.act)).toEqual([]);
  });

  test('a record whose action does not play here: the notice says which, the game shown is kept', async () => {
    const game = placedGame('online-client');
    const { store, room } = await inStartedGame(game, 0);
    const shown = store.getState().game;
    room.say(MSG.record, { ...recordOf(game), actions: [...game.actions, 'zz9'] });
    expect(store.getState().notice?.kind).toBe('error');
    expect(store.getState().notice?.text).toMatch(
      new RegExp(`^Action ${game.length + 1} of the room's record \\(zz9\\) does not play here: `),
    );
    expect(store.getState().game).toBe(shown);
  });

  test('a record whose setup is not valid: the notice says why, the game shown is kept', async () => {
    const game = placedGame('online-client');
    const { store, room } = await inStartedGame(game, 0);
    const shown = store.getState().game;
    room.say(MSG.record, { ...recordOf(game), setup: { ...game.setup, players: [] } });
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: "The room's setup is not valid here: setup.players must list 2–8 players, got 0",
    });
    expect(store.getState().game).toBe(shown);
  });

  test('a record without its actions or settings: the notice says what is missing, the game shown is kept', async () => {
    const game = placedGame('online-client');
    const { store, room } = await inStartedGame(game, 0);
    const shown = store.getState().game;
    const terms = store.getState().online!.terms;
    room.say(MSG.record, { ...recordOf(game), actions: undefined });
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: "The room's record cannot be read: its actions are not a list of texts. The game shown is kept.",
    });
    room.say(MSG.record, { ...recordOf(game), settings: null });
    expect(store.getState().notice?.text).toBe(
      "The room's record cannot be read: it has no settings. The game shown is kept.",
    );
    expect(store.getState().game).toBe(shown);
    expect(store.getState().online!.terms).toBe(terms);
  });
  test('the table chat speaks in the room this client is in: its lines, mutes, nothing sent after leaving', async () => {
    const game = placedGame('online-client');
    const a = await inStartedGame(game, 0);
    const b = await inStartedGame(game, 1);
    const line = (id: number, from: string, text: string): ChatLine => ({
      id,
      from,
      name: 'Player 2',
      spectator: null,
      channel: 'players',
      text,
      at: 0,
    });
    a.room.say(CHAT_MSG, { lines: [line(1, 'seat-1', 'hello')], history: true });
    a.room.say(CHAT_MSG, { lines: [line(2, 'seat-1', 'again')], history: false });
    a.client.chat.toggleMute('seat-1');
    expect(a.client.chat.state.getState()).toMatchObject({
      roomId: 'r1',
      lines: [{ text: 'hello' }, { text: 'again' }],
      muted: ['seat-1'],
    });
    // Each client holds its own room's chat.
    expect(b.client.chat.state.getState()).toMatchObject({ lines: [], muted: [] });
    a.client.chat.send('hi');
    expect(a.room.sent.at(-1)).toEqual({ type: CHAT_MSG, message: { text: 'hi' } });
    expect(b.room.sent.filter((m) => m.type === CHAT_MSG)).toEqual([]);
    a.client.leaveRoom();
    a.client.chat.send('anyone?');
    expect(a.room.sent.filter((m) => m.type === CHAT_MSG)).toHaveLength(1);
  });

  test('a rematch: the request as it stands, the answer sent to the room, then the next room opened with the seat kept', async () => {
    const t = await inStartedGame(placedGame('online-client'), 0);
    const status = { accepted: [1], waitingFor: [0, 2], cancelled: null, next: null };
    t.room.say(REMATCH_MSG, status);
    expect(t.client.rematch.state.getState()).toEqual({ roomId: 'r1', status });
    t.client.rematch.answer(true);
    expect(t.room.sent.at(-1)).toEqual({ type: REMATCH_MSG, message: { accept: true } });
    t.room.say(REMATCH_START, { roomId: 'r2', seat: 2, token: 'next-token' });
    await vi.waitFor(() => expect(t.server.room.roomId).toBe('r2'));
    expect(t.room.left).toEqual([true]);
    expect(t.page.href).toBe('https://chess.test/play?room=r2');
    expect(t.server.asked.at(-1)).toEqual({
      how: 'joinById',
      name: 'r2',
      options: { token: 'next-token' },
    });
    expect(t.client.rematch.state.getState()).toEqual({ roomId: 'r2', status: null });
    t.client.rematch.answer(false);
    expect(t.room.sent.filter((m) => m.type === REMATCH_MSG)).toHaveLength(1);
    expect(t.server.room.sent).toEqual([{ type: REMATCH_MSG, message: { accept: false } }]);
  });
});
