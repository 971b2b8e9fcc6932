/**
 * What the page knows about the online room its game is played in: the seats and who holds
 * them, this device's seat, the connection and the clocks. The online client (onlineClient.ts)
 * writes it into the store's `online` field; the HUD, the lobby and the interaction read it.
 */
import { OVER, type Game } from '../core';
import type { DrawOfferStatus } from '../net';
import { ONLINE_BLOCK_TEXT, type RoomTerms } from '../text';
import type { BotLevel } from '../store/config';

/** How a seat is held: waiting for a player, by a person, or by a bot (set up, or after grace). */
export type SeatHolder = 'open' | 'human' | 'bot';

/** Whether a seated person is here: connected, gone but within the grace period, or gone. */
export type Presence = 'connected' | 'reconnecting' | 'away';

export interface OnlineSeat {
  /** The player's name as claimed (shown as text), or the setup's name while open. */
  name: string;
  colour: string;
  holder: SeatHolder;
  /** A bot seat's level. */
  level: BotLevel | null;
  /** A person's presence (null for open and bot seats). */
  presence: Presence | null;
  /** The seat was a person's and a bot took it after the grace period. */
  botTaken: boolean;
}

/**
 * The clocks as the room last said: each seat's time left (ms) when the message was sent, and
 * whose clock runs. `at` is this page's clock (performance.now) when it arrived, so the shown
 * time of the running clock is `left - (now - at)`. A timed game on this device shows its
 * clocks in the same form (slices/clocks.ts, seatClocks).
 */
export interface OnlineClock {
  left: number[];
  running: number | null;
  at: number;
}

/** What happens to a seat whose player stays away past the grace period (R11). */
export type AfterGrace = { kind: 'bot'; level: BotLevel } | { kind: 'eliminate' };

/** The room's settings besides the game's setup and its clocks (GameConfig.timeControl). */
export interface RoomSettings {
  /** Seconds a disconnected player keeps the seat. */
  graceSeconds: number;
  afterGrace: AfterGrace;
}

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface OnlineInfo {
  roomId: string;
  /** The link that opens the room (…?room=<id>). */
  invite: string;
  /** This device's seat (setup index), or null: watching. */
  seat: number | null;
  /** This device made the room: its host token lets it fill the open seats with bots. */
  hostToken: string | null;
  seats: OnlineSeat[];
  clock: OnlineClock | null;
  connection: Connection;
  /** The room's terms (clocks, grace period, options), from its record; null until it came. */
  terms: RoomTerms | null;
  /** Whether every seat is filled and the game runs (else the lobby shows). */
  started: boolean;
  /** Saving failed on the server: the game is paused (no one moves) until it can be saved. */
  paused: boolean;
  /** Another tab of this device took the seat over: this one only watches now. */
  takenOver: boolean;
  /** The draw offer standing in the room's position (seats in setup order), or null. */
  drawOffer?: DrawOfferStatus | null;
  /** The finished game's permanent replay id, once the room keeps it (issue #47 item 4). */
  replay?: string | null;
  /** A public table's wait (quick pairing), in this page's time; null for a private room. */
  pairing?: PairingWait | null;
}

/**
 * A public table's wait (the room's PairingStatus) with its times on this page's clock
 * (performance.now), so that the wait screen counts without asking the server.
 */
export interface PairingWait {
  openedAt: number;
  botsFrom: number;
  seatedAt: (number | null)[];
  votes: (BotLevel | null)[];
}

/** Time left on `seat`'s clock at page time `now` (ms, not below 0). */
export function clockLeft(clock: OnlineClock, seat: number, now: number): number {
  const left = clock.left[seat] ?? 0;
  return Math.max(0, clock.running === seat ? left - (now - clock.at) : left);
}

/** A clock's time as players read it: "4:05", "0:09.4" under ten seconds, "1:02:00" over an hour. */
export function clockText(ms: number): string {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Under this much time a clock is shown as running low. */
export const LOW_TIME_MS = 20_000;

/**
 * Why this device may not act in the online game shown, in words (onlineBlockReason), or null
 * when it may: a spectator watches, the game has not started, the connection is down, the record shown is not the
 * latest, saving failed on the server (paused), or another seat is to move.
 */
export function onlineBlock(online: OnlineInfo, game: Game | null, cursor: number): string | null {
  const reason = onlineBlockReason(online, game, cursor);
  if (reason === null) return null;
  return reason === 'turnOf'
    ? ONLINE_BLOCK_TEXT.turnOf(game!.players[game!.position.turn]?.name)
    : ONLINE_BLOCK_TEXT[reason];
}

/** Why the room refuses this device's input now (a key of ONLINE_BLOCK_TEXT), or null. */
export function onlineBlockReason(
  online: OnlineInfo,
  game: Game | null,
  cursor: number,
): keyof typeof ONLINE_BLOCK_TEXT | null {
  if (online.takenOver) return 'takenOver';
  if (online.seat === null) return 'watching';
  if (!online.started) return 'notStarted';
  if (online.connection !== 'open') return 'reconnecting';
  if (online.paused) return 'paused';
  if (!game) return 'notArrived';
  if (cursor !== game.length) return 'earlier';
  if (game.position.phase === OVER) return 'over';
  if (game.players[game.position.turn]?.setupIndex !== online.seat) return 'turnOf';
  return null;
}

/** The player (turn-order index) of `game` who sits in online seat `seat` (setup index), or -1. */
export function playerOfSeat(game: Game, seat: number | null): number {
  return seat === null ? -1 : game.players.findIndex((p) => p.setupIndex === seat);
}
