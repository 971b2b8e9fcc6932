/** A new game's starting position from its setup: players, turn order, seats, kings (R1, R2). */
import { MAX_PLAYERS, MIN_PLAYERS } from './geometry';
import { ALL_NON_KING, HOME_ROLES, HOME_SQUARES, KING_PIECE } from './move';
import { PLACEMENT, PLAY, Position, S_PHASE } from './position';
import { fieldPath, quote } from './quote';
import { createRng, shuffled } from './random';
import { settle } from './afterAction';
import {
  NO_OPTIONS,
  OPTION_NAMES,
  fail,
  ok,
  type Options,
  type PlayerSetup,
  type Result,
} from './types';

export interface GameSetup {
  /** Players in the order they were entered; turn order is drawn from the seed (R1.2). */
  players: PlayerSetup[];
  seed: string;
  options?: Partial<Options>;
}

/** A checked setup, with every option given. */
export interface NormalizedSetup {
  players: PlayerSetup[];
  seed: string;
  options: Options;
}

const COLOUR_RE = /^#[0-9a-fA-F]{6}$/;

/** Check a setup and fill in defaults, or say what is wrong with it. */
export function normalizeSetup(input: unknown): Result<NormalizedSetup> {
  const bad = (message: string) => fail<NormalizedSetup>('bad-setup', message);
  if (typeof input !== 'object' || input === null) return bad('setup must be an object');
  const { players, seed, options = {} } = input as Record<string, unknown>;
  if (!Array.isArray(players)) return bad('setup.players must be a list');
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    return bad(
      `setup.players must list ${MIN_PLAYERS}–${MAX_PLAYERS} players, got ${players.length}`,
    );
  const list: PlayerSetup[] = [];
  for (const [i, pl] of players.entries()) {
    const { name, colour } = (pl ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim() || name.length > 40)
      return bad(`setup.players[${i}].name must be a text of 1–40 characters`);
    if (typeof colour !== 'string' || !COLOUR_RE.test(colour))
      return bad(
        `setup.players[${i}].colour must be a colour like "#e53935", got ${quote(colour)}`,
      );
    list.push({ name: name.trim(), colour: colour.toLowerCase() });
  }
  if (typeof seed !== 'string' || seed.length > 100)
    return bad('setup.seed must be a text of at most 100 characters');
  if (typeof options !== 'object' || options === null)
    return bad('setup.options must be an object');
  const opts: Options = { ...NO_OPTIONS };
  for (const [key, value] of Object.entries(options)) {
    if (!(OPTION_NAMES as readonly string[]).includes(key))
      return bad(
        `${fieldPath('setup.options', key)} is not an option (known: ${OPTION_NAMES.join(', ')})`,
      );
    if (typeof value !== 'boolean')
      return bad(`${fieldPath('setup.options', key)} must be true or false`);
    opts[key as keyof Options] = value;
  }
  return ok({ players: list, seed, options: opts });
}

/**
 * Setup indices in turn order: a seeded random permutation (R1.2); under Shade Order, lightest
 * colour first, the random draw breaking ties (R9.5).
 */
export function turnOrder(setup: NormalizedSetup): number[] {
  const drawn = shuffled(
    setup.players.map((_, i) => i),
    createRng(`${setup.seed}:order`),
  );
  if (!setup.options.shade) return drawn;
  const lum = setup.players.map((p) => relativeLuminance(p.colour));
  return drawn.sort((a, b) => lum[b] - lum[a]);
}

/** WCAG 2 relative luminance of an sRGB colour "#rrggbb". */
export function relativeLuminance(colour: string): number {
  const channel = (i: number) => {
    const c = parseInt(colour.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * The starting position: kings on relative e1 of every board (R2.2), all other pieces unplaced
 * (R2.3). Two players play standard chess from the standard position (R1.1).
 */
export function startPosition(players: number, options: Options): Position {
  const pos = new Position(players, options);
  // Cowardly Kings: the king is placed like a piece, on one board (R9.3).
  const placedKing = options.cowardly && players > 2;
  for (let p = 0; p < players; p++) {
    pos.unplaced[p] = placedKing ? ALL_NON_KING | (1 << KING_PIECE) : ALL_NON_KING;
    if (placedKing) continue;
    for (let b = 0; b < pos.nb; b++) {
      const seat = pos.g.south[b] === p ? 0 : pos.g.north[b] === p ? 1 : -1;
      pos.kingSeat[p * pos.nb + b] = seat;
    }
  }
  pos.rebuild();
  if (!placedKing) for (let p = 0; p < players; p++) pos.setKingSquare(p, 0x04);
  pos.scalars[S_PHASE] = PLACEMENT;
  if (players === 2) {
    for (let seat = 0; seat < 2; seat++) {
      for (let i = 0; i < 15; i++)
        pos.squares[HOME_SQUARES[i] ^ (seat ? 0x70 : 0)] = HOME_ROLES[i] | (seat << 3);
      pos.unplaced[seat] = 0;
      pos.castle[seat] = 3;
    }
    pos.scalars[S_PHASE] = PLAY;
  }
  pos.commit();
  pos.resetHash();
  settle(pos);
  return pos;
}

/**
 * Eight clearly different army colours for games set up without a choice (command line, bots,
 * tests): player k gets the k-th. No red (nor brown near it): the scene shows check in red.
 */
export const DEFAULT_COLOURS = [
  '#c2187a',
  '#1e88e5',
  '#43a047',
  '#fdd835',
  '#8e24aa',
  '#fb8c00',
  '#00acc1',
  '#455a64',
] as const;

/**
 * The options a new game of n players starts with before anyone chooses: Quiet shifts (R9.7) on
 * from four players, where the rules as written offer a mate in one at the start; nothing else.
 */
export const defaultOptions = (players: number): Options => ({
  ...NO_OPTIONS,
  quiet: players >= 4,
});

/**
 * The setup of a game set up without choices (command line, bots, benchmarks, tests): n players
 * named by `name` ("Player 1", … by default) in the default colours, with the default options
 * (`defaultOptions`) unless `options` says otherwise.
 */
export function defaultSetup(
  players: number,
  seed: string,
  options: Partial<Options> = {},
  name = (i: number) => `Player ${i + 1}`,
): GameSetup {
  return {
    players: Array.from({ length: players }, (_, i) => ({
      name: name(i),
      colour: DEFAULT_COLOURS[i],
    })),
    seed,
    options: { ...defaultOptions(players), ...options },
  };
}
