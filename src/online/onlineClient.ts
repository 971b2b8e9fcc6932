/**
 * A page in an online room: creating one, opening an invite link, claiming a seat, filling
 * seats with bots, leaving; and the room's messages turned into the store's state (`online`, the
 * record through a remote source). The store's record source is switched to the room's while a
 * room is open, and back to a local record when it is left.
 *
 * `createOnlineClient` makes one over a store, its record source and a way to reach the game
 * server (`connect`); everything it keeps lives in its closure. The page has one, over the page's
 * store and colyseus.js (onlineRoom.ts); a unit test gives it a stand-in room. What the room says
 * and is told is the protocol of src/net.
 */
import { create, type StoreApi } from 'zustand';
import { Game, remainingAt, type BotLevel } from '../core';
import { LISTING_TEXT, ONLINE_TEXT, PAIRING_TEXT } from '../text';
import {
  LIMITS,
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
  type PairRequest,
  type PairingStatus,
  type RecordMessage,
  type ResumeOptions,
  type RoomSetup,
  type RoomStatus,
  type SeatedMessage,
  type WelcomeMessage,
} from '../net';
import { botLevel, type GameConfig } from '../store/config';
import {
  playerOfSeat,
  type OnlineInfo,
  type OnlineSeat,
  type PairingWait,
  type RoomSettings,
} from './onlineState';
import { remoteSource, type RemoteSource } from './remoteSource';
import type { Connect, GameServer, RoomConnection } from './roomConnection';
import { readHost, readSeat, writeHost, writeSeat } from './seatTokens';
import { withIdentity } from './joinIdentity';
import { localSource, type SwitchableSource } from '../store/source';
import type { State } from '../store/state';
import { createRematch } from './rematch';
import { createTableChat } from './tableChat';

/** The longest name a player may claim a seat with. */
export const MAX_NAME = LIMITS.name;

/** The page's address, which names the room the page is in (…?room=<id>). */
export interface PageAddress {
  readonly href: string;
  /** Show `url` as the page's address (no navigation, no new history entry). */
  replace(url: string): void;
}

/** The browser's address bar. */
export const browserAddress: PageAddress = {
  get href() {
    return location.href;
  },
  replace: (url) => history.replaceState(null, '', url),
};

export interface OnlineClientDeps {
  /** The store the room's state is shown in. */
  store: StoreApi<State>;
  /** The store's record source: the room's record while a room is open, a local one after. */
  source: SwitchableSource;
  /** Reach the game server. */
  connect: Connect;
  /** The page's address (the browser's by default). */
  page?: PageAddress;
  /** Wait `ms` before the next reconnection attempt (a timer by default). */
  wait?: (ms: number) => Promise<void>;
}

export type OnlineClient = ReturnType<typeof createOnlineClient>;

/** The invite link of `roomId` for the page at `href`. */
export function inviteLink(href: string, roomId: string): string {
  const url = new URL(href);
  url.search = `?room=${encodeURIComponent(roomId)}`;
  url.hash = '';
  return url.toString();
}

/** Why a request to the server failed, in words. */
const why = (e: unknown) =>
  e instanceof Error ? e.message : typeof e === 'string' ? e : 'the server did not answer';

const timer = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

export function createOnlineClient({
  store,
  source,
  connect: reach,
  page = browserAddress,
  wait = timer,
}: OnlineClientDeps) {
  // Every room is asked for with this device's player identity, when it has one.
  const connect = async () => withIdentity(await reach());
  /** Whether a room is being created or joined (the buttons wait). */
  const busy = create<{ busy: boolean }>()(() => ({ busy: false }));
  const local = localSource();
  let open: { room: RoomConnection; source: RemoteSource; roomId: string } | null = null;
  /** The table chat and the rematch of the room this page is in. */
  const inRoom = () => open?.room ?? null;
  const chat = createTableChat(inRoom);
  const rematch = createRematch(inRoom, (next) => void moveToRoom(next));

  const invite = (roomId: string) => inviteLink(page.href, roomId);
  const say = (text: string, kind: 'error' | 'info' = 'error') =>
    store.setState({ notice: { kind, text } });
  const patchOnline = (patch: Partial<OnlineInfo>) => {
    const online = store.getState().online;
    if (online) store.setState({ online: { ...online, ...patch } });
  };

  /** Create a room from the setup screen's `config` and `settings`; this page claims the first human seat. */
  async function createRoom(config: GameConfig, settings: RoomSettings): Promise<void> {
    const mine = config.players.findIndex((p) => botLevel(p) === null);
    if (mine < 0) return say(ONLINE_TEXT.needsHuman);
    busy.setState({ busy: true });
    try {
      const server = await connect();
      const room = await server.create(ROOM_NAME, { setup: roomSetupOf(config, settings) });
      page.replace(invite(room.roomId));
      attach(room);
      const name = config.players[mine].name.trim().slice(0, MAX_NAME) || `Player ${mine + 1}`;
      room.send(MSG.claim, { seat: mine, name });
    } catch (e) {
      say(ONLINE_TEXT.notCreated(why(e)));
    } finally {
      busy.setState({ busy: false });
    }
  }

  /**
   * "Play online now" (quick pairing): the server seats this page at the oldest waiting public
   * table of the format asked for, or opens one; the table's link is this page's address, so a
   * reload takes the seat back like any room's.
   */
  function playNow(request: PairRequest): Promise<void> {
    return sitDown(
      (server) => server.joinOrCreate(PUBLIC_ROOM_NAME, request),
      PAIRING_TEXT.notPaired,
    );
  }

  /**
   * "Join" in the list of open tables: a seat at that very table, asked for as "Play online now"
   * asks (its format, this page's name), so the same reservation and limits apply.
   */
  function joinTable(table: OpenTable, name: string): Promise<void> {
    return sitDown(
      (server) => server.joinById(table.roomId, joinRequest(table, name)),
      LISTING_TEXT.notJoined,
    );
  }

  /** Sit down at the public table `join` reaches; `failed` says why not. */
  async function sitDown(
    join: (server: GameServer) => Promise<RoomConnection>,
    failed: (why: string) => string,
  ): Promise<void> {
    busy.setState({ busy: true });
    try {
      const room = await join(await connect());
      page.replace(invite(room.roomId));
      attach(room);
    } catch (e) {
      say(failed(why(e)));
    } finally {
      busy.setState({ busy: false });
    }
  }

  /** "Watch" in the list of live games: this page joins the game as a spectator. */
  function watchGame(roomId: string): Promise<void> {
    page.replace(invite(roomId));
    return openRoom(roomId);
  }

  /** At a public table after its wait: this seat's bot level for the empty seats. */
  function voteForBots(level: BotLevel): void {
    open?.room.send(MSG.botVote, { level });
  }

  /** Open the room of an invite link: with this device's seat token the seat is taken back. */
  async function openRoom(roomId: string): Promise<void> {
    busy.setState({ busy: true });
    const stored = readSeat(roomId);
    if (!stored.ok) say(stored.error);
    const seat = stored.ok ? stored.value : null;
    const server = await connect();
    const options = seat ? { token: seat.token } : {};
    try {
      attach(await enter(server, roomId, options));
    } catch (e) {
      store.setState({ screen: 'setup' });
      say(ONLINE_TEXT.notOpened(roomId, why(e)));
    } finally {
      busy.setState({ busy: false });
    }
  }

  /** Take this device's seat back from another tab that holds it. */
  async function takeOverSeat(): Promise<void> {
    if (!open) return;
    const { roomId } = open;
    const stored = readSeat(roomId);
    if (!stored.ok || !stored.value) return say(ONLINE_TEXT.noSeatHere);
    const old = open;
    detach();
    await old.room.leave(true).catch(() => undefined);
    try {
      const room = await (await connect()).joinById(roomId, { token: stored.value.token });
      attach(room);
    } catch (e) {
      say(ONLINE_TEXT.seatNotTakenBack(why(e)));
    }
  }

  function claimSeat(seat: number, name: string): void {
    open?.room.send(MSG.claim, { seat, name: name.slice(0, MAX_NAME) });
  }

  /** Offer a draw, or accept or decline the room's standing offer (R8.2), for this page's seat. */
  function sendDraw(answer: DrawAnswer): void {
    const game = open?.source.game;
    if (game) open?.room.send(MSG.draw, { answer, ply: game.length });
  }

  /** The creator gives every open seat to a bot of `level`. */
  function fillWithBots(level: BotLevel): void {
    const hostToken = store.getState().online?.hostToken;
    if (hostToken) open?.room.send(MSG.fill, { level, hostToken });
  }

  /** Leave the room (the seat waits for its grace period) and go back to the setup screen. */
  function leaveRoom(): void {
    const was = open;
    detach();
    void was?.room.leave(true).catch(() => undefined);
    source.use(local);
    // The game on this device (if any) waits behind the setup screen again.
    store.setState({ online: null, game: null, view: null, screen: 'setup', dialog: null });
    store.getState().resumeStored(false);
    const url = new URL(page.href);
    if (url.searchParams.has('room')) {
      url.search = '';
      page.replace(url.toString());
    }
  }

  /** Go to room `roomId` (a rematch): leave this one and open that one (its seat token is kept). */
  async function moveToRoom(roomId: string): Promise<void> {
    const was = open;
    detach();
    void was?.room.leave(true).catch(() => undefined);
    page.replace(invite(roomId));
    await openRoom(roomId);
  }

  function detach() {
    open?.room.removeAllListeners();
    open = null;
  }

  /** Listen to `room`: its messages become the store's state. */
  function attach(room: RoomConnection) {
    const roomId = room.roomId;
    const remote = remoteSource(
      {
        sendAction: (ply, action) => room.send(MSG.act, { action, ply }),
        askRecord: () => room.send(MSG.resync),
      },
      positionHash,
    );
    open = { room, source: remote, roomId };
    source.use(remote);
    chat.wire(room);
    rematch.wire(room);
    /** The room's record as last sent (its setup gives names, colours and the turn order). */
    let record: Game | null = null;
    let status: RoomStatus | null = null;
    /** Where performance.now() was when the server's clock read `serverTime` (for the clocks). */
    let offset = 0;

    if (store.getState().online?.roomId !== roomId)
      store.setState({
        online: {
          roomId,
          invite: invite(roomId),
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
      const online = store.getState().online;
      if (!online || !record || !status) return;
      const seats = seatsOf(record, status);
      const { started, paused, drawOffer, serverTime } = status;
      const clock = clockOf(record, status, offset);
      const replay = status.replay ?? null;
      const pairing = status.pairing ? pairingWait(status.pairing, serverTime, offset) : null;
      store.setState({
        online: { ...online, seats, clock, started, paused, drawOffer, replay, pairing },
      });
      const s = store.getState();
      if (started && (s.screen !== 'game' || s.game?.setup !== remote.game?.setup) && remote.game)
        s.openRemote(remote.game, configOf(remote.game, seats));
      else if (!started && s.screen !== 'lobby') store.setState({ screen: 'lobby' });
    };

    let welcomed = false;
    room.onMessage(MSG.welcome, (msg: WelcomeMessage) => {
      if (msg.hostToken) writeHost(roomId, msg.hostToken);
      // A second welcome on this connection without the seat: a newer tab took it by its token.
      const takenOver = welcomed && msg.seat === null && store.getState().online?.seat !== null;
      welcomed = true;
      patchOnline({ seat: msg.seat, hostToken: msg.hostToken ?? readHost(roomId), takenOver });
    });
    room.onMessage(MSG.seated, (msg: SeatedMessage) => {
      writeSeat(roomId, { seat: msg.seat, token: msg.token, reconnection: room.reconnectionToken });
      patchOnline({ seat: msg.seat });
    });
    room.onMessage(MSG.record, (msg: RecordMessage) => {
      const read = gameOf(msg);
      if (!read.ok) return say(read.error);
      record = read.game;
      remote.record(read.game);
      const { timeControl, graceMs, afterGrace, placement } = msg.settings;
      patchOnline({
        terms: { timeControl, graceMs, afterGrace, placement, options: msg.setup.options ?? {} },
      });
      refresh();
    });
    room.onMessage(MSG.actions, (msg: ActionsMessage) =>
      remote.accepted(msg.from, msg.actions, msg.hash),
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

  /** The connection dropped: Colyseus's reconnection first, then the seat token, a few times. */
  async function reconnect(roomId: string, code: number): Promise<void> {
    // 1000: the room closed the connection on purpose (the game ended and the room is gone).
    if (code === 1000 || code === 4000) {
      patchOnline({ connection: 'closed' });
      return;
    }
    const stored = readSeat(roomId);
    // A tab whose seat another tab took over comes back watching, not taking the seat again.
    const seat = stored.ok && !store.getState().online?.takenOver ? stored.value : null;
    for (let attempt = 0; attempt < 8 && open?.roomId === roomId; attempt++) {
      await wait(Math.min(500 * 2 ** attempt, 8000));
      if (open?.roomId !== roomId) return;
      try {
        const server = await connect();
        const options = seat ? { token: seat.token } : {};
        const room = await enter(server, roomId, options);
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

  return {
    /** Whether a room is being created or joined (the buttons wait). */
    busy,
    chat,
    rematch,
    createRoom,
    playNow,
    joinTable,
    watchGame,
    openRoom,
    takeOverSeat,
    claimSeat,
    sendDraw,
    fillWithBots,
    voteForBots,
    leaveRoom,
  };
}

/**
 * Join room `roomId`; a room the server no longer holds (a restart) is recreated from its stored
 * record. When another page recreated it a moment before, the room is there: join it after all.
 */
function enter(server: GameServer, roomId: string, options: JoinOptions): Promise<RoomConnection> {
  return server
    .joinById(roomId, options)
    .catch(() =>
      server
        .create(ROOM_NAME, { ...options, resume: roomId } satisfies ResumeOptions)
        .catch((e: unknown) => server.joinById(roomId, options).catch(() => Promise.reject(e))),
    );
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

/** The room's record (setup + actions, R10) played through this page's core, or why not. */
function gameOf(msg: RecordMessage): { ok: true; game: Game } | { ok: false; error: string } {
  // What the core does not check itself (it checks the setup).
  if (!Array.isArray(msg.actions) || msg.actions.some((a) => typeof a !== 'string'))
    return { ok: false, error: ONLINE_TEXT.recordUnread('its actions are not a list of texts') };
  if (typeof msg.settings !== 'object' || msg.settings === null)
    return { ok: false, error: ONLINE_TEXT.recordUnread('it has no settings') };
  const created = Game.create(msg.setup);
  if (!created.ok) return { ok: false, error: ONLINE_TEXT.setupInvalid(created.error.message) };
  let game = created.value;
  for (const [i, text] of msg.actions.entries()) {
    const next = game.play(text);
    if (!next.ok)
      return { ok: false, error: ONLINE_TEXT.actionInvalid(i, text, next.error.message) };
    game = next.value.withoutPlans();
  }
  return { ok: true, game };
}

/** The seats of the room's `record` as its `status` says they are held. */
function seatsOf(record: Game, status: RoomStatus): OnlineSeat[] {
  return record.setup.players.map((p, i) => {
    const st = status.seats.find((x) => x.seat === i);
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
      botTaken: st?.holder === 'bot' && record.setup.players.length > 0 && isTakeOver(record, i),
    };
  });
}

/** The clocks by seat as the room's `status` says, arrived at page time `at`; null: untimed. */
function clockOf(record: Game, status: RoomStatus, at: number): OnlineInfo['clock'] {
  const { clocks, serverTime } = status;
  if (!clocks) return null;
  const left = remainingAt({ ...clocks, at: record.length }, serverTime);
  const bySeat = record.players.map(() => 0);
  record.players.forEach((p, t) => (bySeat[p.setupIndex] = left[t] ?? 0));
  const running = clocks.running === null ? null : record.players[clocks.running].setupIndex;
  return { left: bySeat, running, at };
}

/** Whether a bot holds seat `i` by a take-over in the record (R11.3), not from the start. */
function isTakeOver(game: Game, i: number): boolean {
  const p = playerOfSeat(game, i);
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
