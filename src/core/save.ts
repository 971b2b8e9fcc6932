/**
 * Saved games (R10.1): JSON with a format version, the setup, who sits at each seat and the
 * action list. Version 2 added the seats; version 1 files still load, their seats unknown.
 */
import { Game } from './game';
import { escapeText, quote } from './quote';
import type { GameSetup } from './setup';
import { InvariantError, fail, ok, type Result, type SavedSeat } from './types';

export const SAVE_FORMAT = 'n-dimensional-chess';
export const SAVE_VERSION = 2;
/** The versions loadGame reads: 1 (no seats) and the current one. */
export const SAVE_VERSIONS: readonly number[] = [1, SAVE_VERSION];

export interface SaveFile {
  format: typeof SAVE_FORMAT;
  version: typeof SAVE_VERSION;
  setup: GameSetup;
  /** One per setup.players entry, in the same order; absent when the saver did not know them. */
  seats?: SavedSeat[];
  /** Hints used by each setup.players entry, in the same order; absent when none were counted. */
  hints?: number[];
  actions: string[];
}

/** A loaded game with its seats; `seats` is null when the file does not record them. */
export interface LoadedGame {
  game: Game;
  seats: SavedSeat[] | null;
  /** Hints used per player (setup order); null when the file counts none. */
  hints: number[] | null;
  /** The file's version (1 or 2). */
  version: number;
}

/**
 * The saved form of a game; `seats` (one per setup.players entry, in that order) says who
 * plays each. Without seats the file records none, and loading reports them as unknown.
 * Seats that do not match the players, or a game set up from a position (Game.fromPosition,
 * whose record alone does not rebuild it), are a programmer error (InvariantError).
 */
export function saveGame(
  game: Game,
  seats?: readonly SavedSeat[],
  hints?: readonly number[],
): SaveFile {
  if (game.fromPosition)
    throw new InvariantError('saveGame: a game set up from a position has no saved form');
  const file: SaveFile = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    setup: { players: game.setup.players, seed: game.setup.seed, options: game.setup.options },
    actions: [...game.actions],
  };
  if (seats) {
    if (seats.length !== game.setup.players.length || seats.some((s) => readSeat(s) === null))
      throw new InvariantError(
        `saveGame: ${game.setup.players.length} seats expected, each human or bot 1–3`,
      );
    file.seats = seats.map((s) => readSeat(s)!);
  }
  if (hints) {
    if (hints.length !== game.setup.players.length || !hints.every(isCount))
      throw new InvariantError(
        `saveGame: ${game.setup.players.length} hint counts expected, each a whole number from 0`,
      );
    file.hints = [...hints];
  }
  return file;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A seat as saved (a fresh copy), or null when `v` is not one. */
function readSeat(v: unknown): SavedSeat | null {
  if (typeof v !== 'object' || v === null) return null;
  const { kind, level } = v as Record<string, unknown>;
  if (kind === 'human') return { kind };
  if (kind === 'bot' && (level === 1 || level === 2 || level === 3)) return { kind, level };
  return null;
}

/**
 * Load a saved game (its JSON text or parsed object): check the fields and replay every action
 * through the rules. The first bad field or action is named in the error; nothing half-loads,
 * and no input makes it throw.
 */
export function loadSavedGame(input: unknown): Result<LoadedGame> {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (e) {
      return fail(
        'bad-save',
        `saved game is not valid JSON: ${escapeText((e as Error).message, 80)}`,
      );
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('bad-save', 'saved game must be a JSON object');
  const { format, version, setup, seats, hints, actions } = data as Record<string, unknown>;
  if (format !== SAVE_FORMAT)
    return fail('bad-save', `saved game: "format" must be "${SAVE_FORMAT}", got ${quote(format)}`);
  if (typeof version !== 'number' || !SAVE_VERSIONS.includes(version))
    return fail(
      'wrong-version',
      `saved game: version ${quote(version)} is not supported (this game reads versions ${SAVE_VERSIONS.join(' and ')})`,
    );
  const created = Game.create(setup as GameSetup);
  if (!created.ok) return fail('bad-save', `saved game: setup: ${created.error.message}`);
  let game = created.value;
  const readSeats = version === 1 ? null : seatsOf(seats, game.setup.players.length);
  if (readSeats && !readSeats.ok) return readSeats;
  const readHints = hintsOf(hints, game.setup.players.length);
  if (!readHints.ok) return readHints;
  if (!Array.isArray(actions))
    return fail('bad-save', 'saved game: "actions" must be a list of texts');
  for (const [i, text] of actions.entries()) {
    if (typeof text !== 'string')
      return fail('bad-save', `saved game: action ${i + 1} must be a text, got ${quote(text)}`);
    const next = game.play(text);
    if (!next.ok)
      return fail(
        'bad-save',
        `saved game: action ${i + 1} (${escapeText(text)}): ${next.error.message}`,
      );
    game = next.value;
  }
  return ok({ game, seats: readSeats?.value ?? null, hints: readHints.value, version });
}

/** The seats of a version-2 file: absent (null), or one valid seat per player. */
function seatsOf(seats: unknown, players: number): Result<SavedSeat[] | null> {
  if (seats === undefined) return ok(null);
  if (!Array.isArray(seats) || seats.length !== players)
    return fail('bad-save', `saved game: "seats" must list ${players} seats, one per player`);
  const list: SavedSeat[] = [];
  for (const [i, s] of seats.entries()) {
    const seat = readSeat(s);
    if (!seat)
      return fail(
        'bad-save',
        `saved game: seats[${i}] must be {"kind": "human"} or {"kind": "bot", "level": 1–3}`,
      );
    list.push(seat);
  }
  return ok(list);
}

/** The hints used per player: absent (null), or one whole number from 0 per player. */
function hintsOf(hints: unknown, players: number): Result<number[] | null> {
  if (hints === undefined) return ok(null);
  const what = `saved game: "hints" must list ${players} counts of hints used, one per player`;
  if (!Array.isArray(hints) || hints.length !== players) return fail('bad-save', what);
  const i = hints.findIndex((h) => !isCount(h));
  if (i >= 0)
    return fail(
      'bad-save',
      `${what}: hints[${i}] is ${quote(hints[i])}, not a whole number from 0`,
    );
  return ok([...(hints as number[])]);
}

/** Load a saved game, without its seats (see loadSavedGame). */
export function loadGame(input: unknown): Result<Game> {
  const loaded = loadSavedGame(input);
  return loaded.ok ? ok(loaded.value.game) : loaded;
}
