/**
 * Players leaving the game and what follows: the king leaves every board and the pieces
 * petrify (R6.4), or pass to the checkmater (Scavenger, R9.4); under Dimensional Collapse the
 * eliminated player's boards count down and leave play (R9.2).
 */
import { ELIMINATED, S_ELIMINATED, S_FULLMOVE, type Position } from './position';

/** Turn slots between an elimination and the collapse of the player's boards (R9.2). */
export const COLLAPSE_TURNS = 5;

/** Player x leaves the game, credited to `by` (-1 for none). */
export function eliminate(pos: Position, x: number, by: number): void {
  pos.setKingSquare(x, -1);
  for (let b = 0; b < pos.nb; b++) {
    if (pos.kingSeat[x * pos.nb + b] >= 0) pos.set(pos.kingSeat, x * pos.nb + b, -1);
    if (pos.epPlayer[b] === x) pos.setEp(b, -1, -1);
  }
  pos.setStatus(x, ELIMINATED);
  pos.set(pos.eliminationOrder, pos.scalars[S_ELIMINATED], x);
  pos.set(pos.scalars, S_ELIMINATED, pos.scalars[S_ELIMINATED] + 1);
  pos.set(pos.eliminatedBy, x, by);
  if (pos.options.collapse) pos.setCountdown(x, COLLAPSE_TURNS);
  pos.markStructural();
}

/** R9.4: the mated player's king goes; their pieces and seats pass to the checkmater m. */
export function scavenge(pos: Position, x: number, m: number): void {
  eliminate(pos, x, m);
  for (let i = 0; i < pos.nb * 2; i++)
    if (pos.seatOwner[i] === x) pos.setSeatOwner(i >> 1, i & 1, m);
  pos.markStructural();
}

/**
 * The turn passes from p to the next player left (R6.7). Under Collapse every eliminated
 * player's slot passed over counts down, and at zero their boards leave play (R9.2).
 */
export function advanceTurn(pos: Position, p: number): void {
  for (let i = 1; i <= pos.n; i++) {
    const q = (p + i) % pos.n;
    if (pos.status[q] !== ELIMINATED) {
      if (q <= p) pos.set(pos.scalars, S_FULLMOVE, pos.scalars[S_FULLMOVE] + 1);
      pos.setTurn(q);
      return;
    }
    if (pos.countdown[q] > 0) {
      pos.setCountdown(q, pos.countdown[q] - 1);
      if (pos.countdown[q] === 0) collapse(pos, q);
    }
  }
}

/** Boards still seated by player x, which collapse with them (R9.2, R9.6). */
export function boardsOf(pos: Position, x: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < pos.nb; b++)
    if (pos.live[b] && (pos.seatOwner[b * 2] === x || pos.seatOwner[b * 2 + 1] === x)) out.push(b);
  return out;
}

/** Every board of x leaves play with all its pieces; kings just stop being there. */
function collapse(pos: Position, x: number): void {
  for (const b of boardsOf(pos, x)) {
    for (let sq = 0; sq < 128; sq++) if (pos.squares[(b << 7) | sq]) pos.putPiece(b, sq, 0);
    for (let p = 0; p < pos.n; p++)
      if (pos.kingSeat[p * pos.nb + b] >= 0) pos.set(pos.kingSeat, p * pos.nb + b, -1);
    if (pos.epSquare[b] >= 0) pos.setEp(b, -1, -1);
    pos.setCastle(b * 2, 0);
    pos.setCastle(b * 2 + 1, 0);
    pos.setLive(b, false);
  }
  pos.markStructural();
  // A player left with no board at all has nothing to play with.
  for (let p = 0; p < pos.n; p++)
    if (pos.status[p] !== ELIMINATED && pos.kingBoards[p].length === 0 && !pos.options.cowardly)
      eliminate(pos, p, -1);
}
