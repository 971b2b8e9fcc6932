/**
 * How words name a square: its board, then the square as that board's rim prints it ("AC f8").
 * The core's squares are absolute (South's side is rank 1, as the rim prints it), so a North
 * player's king on e8 is "BC e8", never its relative "e1" (issue 50 item 5). Every explanation,
 * hint, announcement and lesson names squares through this one function.
 */
import { squareName, type Spot } from '../core';

/** "AC f8": the square of `spot` as printed on the rim of its board. */
export function spotName(spot: Spot, boards: readonly string[]): string {
  return `${boards[spot.board]} ${squareName(spot.square)}`;
}
