/**
 * What a player leaves en prise: the most material one capture can win from them at once, seen
 * statically board by board. Level 1 searches one ply, so it sees the captures of the player
 * after it but not those of the players further round the table; this check covers every
 * opponent (on each board the other seat's player), so that a beginner bot does not hang a piece
 * to a player it cannot see.
 */
import {
  ELIMINATED,
  FLAG_PLACE,
  KING,
  KNIGHT,
  attackers,
  inCheck,
  moveFlag,
  roleOf,
  type Position,
} from '../core';
import { makeLight } from './captures';
import { VALUE } from './tables';

const found = new Int16Array(16);
const checking = new Int16Array(16);

/**
 * The most (centipawns) that player p can lose to one capture of a piece (knight or more): an
 * undefended piece whole, a defended one less its cheapest attacker. An approximation: pins and
 * the turn order are not looked at.
 */
export function exposedLoss(pos: Position, p: number): number {
  let worst = 0;
  // Whether each opponent is in check (R5.3: then they may only take a checking piece), asked
  // once per opponent, not once per board.
  const checked = new Int8Array(pos.n).fill(-1);
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    const seat = pos.seatOwner[b * 2] === p ? 0 : pos.seatOwner[b * 2 + 1] === p ? 1 : -1;
    if (seat < 0) continue;
    const o = pos.seatOwner[b * 2 + 1 - seat];
    if (pos.status[o] === ELIMINATED) continue;
    const mine = 1 << seat;
    const theirs = 1 << (1 - seat);
    if (checked[o] < 0) checked[o] = inCheck(pos, o) ? 1 : 0;
    const king = checked[o] ? pos.kingSquare(o, b) : -1;
    // In check: only the pieces giving it on this board may be taken here.
    const checkers = king >= 0 ? attackers(pos, b, king, mine, checking) : 0;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = pos.pieceAt(b, sq);
      if (!c || !((mine >> (c >> 3)) & 1)) continue;
      if (roleOf(c) === KING || VALUE[roleOf(c)] < VALUE[KNIGHT]) continue;
      const free = !checked[o] || checking.subarray(0, checkers).includes(sq);
      if (free) worst = Math.max(worst, pieceLoss(pos, b, sq, mine, theirs));
    }
  }
  return worst;
}

/**
 * What the piece on square sq of board b (of the seat in the bit mask `mine`) loses to one capture
 * by the other seat (`theirs`): nothing when it is not attacked, the whole piece when it is not
 * defended, else its value less its cheapest attacker's.
 */
export function pieceLoss(
  pos: Position,
  b: number,
  sq: number,
  mine: number,
  theirs: number,
): number {
  const count = attackers(pos, b, sq, theirs, found);
  if (!count) return 0;
  const value = VALUE[roleOf(pos.pieceAt(b, sq))];
  // A king takes only what is not defended.
  let cheapest = Infinity;
  for (let i = 0; i < count; i++)
    cheapest = Math.min(cheapest, VALUE[roleOf(pos.pieceAt(b, found[i]))] || Infinity);
  // A king does not count as a defender: it moves on all its boards at once, so taking
  // back with it is seldom legal.
  let defended = false;
  const defenders = attackers(pos, b, sq, mine, found);
  for (let i = 0; i < defenders && !defended; i++)
    defended = roleOf(pos.pieceAt(b, found[i])) !== KING;
  return defended ? value - Math.min(cheapest, value) : value;
}

/**
 * exposedLoss of player `me` after their move m, played without resolving the next turn (the
 * pieces are all it looks at; a full make would generate the next player's moves for nothing).
 */
export function exposedAfter(pos: Position, m: number, me: number): number {
  if (moveFlag(m) >= FLAG_PLACE) return exposedLoss(pos, me);
  makeLight(pos, m);
  const loss = exposedLoss(pos, me);
  pos.undo();
  return loss;
}
