/**
 * The room's messages as this page reads and writes them. Until the protocol of src/net
 * exists this module states what the client expects; once it does, these names come from it.
 */
import type { Game, GameSetup } from '../core';
import type { Presence, RoomSettings } from './onlineState';

export const ROOM_NAME = 'game';
export const MAX_NAME = 24;

/** Client → room. */
export const ACTION = 'action';
export const ASK_RECORD = 'record?';
export const CLAIM = 'claim';
export const FILL_BOT = 'bot';

/** Room → client. */
export const WELCOME = 'welcome';
export const SEATS = 'seats';
export const RECORD = 'record';
export const ACCEPTED = 'accepted';
export const CLOCK = 'clock';
export const ERROR = 'error';
export const TAKEN_OVER = 'taken-over';

export type SeatRequest = { kind: 'open' } | { kind: 'bot'; level: number };

export interface SeatData {
  name: string;
  colour: string;
  kind: 'open' | 'human' | 'bot';
  level?: number;
  presence?: Presence;
  botTaken?: boolean;
}

export interface RecordData {
  setup: GameSetup;
  actions: string[];
}

export interface ClockMessage {
  left: number[];
  running: number | null;
}

export interface Welcome {
  seat: number | null;
  token?: string;
  creator?: boolean;
  seats: SeatData[];
  settings: RoomSettings;
  started: boolean;
  record?: RecordData;
  clock?: ClockMessage | null;
}

export interface SeatsUpdate {
  seats: SeatData[];
  started: boolean;
  seat?: number | null;
  token?: string;
  record?: RecordData;
}

export interface RecordMessage {
  record: RecordData;
  seats: SeatData[];
}

export interface Accepted {
  ply: number;
  text: string;
  hash: string;
  clock?: ClockMessage | null;
}

export interface ErrorMessage {
  message: string;
}

export function createOptions(
  setup: GameSetup,
  seats: SeatRequest[],
  settings: RoomSettings,
  seat: number,
) {
  return { setup, seats, settings, seat, name: setup.players[seat]?.name ?? '' };
}

export function joinOptions(token: string | null, takeOver: boolean) {
  return token ? { token, takeOver } : {};
}

/** The position's hash as the room words it: the record's actions (same core, same record). */
export function hashOf(game: Game): string {
  return `${game.length}:${game.actions.at(-1) ?? ''}`;
}
