/** The two placement shortcuts (R2.4): plans of ordinary placement steps for one player. */
import { HOME_SQUARES, encodePlacement } from './move';
import { S_PLY, type Position } from './position';
import { createRng, randomInt, shuffled } from './random';
import { KING } from './types';

export type AutoPlacement = 'balanced' | 'random';

/**
 * Piece indices (see HOME_SQUARES) in the order a balanced placement deals them out: heavy
 * pieces first so that each board gets one, then minors, then the pawns in front of the king.
 * A Cowardly king (index 15) goes first, to a board of its own.
 */
const DEAL_ORDER = [15, 14, 12, 13, 10, 11, 8, 9, 4, 3, 5, 2, 6, 1, 7, 0];

/**
 * Plan the placement of player p's unplaced pieces: a list of placement actions, in the order
 * they are to be played on p's next placement turns.
 */
export function planPlacement(
  pos: Position,
  p: number,
  mode: AutoPlacement,
  seed: string,
): number[] {
  const boards = pos.domain[p];
  const pieces = DEAL_ORDER.filter((i) => pos.unplaced[p] & (1 << i));
  if (!boards.length) return [];
  const step = (b: number, i: number) =>
    encodePlacement(b, i, HOME_SQUARES[i] ^ (pos.seatOf(p, b) ? 0x70 : 0));
  if (mode === 'random') {
    const rng = createRng(`${seed}:place:${p}:${pos.scalars[S_PLY]}`);
    return shuffled(pieces, rng).map((i) => step(boards[randomInt(rng, boards.length)], i));
  }
  // Balanced: each piece to the board holding the fewest of p's pieces so far (R2.4).
  const load = boards.map((b) => countPieces(pos, p, b));
  return pieces.map((i) => {
    let best = 0;
    for (let k = 1; k < boards.length; k++) if (load[k] < load[best]) best = k;
    load[best]++;
    return step(boards[best], i);
  });
}

/** Player p's non-king pieces on board b. */
export function countPieces(pos: Position, p: number, b: number): number {
  let n = 0;
  for (let sq = 0; sq < 128; sq++) {
    const c = pos.squares[(b << 7) | sq];
    if (!(sq & 0x88) && c && (c & 7) !== KING && pos.ownerOf(b, c) === p) n++;
  }
  return n;
}
