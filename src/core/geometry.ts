/** Players, boards and squares: the fixed shape of a game with n players (R1). */

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
export const MAX_BOARDS = (MAX_PLAYERS * (MAX_PLAYERS - 1)) / 2;

export const LABELS = 'ABCDEFGH';

export interface Geometry {
  readonly players: number;
  readonly boards: number;
  /** Player holding the South / North seat of each board at the start (R1.4). */
  readonly south: readonly number[];
  readonly north: readonly number[];
  /** Board names "AB", "AC", … in the order the boards are numbered (R1.3). */
  readonly names: readonly string[];
  /** boardOf[i * players + j]: the board of players i and j, -1 on the diagonal. */
  readonly boardOf: readonly number[];
}

const cache = new Map<number, Geometry>();

export function geometry(players: number): Geometry {
  const hit = cache.get(players);
  if (hit) return hit;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    throw new RangeError(`player count must be ${MIN_PLAYERS}–${MAX_PLAYERS}, got ${players}`);
  const south: number[] = [];
  const north: number[] = [];
  const names: string[] = [];
  const boardOf = new Array<number>(players * players).fill(-1);
  for (let i = 0; i < players; i++)
    for (let j = i + 1; j < players; j++) {
      boardOf[i * players + j] = boardOf[j * players + i] = names.length;
      south.push(i);
      north.push(j);
      names.push(LABELS[i] + LABELS[j]);
    }
  const g: Geometry = { players, boards: names.length, south, north, names, boardOf };
  cache.set(players, g);
  return g;
}

/** The board numbered by name ("AC"), or -1. */
export function boardIndex(g: Geometry, name: string): number {
  return g.names.indexOf(name.toUpperCase());
}

/** One number naming square sq of board b (an index into Position.squares). */
export const squareKey = (board: number, square: number): number => (board << 7) | square;
export const keyBoard = (key: number): number => key >> 7;
export const keySquare = (key: number): number => key & 127;

/** Mirror the rank (r → 9 − r): North's relative square ⇄ absolute square (R1.6). */
export const mirror = (sq: number): number => sq ^ 0x70;

export function squareName(sq: number): string {
  return 'abcdefgh'[sq & 7] + String((sq >> 4) + 1);
}

/** The 0x88 square named "e4", or -1. */
export function parseSquare(name: string): number {
  if (name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 16 + f : -1;
}
