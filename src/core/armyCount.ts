/**
 * What an army can hold: the 15 pieces besides the king it starts with (R2.1), pawns turned
 * into other pieces only by promotion. The position JSON refuses armies past this, and the
 * playout invariants check it after every action.
 */
import { HOME_ROLES } from './move';
import type { Position } from './position';
import { KING, PAWN } from './types';

/** Non-king pieces of each player by role (index 1–5), on the boards and unplaced. */
export interface ArmyCount {
  total: number;
  byPlayer: number[][];
}

export function countArmies(pos: Position): ArmyCount {
  const byPlayer = Array.from({ length: pos.n }, () => [0, 0, 0, 0, 0, 0, 0]);
  let total = 0;
  for (let b = 0; b < pos.nb; b++)
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = pos.squares[(b << 7) | sq];
      if (!c || (c & 7) === KING) continue;
      byPlayer[pos.seatOwner[b * 2 + (c >> 3)]][c & 7]++;
      total++;
    }
  for (let p = 0; p < pos.n; p++)
    for (let i = 0; i < 15; i++)
      if (pos.unplaced[p] & (1 << i)) {
        byPlayer[p][HOME_ROLES[i]]++;
        total++;
      }
  return { total, byPlayer };
}

/**
 * How many armies player p commands: their own, and under Interdimensional Scavenger each
 * army whose seats they inherited (R9.4), counted by the original owners of the seats p holds.
 * A mate passes every seat of the mated player, inherited ones included, so the board between
 * checkmater and mated keeps a seat of every army down the line.
 */
export function armiesOf(pos: Position, p: number): number {
  const owners = new Set([p]);
  for (let b = 0; b < pos.nb; b++) {
    if (pos.seatOwner[b * 2] === p) owners.add(pos.g.south[b]);
    if (pos.seatOwner[b * 2 + 1] === p) owners.add(pos.g.north[b]);
  }
  return owners.size;
}

/** Counts of an army at the start: pawn, knight, bishop, rook, queen. */
const START = [0, 8, 2, 2, 2, 1];

/**
 * Why the pieces `counts` (by role, as in ArmyCount) of player `label` cannot come from
 * `armies` armies (more than one only under Interdimensional Scavenger, R9.4), or null.
 */
export function armyError(label: string, counts: readonly number[], armies: number): string | null {
  const list = `pawns ${counts[1]}, knights ${counts[2]}, bishops ${counts[3]}, rooks ${counts[4]}, queens ${counts[5]}`;
  let promoted = 0;
  for (let role = 2; role <= 5; role++)
    promoted += Math.max(0, counts[role] - armies * START[role]);
  if (counts[PAWN] > 8 * armies) return `player ${label} has ${counts[PAWN]} pawns (${list})`;
  if (counts[PAWN] + promoted > 8 * armies)
    return `player ${label} has more promoted pieces than lost pawns (${list})`;
  return null;
}
