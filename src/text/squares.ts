/**
 * How words name a square: its board, then the square as that board's rim prints it ("AC f8").
 * The core's squares are absolute (South's side is rank 1, as the rim prints it), so a North
 * player's king on e8 is "BC e8", never its relative "e1" (issue 50 item 5). Every explanation,
 * hint, announcement and lesson names squares through this one function.
 */
import { mirror, squareName, type Spot } from '../core';

/** "AC f8": the square of `spot` as printed on the rim of its board. */
export function spotName(spot: Spot, boards: readonly string[]): string {
  return `${boards[spot.board]} ${squareName(spot.square)}`;
}

/** One of a player's seats: a board, and whether they sit North there (ranks mirrored, R1.6). */
export interface SeatAt {
  board: number;
  north: boolean;
}

/**
 * A home square (relative, R2.1) as the rims of the player's boards print it: the short label
 * ("d1", or "d1/d8" when they sit South on some boards and North on others) and the whole
 * ("AB d1, BC d8").
 */
export function homeSquareText(
  rel: number,
  seats: readonly SeatAt[],
  boards: readonly string[],
): { label: string; title: string } {
  const spots = seats.map((s) => ({ board: s.board, square: s.north ? mirror(rel) : rel }));
  const label = [...new Set(spots.map((s) => squareName(s.square)))].sort().join('/');
  return {
    label: label || squareName(rel),
    title: spots.map((s) => spotName(s, boards)).join(', '),
  };
}
