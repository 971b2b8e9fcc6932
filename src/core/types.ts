/** Shared types and constants of the rules core. Squares are 0x88 indices (rank * 16 + file). */

export const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
export type Role = (typeof ROLES)[number];

/** Role codes as stored on boards: code = role | (seat << 3). 0 is an empty square. */
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

/** The role (PAWN…KING) of a piece code. */
export const roleOf = (code: number): number => code & 7;
/** The seat (0 South, 1 North) whose piece a code is. */
export const seatOf = (code: number): Seat => (code >> 3) as Seat;

export const ROLE_LETTERS = ' PNBRQK';

/** A seat on a board: 0 sits South (home ranks 1–2), 1 sits North (R1.4). */
export type Seat = 0 | 1;

export const OPTION_NAMES = [
  'hyperspace',
  'collapse',
  'cowardly',
  'scavenger',
  'shade',
  'quiet',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];
export type Options = Record<OptionName, boolean>;

export const NO_OPTIONS: Options = {
  hyperspace: false,
  collapse: false,
  cowardly: false,
  scavenger: false,
  shade: false,
  quiet: false,
};

/** A player as set up: the game's players are listed in turn order (labels A, B, …). */
export interface PlayerSetup {
  name: string;
  colour: string;
}

/** A bot's strength: 1 beginner, 2 club, 3 strong. */
export type BotLevel = 1 | 2 | 3;

/** Who plays a seat (R10.1): a human, or a bot of a level. */
export type SavedSeat = { kind: 'human' } | { kind: 'bot'; level: BotLevel };

export const ERROR_CODES = [
  'bad-setup',
  'bad-fen',
  'bad-position',
  'bad-action',
  'illegal-action',
  'bad-save',
  'wrong-version',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface CoreError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: CoreError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});

/** Thrown only for broken invariants (programmer errors), never for bad input. */
export class InvariantError extends Error {}
