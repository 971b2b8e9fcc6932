/**
 * Quick pairing (issue 49 item 1): "Play online now" seats a player at the oldest waiting public
 * table of the format asked for, or opens one. Public tables are rooms of their own type
 * (PUBLIC_ROOM_NAME), matched by the Colyseus matchmaker on the format's fields (`size`, `clock`,
 * `rules`, each in one canonical spelling); private invite-link rooms (ROOM_NAME) are never
 * matched nor listed.
 *
 *   pair:  client.joinOrCreate(PUBLIC_ROOM_NAME, PairRequest)  → seated at a table (MSG.seated)
 *
 * After PAIRING.botsAfterMs at a table, every seated person may send MSG.botVote with a bot
 * level: once all of them have, the empty seats get bots of the LOWEST level chosen and the game
 * starts (nobody gets a stronger bot than they asked for).
 *
 * A format's rules name the optional rules only: the house rule Quiet shifts (R9.7) comes with the
 * table's size as in a new game set up without choices (on from four players), so that "standard"
 * is a size's default rules and the pools people meet in stay few.
 */
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  OPTION_NAMES,
  defaultOptions,
  type BotLevel,
  type OptionName,
  type Options,
} from '../core';
import type { ErrorMessage } from './protocol';
import { checkSize } from './validate';

/** The Colyseus room type of a public table. */
export const PUBLIC_ROOM_NAME = 'ndchess-table';

/** A public table seats at least three: two players are a private game. */
export const MIN_TABLE = Math.max(3, MIN_PLAYERS);
export const MAX_TABLE = MAX_PLAYERS;

/**
 * The clocks a public table may have (minutes per player + seconds a turn), or none: a few pools
 * rather than every possible time control, so that people asking for a game meet.
 */
export const PAIRING_CLOCKS = ['none', '3+2', '5+3', '10+5', '15+10'] as const;
export type PairingClock = (typeof PAIRING_CLOCKS)[number];

export const PAIRING = {
  /** How long a table waits before its players may start with bots, in ms. */
  botsAfterMs: 60_000,
  /** The size of a table opened for "any" size. */
  anySize: 3,
  /** Pairing requests one address may make a second on average, and in one burst. */
  pairsPerSecond: 1,
  pairBurst: 8,
  /** Waiting public tables one address may hold seats at, at once. */
  tablesPerAddress: 3,
} as const;

/** What "Play online now" asks for; the format fields are matched as they are written here. */
export interface PairRequest {
  /** 3–8 players; absent: any size (a new table is opened with PAIRING.anySize). */
  size?: number;
  clock: PairingClock;
  /** "standard", or the optional rules on, joined by "+" in TABLE_RULES order. */
  rules: string;
  /** The name the player sits down with. */
  name: string;
}

/** A table's format (the fields the matchmaker filters on). */
export type TableFormat = Required<Omit<PairRequest, 'name'>>;

/** Client → server: a seated person's level for the bots in the empty seats. */
export interface BotVoteMessage {
  level: BotLevel;
}

/**
 * The options a format's rules field may name: every one but the house rule Quiet shifts (R9.7),
 * which a table has when its size has it by default (tableOptions).
 */
export const TABLE_RULES: readonly OptionName[] = OPTION_NAMES.filter((name) => name !== 'quiet');

/** The canonical rules field of `options` ("standard" when no optional rule is on). */
export function rulesKey(options: Partial<Options>): string {
  const on = TABLE_RULES.filter((name) => options[name]);
  return on.length ? on.join('+') : 'standard';
}

/** The options of a rules field (the inverse of rulesKey). */
export function optionsOf(rules: string): Partial<Options> {
  if (rules === 'standard') return {};
  return Object.fromEntries(rules.split('+').map((name) => [name, true]));
}

/** The options a table of `format` is played with: its size's default ones and its rules field's. */
export const tableOptions = (format: Pick<TableFormat, 'size' | 'rules'>): Options => ({
  ...defaultOptions(format.size),
  ...optionsOf(format.rules),
});

/** The time control of a pairing clock, or null for none. */
export function timeControlOf(clock: PairingClock): { baseMs: number; incrementMs: number } | null {
  if (clock === 'none') return null;
  const [minutes, seconds] = clock.split('+').map(Number);
  return { baseMs: minutes * 60_000, incrementMs: seconds * 1000 };
}

type Read<T> = { ok: true; value: T } | { ok: false; error: ErrorMessage };
const badFormat = (message: string): Read<never> => ({
  ok: false,
  error: { code: 'bad-format', message },
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a pairing request: nothing else may come with it. */
const FIELDS = new Set(['size', 'clock', 'rules', 'name']);

/**
 * A pairing request from untrusted input: every field checked, in its one canonical spelling (the
 * matchmaker compares them as written). The name is read by the caller (readName).
 */
export function readPairFormat(v: unknown): Read<TableFormat | Omit<TableFormat, 'size'>> {
  if (!isObject(v)) return badFormat('a pairing request must be an object');
  const extra = Object.keys(v).find((k) => !FIELDS.has(k));
  if (extra !== undefined)
    return badFormat(`a pairing request has no field "${extra.slice(0, 24)}"`);
  const { size, clock, rules } = v;
  if (
    size !== undefined &&
    (typeof size !== 'number' || !Number.isInteger(size) || size < MIN_TABLE || size > MAX_TABLE)
  )
    return badFormat(`the table size must be ${MIN_TABLE}–${MAX_TABLE} players, or any`);
  if (!(PAIRING_CLOCKS as readonly unknown[]).includes(clock))
    return badFormat(`the clock must be one of ${PAIRING_CLOCKS.join(', ')}`);
  if (typeof rules !== 'string' || rules.length > 80 || rulesKey(optionsOf(rules)) !== rules)
    return badFormat(
      `the options must be "standard" or some of ${TABLE_RULES.join(', ')} joined by "+", in that order (Quiet shifts comes with the table's size: on from four players)`,
    );
  const format = { clock: clock as PairingClock, rules };
  return { ok: true, value: size === undefined ? format : { ...format, size: size as number } };
}

export function readBotVote(v: unknown): Read<BotVoteMessage> {
  const tooLarge = checkSize(v);
  if (tooLarge) return { ok: false, error: tooLarge };
  if (!isObject(v) || (v.level !== 1 && v.level !== 2 && v.level !== 3))
    return {
      ok: false,
      error: { code: 'malformed', message: 'a bot vote must be {"level": 1–3}' },
    };
  return { ok: true, value: { level: v.level } };
}
