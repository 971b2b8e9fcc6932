/**
 * This page in an online room: creating one, opening an invite link, claiming a seat, filling
 * seats with bots, leaving; and the room's messages turned into the store's state (`online`, the
 * record through a remote source). The page's store switches its record source to the room's
 * while a room is open, and back to the local one when it is left.
 *
 * The connection is a colyseus.js client (0.16) to the game server at the page's own address.
 * What the room says and is told is the protocol of src/net (see `wire` below).
 */
import type { Client, Room } from 'colyseus.js';
import { create } from 'zustand';
import { Game, remainingAt, type BotLevel } from '../core';
import { LISTING_TEXT, ONLINE_TEXT, PAIRING_TEXT } from '../text';
import {
  LIMITS,
  LISTING,
  MSG,
  PUBLIC_ROOM_NAME,
  joinRequest,
  ROOM_NAME,
  positionHash,
  type ActionsMessage,
  type DrawAnswer,
  type ErrorMessage,
  type JoinOptions,
  type OpenTable,
  type OpenTables,
  type PairRequest,
  type PairingStatus,
  type RecordMessage,
  type ResumeOptions,
  type RoomSetup,
  type RoomStatus,
  type SeatedMessage,
  type WelcomeMessage,
} from '../net';
import { botLevel, type GameConfig } from './config';
import type { OnlineInfo, OnlineSeat, PairingWait, RoomSettings } from './onlineState';
import { remoteSource, type RemoteSource } from './remoteSource';
import { forgetSeat, readHost, readSeat, writeHost, writeSeat } from './seatTokens';
import { localSource } from './source';
import { pageSource, useGame } from './store';
import { wireRematch } from './rematch';
import { wireChat } from './tableChat';

/** The formats "Play online now" offers (the server's, src/net/pairing.ts). */
export {
  LISTING,
  MAX_TABLE,
  MIN_TABLE,
  PAIRING_CLOCKS,
  rulesKey,
  type LiveGame,
  type OpenTable,
  type OpenTables,
  type PairRequest,
} from '../net';

/** The longest name a player may claim a seat with. */
export const MAX_NAME = LIMITS.name;

/** Whether a room is being created or joined (the buttons wait). */
const useRoomUi = create<{ busy: boolean }>()(() => ({ busy: false }));
export const useRoomBusy = () => useRoomUi((s) => s.busy);

interface Open {
  room: Room;
  source: RemoteSource;
  roomId: string;
}
let open: Open | null = null;
let endpoint: string | null = null;
const local = localSource();

/** Where the game server is: the page's own origin unless told otherwise. */
export function setServer(url: string | null): void {
  endpoint = url;
}
const serverUrl = () =>
  endpoint ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;

/**
 * A client of the game server. colyseus.js is loaded only when a page plays online: its message
 * decoder (msgpackr) probes `Function('')` as it loads, which the app's Content-Security-Policy
 * refuses and reports (the decoder then does without), and no offline game should report that.
 */
async function newClient(): Promise<Client> {
  const { Client } = await import('colyseus.js');
  return new Client(serverUrl());
}

/** The invite link of `roomId` for this page. */
export function inviteLink(roomId: string): string {
  const url = new URL(location.href);
  url.search = `?room=${encodeURIComponent(roomId)}`;
  url.hash = '';
  return url.toString();
}

const say = (text: string, kind: 'error' | 'info' = 'error') =>
  useGame.setState({ notice: { kind, text } });

const patchOnline = (patch: Partial<OnlineInfo>) => {
  const online = useGame.getState().online;
  if (online) useGame.setState({ online: { ...online, ...patch } });
};

/** Why a request to the server failed, in words. */
const why = (e: unknown) =>
  e instanceof Error ? e.message : typeof e === 'string' ? e : 'the server did not answer';

/** The room a creator asks for, from the setup screen's `config` and `settings`. */
export function roomSetupOf(config: GameConfig, settings: RoomSettings): RoomSetup {
  const tc = config.timeControl;
  return {
    players: config.players.map(({ name, colour }) => ({ name, colour })),
    seats: config.players.map((p) => {
      const level = botLevel(p);
      return level === null ? { kind: 'open' } : { kind: 'bot', level };
    }),
    options: { ...config.options },
    placement: config.placement,
    timeControl: tc ? { ...tc } : null,
    graceMs: settings.graceSeconds * 1000,
    afterGrace: settings.afterGrace,
  };
}

/** Create a room from the setup screen's `config` and `settings`; this page claims the first human seat. */
export async function createRoom(config: GameConfig, settings: RoomSettings): Promise<void> {
  const mine = config.players.findIndex((p) => botLevel(p) === null);
  if (mine < 0) return say(ONLINE_TEXT.needsHuman);
  useRoomUi.setState({ busy: true });
  try {
    const client = await newClient();
    const room = await client.create(ROOM_NAME, { setup: roomSetupOf(config, settings) });
    history.replaceState(null, '', inviteLink(room.roomId));
    attach(room);
    const name = config.players[mine].name.trim().slice(0, MAX_NAME) || `Player ${mine + 1}`;
    room.send(MSG.claim, { seat: mine, name });
  } catch (e) {
    say(ONLINE_TEXT.notCreated(why(e)));
  } finally {
    useRoomUi.setState({ busy: false });
  }
}

/**
 * "Play online now" (quick pairing): the server seats this page at the oldest waiting public
 * table of the format asked for, or opens one; the table's link is this page's address, so a
 * reload takes the seat back like any room's.
 */
export function playNow(request: PairRequest): Promise<void> {
  return sitDown(
    (client) => client.joinOrCreate(PUBLIC_ROOM_NAME, request),
    PAIRING_TEXT.notPaired,
  );
}

/**
 * "Join" in the list of open tables: a seat at that very table, asked for as "Play online now"
 * asks (its format, this page's name), so the same reservation and limits apply.
 */
export function joinTable(table: OpenTable, name: string): Promise<void> {
  return sitDown(
    (client) => client.joinById(table.roomId, joinRequest(table, name)),
    LISTING_TEXT.notJoined,
  );
}

/** Sit down at the public table `join` reaches; `failed` says why not. */
async function sitDown(
  join: (client: Client) => Promise<Room>,
  failed: (why: string) => string,
): Promise<void> {
  useRoomUi.setState({ busy: true });
  try {
    const room = await join(await newClient());
    history.replaceState(null, '', inviteLink(room.roomId));
    attach(room);
  } catch (e) {
    say(failed(why(e)));
  } finally {
    useRoomUi.setState({ busy: false });
  }
}

/** "Watch" in the list of live games: this page joins the game as a spectator. */
export function watchGame(roomId: string): Promise<void> {
  history.replaceState(null, '', inviteLink(roomId));
  return openRoom(roomId);
}

/** The list of open tables and live games, from the game server (src/net/listing.ts). */
export async function fetchOpenTables(): Promise<OpenTables> {
  const res = await fetch(serverUrl().replace(/^ws/, 'http') + LISTING.path);
  const body = (await res.json().catch(() => null)) as (OpenTables & { error?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.error ?? `the server answered ${res.status}`);
  return body;
}

/** At a public table after its wait: this seat's bot level for the empty seats. */
export function voteForBots(level: BotLevel): void {
  open?.room.send(MSG.botVote, { level });
}

/** A table's wait with its server times moved onto this page's clock (`serverTime` was `at`). */
function pairingWait(p: PairingStatus, serverTime: number, at: number): PairingWait {
  const page = (t: number) => at - (serverTime - t);
  return {
    openedAt: page(p.openedAt),
    botsFrom: page(p.botsFrom),
    seatedAt: p.seatedAt.map((t) => (t === null ? null : page(t))),
    votes: p.votes,
  };
}

/** Open the room of an invite link: with this device's seat token the seat is taken back. */
export async function openRoom(roomId: string): Promise<void> {
  useRoomUi.setState({ busy: true });
  const stored = readSeat(roomId);
  if (!stored.ok) say(stored.error);
  const seat = stored.ok ? stored.value : null;
  const client = await newClient();
  const options = seat ? { token: seat.token } : {};
  try {
    attach(await enter(client, roomId, options));
  } catch (e) {
    useGame.setState({ screen: 'setup' });
    say(ONLINE_TEXT.notOpened(roomId, why(e)));
  } finally {
    useRoomUi.setState({ busy: false });
  }
}

/**
 * Join room `roomId`; a room the server no longer holds (a restart) is recreated from its stored
 * record. When another page recreated it a moment before, the room is there: join it after all.
 */
function enter(client: Client, roomId: string, options: JoinOptions): Promise<Room> {
  return client
    .joinById(roomId, options)
    .catch(() =>
      client
        .create(ROOM_NAME, { ...options, resume: roomId } satisfies ResumeOptions)
        .catch((e: unknown) => client.joinById(roomId, options).catch(() => Promise.reject(e))),
    );
}

/** Take this device's seat back from another tab that holds it. */
export async function takeOverSeat(): Promise<void> {
  if (!open) return;
  const { roomId } = open;
  const stored = readSeat(roomId);
  if (!stored.ok || !stored.value) return say(ONLINE_TEXT.noSeatHere);
  const old = open;
  detach();
  await old.room.leave(true).catch(() => undefined);
  try {
    const room = await (await newClient()).joinById(roomId, { token: stored.value.token });
    attach(room);
  } catch (e) {
    say(ONLINE_TEXT.seatNotTakenBack(why(e)));
  }
}

export function claimSeat(seat: number, name: string): void {
  open?.room.send(MSG.claim, { seat, name: name.slice(0, MAX_NAME) });
}

/** Offer a draw, or accept or decline the room's standing offer (R8.2), for this page's seat. */
export function sendDraw(answer: DrawAnswer): void {
  const game = open?.source.game;
  if (game) open?.room.send(MSG.draw, { answer, ply: game.length });
}

/** The creator gives every open seat to a bot of `level`. */
export function fillWithBots(level: BotLevel): void {
  const hostToken = useGame.getState().online?.hostToken;
  if (hostToken) open?.room.send(MSG.fill, { level, hostToken });
}

/** Leave the room (the seat waits for its grace period) and go back to the setup screen. */
export function leaveRoom(): void {
  const was = open;
  detach();
  void was?.room.leave(true).catch(() => undefined);
  pageSource.use(local);
  // The game on this device (if any) waits behind the setup screen again.
  useGame.setState({ online: null, game: null, view: null, screen: 'setup', dialog: null });
  useGame.getState().resumeStored(false);
  if (new URL(location.href).searchParams.has('room')) {
    const url = new URL(location.href);
    url.search = '';
    history.replaceState(null, '', url.toString());
  }
}

/** Go to room `roomId` (a rematch): leave this one and open that one (its seat token is kept). */
async function moveToRoom(roomId: string): Promise<void> {
  const was = open;
  detach();
  void was?.room.leave(true).catch(() => undefined);
  history.replaceState(null, '', inviteLink(roomId));
  await openRoom(roomId);
}

function detach() {
  open?.room.removeAllListeners();
  open = null;
}

/** Listen to `room`: its messages become the store's state. */
function attach(room: Room) {
  const roomId = room.roomId;
  const source = remoteSource(
    {
      sendAction: (ply, action) => room.send(MSG.act, { action, ply }),
      askRecord: () => room.send(MSG.resync),
    },
    positionHash,
  );
  open = { room, source, roomId };
  pageSource.use(source);
  wireChat(room);
  wireRematch(room, (next) => void moveToRoom(next));
  /** The room's record as last sent (its setup gives names, colours and the turn order). */
  let record: Game | null = null;
  let status: RoomStatus | null = null;
  /** Where performance.now() was when the server's clock read `serverTime` (for the clocks). */
  let offset = 0;

  if (!useGame.getState().online || useGame.getState().online?.roomId !== roomId)
    useGame.setState({
      online: {
        roomId,
        invite: inviteLink(roomId),
        seat: null,
        hostToken: readHost(roomId),
        seats: [],
        clock: null,
        terms: null,
        connection: 'open',
        started: false,
        paused: false,
        takenOver: false,
        drawOffer: null,
      },
    });
  else patchOnline({ connection: 'open' });

  /**
   * The seats, clocks and screen from the last record and room status. The server sends both on
   * every join; until both came on this connection the page keeps what it shows (a rejoin never
   * flashes the lobby).
   */
  const refresh = () => {
    const online = useGame.getState().online;
    if (!online || !record || !status) return;
    const game = record;
    const { clocks, started, paused, serverTime } = status;
    const seatStatus = status.seats;
    const seats: OnlineSeat[] = game.setup.players.map((p, i) => {
      const st = seatStatus.find((x) => x.seat === i);
      return {
        name: p.name,
        colour: p.colour,
        holder: st?.holder ?? 'open',
        level: st?.level ?? null,
        presence:
          st?.holder === 'human'
            ? st.connection === 'online'
              ? 'connected'
              : (st.connection ?? 'connected')
            : null,
        botTaken: st?.holder === 'bot' && game.setup.players.length > 0 && isTakeOver(game, i),
      };
    });
    const clock = clocks
      ? (() => {
          const left = remainingAt({ ...clocks, at: game.length }, serverTime);
          const bySeat = game.players.map(() => 0);
          game.players.forEach((p, t) => (bySeat[p.setupIndex] = left[t] ?? 0));
          const running = clocks.running === null ? null : game.players[clocks.running].setupIndex;
          return { left: bySeat, running, at: offset };
        })()
      : null;
    const drawOffer = status.drawOffer;
    const replay = status.replay ?? null;
    const pairing = status.pairing ? pairingWait(status.pairing, serverTime, offset) : null;
    useGame.setState({
      online: { ...online, seats, clock, started, paused, drawOffer, replay, pairing },
    });
    const s = useGame.getState();
    if (started && (s.screen !== 'game' || s.game?.setup !== source.game?.setup) && source.game)
      s.openRemote(source.game, configOf(source.game, seats));
    else if (!started && s.screen !== 'lobby') useGame.setState({ screen: 'lobby' });
  };

  let welcomed = false;
  room.onMessage(MSG.welcome, (msg: WelcomeMessage) => {
    if (msg.hostToken) writeHost(roomId, msg.hostToken);
    // A second welcome on this connection without the seat: a newer tab took it by its token.
    const takenOver = welcomed && msg.seat === null && useGame.getState().online?.seat !== null;
    welcomed = true;
    patchOnline({ seat: msg.seat, hostToken: msg.hostToken ?? readHost(roomId), takenOver });
  });
  room.onMessage(MSG.seated, (msg: SeatedMessage) => {
    writeSeat(roomId, { seat: msg.seat, token: msg.token, reconnection: room.reconnectionToken });
    patchOnline({ seat: msg.seat });
  });
  room.onMessage(MSG.record, (msg: RecordMessage) => {
    const game = gameOf(msg);
    if (!game) return;
    record = game;
    source.record(game);
    const { timeControl, graceMs, afterGrace, placement } = msg.settings;
    patchOnline({
      terms: { timeControl, graceMs, afterGrace, placement, options: msg.setup.options ?? {} },
    });
    refresh();
  });
  room.onMessage(MSG.actions, (msg: ActionsMessage) =>
    source.accepted(msg.from, msg.actions, msg.hash),
  );
  room.onMessage(MSG.room, (msg: RoomStatus) => {
    status = msg;
    offset = performance.now();
    refresh();
  });
  room.onMessage(MSG.error, (msg: ErrorMessage) => say(msg.message));
  // The server process is stopping (a deployment): the game is saved and goes on elsewhere.
  room.onMessage(MSG.closing, () => {
    patchOnline({ connection: 'reconnecting' });
    say(ONLINE_TEXT.restarting, 'info');
  });
  room.onLeave((code) => {
    if (open?.room !== room) return;
    patchOnline({ connection: 'reconnecting' });
    void reconnect(roomId, code);
  });
  room.onError((_code, message) => say(ONLINE_TEXT.serverError(message)));
}

/** The room's record (setup + actions, R10) played through this page's core, or null (said why). */
function gameOf(msg: RecordMessage): Game | null {
  const created = Game.create(msg.setup);
  if (!created.ok) {
    say(ONLINE_TEXT.setupInvalid(created.error.message));
    return null;
  }
  let game = created.value;
  for (const [i, text] of msg.actions.entries()) {
    const next = game.play(text);
    if (!next.ok) {
      say(ONLINE_TEXT.actionInvalid(i, text, next.error.message));
      return null;
    }
    game = next.value.withoutPlans();
  }
  return game;
}

/** Whether a bot holds seat `i` by a take-over in the record (R11.3), not from the start. */
function isTakeOver(game: Game, i: number): boolean {
  const p = game.players.findIndex((x) => x.setupIndex === i);
  return p >= 0 && game.seatChanges()[p]?.kind === 'bot';
}

/** The store's config of an online game: its setup, bots where bots hold the seats. */
function configOf(game: Game, seats: OnlineSeat[]): GameConfig {
  return {
    players: game.setup.players.map((p, i) =>
      seats[i]?.holder === 'bot'
        ? { ...p, kind: 'bot' as const, level: seats[i].level ?? 1 }
        : { ...p, kind: 'human' as const },
    ),
    seed: game.setup.seed,
    placement: 'hand',
    options: { ...game.setup.options },
  };
}

/** The connection dropped: Colyseus's reconnection first, then the seat token, a few times. */
async function reconnect(roomId: string, code: number): Promise<void> {
  // 1000: the room closed the connection on purpose (the game ended and the room is gone).
  if (code === 1000 || code === 4000) {
    patchOnline({ connection: 'closed' });
    return;
  }
  const stored = readSeat(roomId);
  // A tab whose seat another tab took over comes back watching, not taking the seat again.
  const seat = stored.ok && !useGame.getState().online?.takenOver ? stored.value : null;
  for (let attempt = 0; attempt < 8 && open?.roomId === roomId; attempt++) {
    await new Promise((r) => setTimeout(r, Math.min(500 * 2 ** attempt, 8000)));
    if (open?.roomId !== roomId) return;
    try {
      const client = await newClient();
      const options = seat ? { token: seat.token } : {};
      const room = await enter(client, roomId, options);
      detach();
      attach(room);
      return;
    } catch {
      // The server is not back yet: try again later.
    }
  }
  if (open?.roomId === roomId) {
    patchOnline({ connection: 'closed' });
    say(ONLINE_TEXT.lost);
  }
}

/** Forget this device's seat in `roomId` (the game is over and left). */
export function forgetRoom(roomId: string): void {
  forgetSeat(roomId);
}
