/**
 * Lost positions (SearchLimits.leastExposed, level 3): when the opponents' very next moves can
 * mate me after every move I have, the root move least exposed to those mates. Real opponents
 * miss some mates, never a mate in one of their own.
 */
import { ACTIVE, MODE_NORMAL, generateMoves, playUnchecked } from '../../core';
import { kingSafe, makeLight } from '../captures';
import type { SearchState } from './state';

/**
 * What a lost position's move loses (centipawns) per unit of exposure to a mate in one: 2 when
 * the next opponent has one, else the share of its moves that leave the next one a mate.
 */
const EXPOSURE_COST = 1000;

/**
 * Of my root moves (best first, with their scores), the one whose score less its exposure to
 * a mate in one in the opponents' next layer, at EXPOSURE_COST a unit, is highest; the earlier
 * on a tie (see SearchLimits.leastExposed).
 */
export function leastExposed(s: SearchState, moves: { action: number; score: number }[]): number {
  let best = moves[0].action;
  let bestValue = -Infinity;
  for (const { action, score } of moves) {
    // Exposure only lowers a value: a move that scores no better cannot win.
    if (score <= bestValue) continue;
    const value = score - EXPOSURE_COST * exposure(s, action);
    // Its moves count against the budget: a move whose exposure it cut short is left out.
    if (s.aborted) break;
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  return best;
}

/**
 * How exposed my move m leaves me in the opponents' next layer. With four or more players
 * left, see matingOpponents(). With three or two: 2 if the next opponent can mate me at once;
 * otherwise the share of the next opponent's moves after which the one after it can (whatever
 * the next one plays, checks that combine with the mate included).
 */
function exposure(s: SearchState, m: number): number {
  const pos = s.pos;
  playUnchecked(pos, m);
  let exposure = 0;
  if (pos.mode === MODE_NORMAL && pos.turn !== s.me && pos.status[s.me] === ACTIVE) {
    if (pos.playersLeft() >= 4) exposure = matingOpponents(s);
    else if (canMateMe(s)) exposure = 2;
    else {
      const start = s.sp;
      const end = generateMoves(pos, s.moves, start);
      s.sp = end;
      let replies = 0;
      let mating = 0;
      for (let i = start; i < end && !s.spent(); i++) {
        makeLight(pos, s.moves[i]);
        if (pos.turn !== s.me) {
          replies++;
          if (canMateMe(s)) mating++;
        }
        pos.undo();
      }
      s.sp = start;
      exposure = replies > 0 ? mating / replies : 0;
    }
  }
  pos.undo();
  return exposure;
}

/**
 * The opponents of the layer to come that have a mate in one on me, each with those before
 * it passing: 2 for the player to move, 1 for each later one. (The share of replies used with
 * three players would cost a move generation per reply per later opponent here.)
 */
function matingOpponents(s: SearchState): number {
  const pos = s.pos;
  let count = canMateMe(s) ? 2 : 0;
  for (let q = pos.nextPlayer(pos.turn); q !== s.me; q = pos.nextPlayer(q)) {
    pos.begin();
    pos.setTurn(q);
    if (canMateMe(s)) count++;
    pos.undo();
  }
  return count;
}

/** Has the player to move a move after which I am in check with no legal move? */
function canMateMe(s: SearchState): boolean {
  const pos = s.pos;
  const start = s.sp;
  const end = generateMoves(pos, s.moves, start);
  s.sp = end;
  let mates = false;
  for (let i = start; i < end && !mates && !s.spent(); i++) {
    makeLight(pos, s.moves[i]);
    if (!kingSafe(pos, s.me)) {
      pos.begin();
      pos.setTurn(s.me);
      mates = generateMoves(pos, s.moves, end) === end;
      pos.undo();
    }
    pos.undo();
  }
  s.sp = start;
  return mates;
}
