/**
 * The balanced auto-placement as it was before pieces went with the pawn of their file (the
 * reference of the `starts` line): every army dealt the same shape, heavy pieces first, each to
 * the board of the player's with the fewest of its pieces.
 */
import { HOME_SQUARES, countPieces, encodePlacement, type Position } from '../src/core';

const DEAL_ORDER = [15, 14, 12, 13, 10, 11, 8, 9, 4, 3, 5, 2, 6, 1, 7, 0];

/** The next placement step of the player to move, as the old balanced plan dealt it. */
export function placementBefore(pos: Position): number {
  const p = pos.turn;
  const boards = pos.domain[p];
  const piece = DEAL_ORDER.find((i) => pos.unplaced[p] & (1 << i))!;
  const load = boards.map((b) => countPieces(pos, p, b));
  let best = 0;
  for (let k = 1; k < boards.length; k++) if (load[k] < load[best]) best = k;
  const b = boards[best];
  return encodePlacement(b, piece, HOME_SQUARES[piece] ^ (pos.seatOf(p, b) ? 0x70 : 0));
}
