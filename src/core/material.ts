/**
 * Material on the live boards, per player: the pieces each has (kings aside), their value in
 * pawns, and what is missing from an army as it was set up (captured, lost in a collapse, or a
 * pawn gone to promotion). Derived from the position alone, as lichess derives its material
 * display from the board.
 */
import { HOME_ROLES } from './move';
import type { Position } from './position';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, roleOf } from './types';

/** The usual values in pawns, by role (kings are not counted). */
export const PIECE_VALUES: readonly number[] = [0, 1, 3, 3, 5, 9, 0];

/** Roles from the most valuable down: the order in which losses are listed. */
export const MATERIAL_ROLES = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN] as const;

export interface Material {
  /** Pieces on live boards by role (index PAWN…QUEEN). */
  pieces: number[];
  /** Their value in pawns. */
  points: number;
  /** Pieces of an army as set up that are no longer there, by role. */
  lost: number[];
}

const ARMY: readonly number[] = HOME_ROLES.reduce(
  (count, role) => (role === KING ? count : (count[role]++, count)),
  new Array<number>(KING + 1).fill(0),
);

export function materialOf(pos: Position): Material[] {
  const pieces = Array.from({ length: pos.n }, () => new Array<number>(KING + 1).fill(0));
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.isLive(b)) continue;
    for (let rank = 0; rank < 8; rank++)
      for (let file = 0; file < 8; file++) {
        const sq = rank * 16 + file;
        const role = roleOf(pos.pieceAt(b, sq));
        if (role && role !== KING) pieces[pos.ownerAt(b, sq)][role]++;
      }
  }
  return pieces.map((have) => ({
    pieces: have,
    points: have.reduce((sum, count, role) => sum + count * PIECE_VALUES[role], 0),
    lost: ARMY.map((start, role) => Math.max(0, start - have[role])),
  }));
}
