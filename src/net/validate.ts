/**
 * Reading the protocol's messages from untrusted input: every field checked, sizes capped, the
 * first problem named in plain words. Nothing here throws.
 */
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  OPTION_NAMES,
  escapeText,
  readTimeControl,
  type BotLevel,
  type Game,
  type Options,
  type TimeControl,
} from '../core';
import {
  DEFAULT_GRACE_MS,
  LIMITS,
  type ActMessage,
  type AfterGrace,
  type ClaimMessage,
  type DrawMessage,
  type ErrorCode,
  type ErrorMessage,
  type FillMessage,
  type PlacementMode,
  type Read,
  type RoomSetup,
  type SeatSetup,
} from './protocol';
import { readName, uniqueName } from './names';

const good = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T = never>(code: ErrorCode, message: string): Read<T> => ({
  ok: false,
  error: { code, message },
});
const malformed = <T = never>(message: string): Read<T> => bad('malformed', message);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The size of a payload as JSON (characters), or Infinity when it cannot be written as JSON. */
export function payloadSize(payload: unknown): number {
  if (payload === undefined) return 0;
  try {
    return JSON.stringify(payload)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

/** A payload within LIMITS.message, or the error to send back. */
export function checkSize(payload: unknown): ErrorMessage | null {
  return payloadSize(payload) > LIMITS.message
    ? {
        code: 'too-large',
        message: `the message is too large (at most ${LIMITS.message} characters)`,
      }
    : null;
}

const isLevel = (v: unknown): v is BotLevel => v === 1 || v === 2 || v === 3;

function readSeatSetup(v: unknown, i: number): Read<SeatSetup> {
  if (isObject(v) && v.kind === 'open') return good({ kind: 'open' });
  if (isObject(v) && v.kind === 'bot' && isLevel(v.level))
    return good({ kind: 'bot', level: v.level });
  return malformed(`seat ${i + 1} must be {"kind": "open"} or {"kind": "bot", "level": 1–3}`);
}

function readAfterGrace(v: unknown): Read<AfterGrace> {
  if (isObject(v) && v.kind === 'eliminate') return good({ kind: 'eliminate' });
  if (isObject(v) && v.kind === 'bot' && isLevel(v.level))
    return good({ kind: 'bot', level: v.level });
  return malformed('"afterGrace" must be {"kind": "eliminate"} or {"kind": "bot", "level": 1–3}');
}

const PLACEMENTS: readonly PlacementMode[] = ['hand', 'balanced', 'random'];
const COLOUR_RE = /^#[0-9a-fA-F]{6}$/;

/**
 * A creator's room setup (CreateOptions.setup). Names follow readName; the core checks the rest
 * of the game setup again when the room makes its game.
 */
export function readRoomSetup(v: unknown): Read<RoomSetup> {
  if (checkSize(v)) return bad('too-large', 'the room setup is too large');
  if (!isObject(v)) return malformed('the room setup must be an object');
  const { players, seats, options = {}, placement, timeControl = null, graceMs, afterGrace } = v;
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    return malformed(`"players" must list ${MIN_PLAYERS}–${MAX_PLAYERS} players`);
  const list: RoomSetup['players'] = [];
  for (const [i, p] of players.entries()) {
    if (!isObject(p))
      return malformed(`player ${i + 1} must be an object with a name and a colour`);
    const name = readName(p.name);
    if (!name.ok) return bad(name.error.code, `player ${i + 1}: ${name.error.message}`);
    if (typeof p.colour !== 'string' || !COLOUR_RE.test(p.colour))
      return malformed(`player ${i + 1}: the colour must be like "#e53935"`);
    const unique = uniqueName(
      name.value,
      list.map((x) => x.name),
    );
    list.push({ name: unique, colour: p.colour.toLowerCase() });
  }
  if (!Array.isArray(seats) || seats.length !== list.length)
    return malformed(`"seats" must list ${list.length} seats, one per player`);
  const seatList: SeatSetup[] = [];
  for (const [i, s] of seats.entries()) {
    const seat = readSeatSetup(s, i);
    if (!seat.ok) return seat;
    seatList.push(seat.value);
  }
  if (!isObject(options)) return malformed('"options" must be an object');
  const opts: Partial<Options> = {};
  for (const [key, value] of Object.entries(options)) {
    if (!(OPTION_NAMES as readonly string[]).includes(key) || typeof value !== 'boolean')
      return malformed(`"options" may only switch ${OPTION_NAMES.join(', ')} on or off`);
    opts[key as keyof Options] = value;
  }
  if (!PLACEMENTS.includes(placement as PlacementMode))
    return malformed(`"placement" must be one of ${PLACEMENTS.join(', ')}`);
  let control: TimeControl | null = null;
  if (timeControl !== null) {
    const read = readTimeControl(timeControl);
    if (!read.ok) return malformed(read.error.message);
    control = read.value;
  }
  const grace = graceMs ?? DEFAULT_GRACE_MS;
  if (
    typeof grace !== 'number' ||
    !Number.isInteger(grace) ||
    grace < LIMITS.graceMinMs ||
    grace > LIMITS.graceMaxMs
  )
    return malformed(
      `"graceMs" must be whole milliseconds from ${LIMITS.graceMinMs} to ${LIMITS.graceMaxMs}`,
    );
  const after = readAfterGrace(afterGrace);
  if (!after.ok) return after;
  return good({
    players: list,
    seats: seatList,
    options: opts,
    placement: placement as PlacementMode,
    timeControl: control,
    graceMs: grace,
    afterGrace: after.value,
  });
}

/** A token (seat or host): a short text of URL-safe characters, or null. */
export function readToken(v: unknown): string | null {
  return typeof v === 'string' && v.length <= LIMITS.token && /^[A-Za-z0-9_-]+$/.test(v) ? v : null;
}

export function readClaim(v: unknown): Read<ClaimMessage> {
  if (checkSize(v)) return { ok: false, error: checkSize(v)! };
  if (!isObject(v) || !Number.isInteger(v.seat))
    return malformed('a claim must name a seat by its number: {"seat": 0, "name": "Ada"}');
  const name = readName(v.name);
  if (!name.ok) return name;
  return good({ seat: v.seat as number, name: name.value });
}

export function readAct(v: unknown): Read<ActMessage> {
  if (checkSize(v)) return { ok: false, error: checkSize(v)! };
  if (
    !isObject(v) ||
    typeof v.action !== 'string' ||
    !Number.isInteger(v.ply) ||
    (v.ply as number) < 0
  )
    return malformed('an action must be {"action": "AB:e2-e4", "ply": 12}');
  if (v.action.length > LIMITS.action)
    return bad('too-large', `an action's text has at most ${LIMITS.action} characters`);
  return good({ action: v.action, ply: v.ply as number });
}

const DRAW_ANSWERS: readonly string[] = ['offer', 'accept', 'decline'];

export function readDraw(v: unknown): Read<DrawMessage> {
  if (checkSize(v)) return { ok: false, error: checkSize(v)! };
  if (
    !isObject(v) ||
    typeof v.answer !== 'string' ||
    !DRAW_ANSWERS.includes(v.answer) ||
    !Number.isInteger(v.ply) ||
    (v.ply as number) < 0
  )
    return malformed(
      'a draw message must be {"answer": "offer" | "accept" | "decline", "ply": 12}',
    );
  return good({ answer: v.answer as DrawMessage['answer'], ply: v.ply as number });
}

export function readFill(v: unknown): Read<FillMessage> {
  if (checkSize(v)) return { ok: false, error: checkSize(v)! };
  const token = isObject(v) ? readToken(v.hostToken) : null;
  if (!isObject(v) || !isLevel(v.level) || token === null)
    return malformed('a fill must be {"level": 1–3, "hostToken": "…"}');
  return good({ level: v.level, hostToken: token });
}

/** Words about a refused text, safe to show (escaped and cut short). */
export const shown = (text: string): string => escapeText(text, 40);

/**
 * The position hash that server and clients compare after each action: the Zobrist hash of the
 * position after the record's actions, as 16 hex digits.
 */
export function positionHash(game: Game): string {
  const pos = game.position;
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(pos.hashHi) + hex(pos.hashLo);
}
