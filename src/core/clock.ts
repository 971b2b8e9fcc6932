/**
 * Game clocks (R11.1), pure: small immutable JSON objects, and the time always passed in (ms
 * on the caller's clock; nothing here reads the time). Players are turn-order indices (label
 * LABELS[i]), like Game.players. Only the clock of the player to move runs; a player's
 * increment is added when one of their turns ends (a placement, a move, a pass, a flight
 * choice; a whole Hyperspace turn once), as Game.turnEndedBy tells.
 */
import type { Game } from './game';
import { LABELS } from './geometry';
import { OVER } from './position';
import { InvariantError, fail, ok, type Result } from './types';

/** Every player's base time, and the increment added at the end of each of their turns. */
export interface TimeControl {
  readonly baseMs: number;
  readonly incrementMs: number;
}

/** The clocks of a game: plain data, to send to clients as it is. */
export interface Clocks {
  readonly control: TimeControl;
  /** Time left per player (turn order) at `since`; the running clock has used none of it yet. */
  readonly remainingMs: readonly number[];
  /** The player whose clock runs (the player to move), or null (the game is over). */
  readonly running: number | null;
  /** When the running clock last started, or when the clocks were last brought up to date. */
  readonly since: number;
  /** How many of the record's actions the clocks have accounted for (Game.length). */
  readonly at: number;
}

/** Whose flag has fallen by a moment, and when the running flag falls. */
export interface FlagFall {
  /** The running player, if their time is up; null otherwise. */
  fallen: number | null;
  /** When the running clock reaches zero (null when none runs): one timer suffices. */
  fallsAt: number | null;
}

const LONGEST_MS = 24 * 60 * 60 * 1000;

/** A time control read from untrusted input (room settings): whole ms, base 1 s–24 h, increment 0–1 h. */
export function readTimeControl(v: unknown): Result<TimeControl> {
  const { baseMs, incrementMs } = (typeof v === 'object' && v !== null ? v : {}) as Record<
    string,
    unknown
  >;
  const whole = (x: unknown, lo: number, hi: number): x is number =>
    typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;
  if (!whole(baseMs, 1000, LONGEST_MS))
    return fail('bad-setup', 'time control: "baseMs" must be whole milliseconds, 1 s to 24 h');
  if (!whole(incrementMs, 0, 60 * 60 * 1000))
    return fail('bad-setup', 'time control: "incrementMs" must be whole milliseconds, 0 to 1 h');
  return ok({ baseMs, incrementMs });
}

/** The player to move in `game`, or null when it is over. */
const moverOf = (game: Game): number | null =>
  game.position.phase === OVER ? null : game.position.turn;

/** Fresh clocks for `game` at `now`: every player has the base time; the mover's clock runs. */
export function startClocks(control: TimeControl, game: Game, now: number): Clocks {
  if (!readTimeControl(control).ok)
    throw new InvariantError(`startClocks: bad time control ${JSON.stringify(control)}`);
  return {
    control: { baseMs: control.baseMs, incrementMs: control.incrementMs },
    remainingMs: game.players.map(() => control.baseMs),
    running: moverOf(game),
    since: now,
    at: game.length,
  };
}

/** Time left per player at `now` (the running clock counted down, never below 0). */
export function remainingAt(clocks: Clocks, now: number): number[] {
  return clocks.remainingMs.map((ms, p) =>
    p === clocks.running ? Math.max(0, ms - Math.max(0, now - clocks.since)) : ms,
  );
}

/**
 * The clocks after the actions `game` has beyond clocks.at, played at `now`: the running clock
 * is charged the time since it started, each turn that ended earns its player the increment
 * (not an eliminated one), and the new mover's clock starts. The clocks must belong to `game`
 * (the same record, up to clocks.at). Check flagFall before accepting an action.
 */
export function clocksAfter(clocks: Clocks, game: Game, now: number): Clocks {
  if (game.length < clocks.at || game.players.length !== clocks.remainingMs.length)
    throw new InvariantError('clocksAfter: the clocks are not of this game');
  const remaining = remainingAt(clocks, now);
  const left = game.status().players;
  for (let k = clocks.at + 1; k <= game.length; k++) {
    const ended = game.turnEndedBy(k);
    const p = ended === null ? -1 : LABELS.indexOf(ended);
    if (p >= 0 && left[p].state !== 'eliminated') remaining[p] += clocks.control.incrementMs;
  }
  return {
    control: clocks.control,
    remainingMs: remaining,
    running: moverOf(game),
    since: now,
    at: game.length,
  };
}

/** Whose flag has fallen by `now` (R11.2: record `timeout X` for them) and when the next falls. */
export function flagFall(clocks: Clocks, now: number): FlagFall {
  if (clocks.running === null) return { fallen: null, fallsAt: null };
  const fallsAt = clocks.since + clocks.remainingMs[clocks.running];
  return { fallen: now >= fallsAt ? clocks.running : null, fallsAt };
}
