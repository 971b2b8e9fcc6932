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
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    let mine = 0;
    let calm = 0; // opponents' seats free to capture
    let checked = -1; // an opponent's seat in check (R5.3): it may only take a checking piece
    for (let seat = 0; seat < 2; seat++) {
      const o = pos.seatOwner[b * 2 + seat];
      if (o === p) mine |= 1 << seat;
      else if (pos.status[o] !== ELIMINATED) {
        if (!inCheck(pos, o)) calm |= 1 << seat;
        else if (pos.kingSquare(o, b) >= 0) checked = seat;
      }
    }
    const checkers =
      checked < 0
        ? 0
        : attackers(pos, b, pos.kingSquare(pos.seatOwner[b * 2 + checked], b), mine, checking);
    if (!mine || (!calm && checked < 0)) continue;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = pos.pieceAt(b, sq);
      if (!c || !((mine >> (c >> 3)) & 1)) continue;
      const value = VALUE[roleOf(c)];
      if (roleOf(c) === KING || value < VALUE[KNIGHT]) continue;
      const enemies =
        calm | (checked >= 0 && checking.subarray(0, checkers).includes(sq) ? 1 << checked : 0);
      const count = attackers(pos, b, sq, enemies, found);
      if (!count) continue;
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
      worst = Math.max(worst, defended ? value - Math.min(cheapest, value) : value);
    }
  }
  return worst;
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
