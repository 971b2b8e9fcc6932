/**
 * This page in an online room: creating one, opening an invite link, claiming a seat, filling
 * seats with bots, leaving; and the room's messages turned into the store's state (`online`, the
 * record through a remote source). The page's store switches its record source to the room's
 * while a room is open, and back to the local one when it is left.
 *
 * The connection is a colyseus.js client (0.16) to the game server at the page's own address.
 * What the room says and is told is the protocol of src/net (see `wire` below).
 */
import { Client, type Room } from 'colyseus.js';
import { create } from 'zustand';
import { Game } from '../core';
import { botLevel, toSetup, type BotLevel, type GameConfig } from './config';
import type { OnlineInfo, OnlineSeat, RoomSettings } from './onlineState';
import { remoteSource, type RemoteSource } from './remoteSource';
import { forgetSeat, readSeat, writeSeat } from './seatTokens';
import { localSource } from './source';
import { pageSource, useGame } from './store';
import * as wire from './wire';

/** The longest name a player may claim a seat with. */
export const MAX_NAME = wire.MAX_NAME;

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

/** Create a room from the setup screen's `config` and `settings`; this page takes the first human seat. */
export async function createRoom(config: GameConfig, settings: RoomSettings): Promise<void> {
  const mine = config.players.findIndex((p) => botLevel(p) === null);
  if (mine < 0) return say('An online game needs at least one human seat.');
  useRoomUi.setState({ busy: true });
  try {
    const client = new Client(serverUrl());
    const room = await client.create(
      wire.ROOM_NAME,
      wire.createOptions(toSetup(config), seatsOfConfig(config), settings, mine),
    );
    history.replaceState(null, '', inviteLink(room.roomId));
    attach(room, true);
  } catch (e) {
    say(`The online game could not be created: ${why(e)}. Your setup is kept.`);
  } finally {
    useRoomUi.setState({ busy: false });
  }
}

const seatsOfConfig = (config: GameConfig): wire.SeatRequest[] =>
  config.players.map((p) => {
    const level = botLevel(p);
    return level === null ? { kind: 'open' } : { kind: 'bot', level };
  });

/** Open the room of an invite link: with this device's seat token the seat is taken back. */
export async function openRoom(roomId: string): Promise<void> {
  useRoomUi.setState({ busy: true });
  const stored = readSeat(roomId);
  if (!stored.ok) say(stored.error);
  const seat = stored.ok ? stored.value : null;
  const client = new Client(serverUrl());
  try {
    const room = await client.joinById(roomId, wire.joinOptions(seat?.token ?? null, false));
    attach(room, false);
  } catch (e) {
    useGame.setState({ screen: 'setup' });
    say(`The online game ${roomId} could not be opened: ${why(e)}.`);
  } finally {
    useRoomUi.setState({ busy: false });
  }
}

/** Take this device's seat back from another tab that holds it. */
export async function takeOverSeat(): Promise<void> {
  if (!open) return;
  const { roomId } = open;
  const stored = readSeat(roomId);
  if (!stored.ok || !stored.value) return say('This browser holds no seat in this game.');
  const old = open;
  detach();
  await old.room.leave(true).catch(() => undefined);
  try {
    const room = await new Client(serverUrl()).joinById(
      roomId,
      wire.joinOptions(stored.value.token, true),
    );
    attach(room, false);
  } catch (e) {
    say(`Your seat could not be taken back: ${why(e)}.`);
  }
}

export function claimSeat(seat: number, name: string): void {
  open?.room.send(wire.CLAIM, { seat, name: name.slice(0, MAX_NAME) });
}

export function fillWithBot(seat: number, level: BotLevel): void {
  open?.room.send(wire.FILL_BOT, { seat, level });
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

function detach() {
  open?.room.removeAllListeners();
  open = null;
}

/** Listen to `room`: its messages become the store's state. */
function attach(room: Room, creator: boolean) {
  const source = remoteSource(
    {
      sendAction: (ply, text) => room.send(wire.ACTION, { ply, text }),
      askRecord: () => room.send(wire.ASK_RECORD, {}),
    },
    wire.hashOf,
  );
  open = { room, source, roomId: room.roomId };
  pageSource.use(source);
  let started = false;

  room.onMessage(wire.WELCOME, (msg: wire.Welcome) => {
    const seat = msg.seat ?? null;
    if (seat !== null && msg.token)
      writeSeat(room.roomId, { seat, token: msg.token, reconnection: room.reconnectionToken });
    const online: OnlineInfo = {
      roomId: room.roomId,
      invite: inviteLink(room.roomId),
      seat,
      creator: creator || !!msg.creator,
      seats: msg.seats.map(seatOf),
      settings: msg.settings,
      clock: clockOf(msg.clock),
      connection: 'open',
      started: msg.started,
      takenOver: false,
    };
    useGame.setState({ online, screen: msg.started ? 'game' : 'lobby' });
    showRecord(msg.record, msg.seats);
    started = msg.started;
  });
  room.onMessage(wire.SEATS, (msg: wire.SeatsUpdate) => {
    patchOnline({
      seats: msg.seats.map(seatOf),
      started: msg.started,
      ...(msg.seat !== undefined ? { seat: msg.seat } : {}),
    });
    if (msg.seat !== undefined && msg.seat !== null && msg.token)
      writeSeat(room.roomId, {
        seat: msg.seat,
        token: msg.token,
        reconnection: room.reconnectionToken,
      });
    if (msg.started && !started) {
      started = true;
      useGame.setState({ screen: 'game' });
      if (msg.record) showRecord(msg.record, msg.seats);
    }
  });
  room.onMessage(wire.RECORD, (msg: wire.RecordMessage) => showRecord(msg.record, msg.seats));
  room.onMessage(wire.ACCEPTED, (msg: wire.Accepted) => {
    source.accepted(msg.ply, msg.text, msg.hash);
    if (msg.clock) patchOnline({ clock: clockOf(msg.clock) });
  });
  room.onMessage(wire.CLOCK, (msg: wire.ClockMessage) => patchOnline({ clock: clockOf(msg) }));
  room.onMessage(wire.ERROR, (msg: wire.ErrorMessage) => say(msg.message));
  room.onMessage(wire.TAKEN_OVER, () => {
    patchOnline({ takenOver: true });
    say('Your seat is now played in another tab of this browser; this one only watches.', 'info');
  });
  room.onLeave((code) => {
    if (open?.room !== room) return;
    patchOnline({ connection: 'reconnecting' });
    void reconnect(room.roomId, code);
  });
  room.onError((_code, message) =>
    say(`The online game reported an error: ${message ?? 'unknown'}`),
  );

  /** The room's record (setup + actions, R10) shown through the remote source. */
  function showRecord(record: wire.RecordData | undefined, seats: wire.SeatData[]) {
    if (!record) return;
    const created = Game.create(record.setup);
    if (!created.ok) return say(`The room's setup is not valid here: ${created.error.message}`);
    let game = created.value;
    for (const [i, text] of record.actions.entries()) {
      const next = game.play(text);
      if (!next.ok)
        return say(
          `Action ${i + 1} of the room's record (${text}) does not play here: ${next.error.message}`,
        );
      game = next.value;
    }
    const config: GameConfig = {
      players: record.setup.players.map((p, i) => {
        const s = seats[i];
        return s?.kind === 'bot'
          ? { ...p, kind: 'bot' as const, level: (s.level ?? 1) as BotLevel }
          : { ...p, name: s?.name || p.name, kind: 'human' as const };
      }),
      seed: record.setup.seed,
      placement: 'hand',
      options: { ...game.setup.options },
    };
    if (useGame.getState().screen === 'game' || started)
      useGame.getState().openRemote(game, config);
    source.record(game);
  }
}

/** The connection dropped: Colyseus's reconnection first, then the seat token, a few times. */
async function reconnect(roomId: string, code: number): Promise<void> {
  // 1000: the room closed the connection on purpose (the game ended and the room is gone).
  if (code === 1000 || code === 4000) {
    patchOnline({ connection: 'closed' });
    return;
  }
  const stored = readSeat(roomId);
  const seat = stored.ok ? stored.value : null;
  for (let attempt = 0; attempt < 8 && open?.roomId === roomId; attempt++) {
    await new Promise((r) => setTimeout(r, Math.min(500 * 2 ** attempt, 8000)));
    if (open?.roomId !== roomId) return;
    try {
      const client = new Client(serverUrl());
      const room = seat?.reconnection
        ? await client
            .reconnect(seat.reconnection)
            .catch(() => client.joinById(roomId, wire.joinOptions(seat.token, false)))
        : await client.joinById(roomId, wire.joinOptions(seat?.token ?? null, false));
      detach();
      attach(room, useGame.getState().online?.creator ?? false);
      return;
    } catch {
      // The server is not back yet: try again later.
    }
  }
  if (open?.roomId === roomId) {
    patchOnline({ connection: 'closed' });
    say('The connection to the online game is lost. Reload the page to try again.');
  }
}

function seatOf(s: wire.SeatData): OnlineSeat {
  return {
    name: s.name,
    colour: s.colour,
    holder: s.kind,
    level: s.kind === 'bot' ? ((s.level ?? 1) as BotLevel) : null,
    presence: s.kind === 'human' ? (s.presence ?? 'connected') : null,
    botTaken: !!s.botTaken,
  };
}

function clockOf(c: wire.ClockMessage | null | undefined) {
  return c ? { left: [...c.left], running: c.running, at: performance.now() } : null;
}

/** Forget this device's seat in `roomId` (the game is over and left). */
export function forgetRoom(roomId: string): void {
  forgetSeat(roomId);
}
