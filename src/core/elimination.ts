/**
 * Players leaving the game and what follows: the king leaves every board and the pieces
 * petrify (R6.4), or pass to the checkmater (Scavenger, R9.4); under Dimensional Collapse the
 * eliminated player's boards leave play when their countdown ends (R9.2, counted down in
 * afterAction.ts); Cowardly kings flee instead of being taken (R9.3).
 */
import { KING_PIECE, encodePlacement, moveFromBoard, moveTo } from './move';
import {
  ACTIVE,
  ELIMINATED,
  MATED,
  S_ELIMINATED,
  S_RESUME,
  S_TURN,
  type Position,
} from './position';
import { KING } from './types';

/** Why a player left the game. */
export const ELIMINATION_CAUSES = [
  'resigned',
  'captured',
  'removed',
  'checkmate',
  'no-flight',
  'no-board',
  // R11.2: the player's time ran out.
  'timed-out',
  // R11.3: the player stayed away past the grace period.
  'left',
] as const;
export type EliminationCause = (typeof ELIMINATION_CAUSES)[number];

/** Turn slots between an elimination and the collapse of the player's boards (R9.2). */
export const COLLAPSE_TURNS = 5;

/**
 * Player x leaves the game, credited to `by` (-1 for none). The kings x had mated and not yet
 * taken are removed with them, credited to no one (R6.3).
 */
export function eliminate(pos: Position, x: number, by: number, cause: EliminationCause): void {
  pos.setKingSquare(x, -1);
  pos.setFleeing(x, false);
  pos.loseCastling(x);
  for (let b = 0; b < pos.nb; b++) {
    if (pos.kingSeat[x * pos.nb + b] >= 0) pos.set(pos.kingSeat, x * pos.nb + b, -1);
    if (pos.epPlayer[b] === x) pos.setEp(b, -1, -1);
  }
  pos.setStatus(x, ELIMINATED);
  pos.set(pos.eliminationOrder, pos.scalars[S_ELIMINATED], x);
  pos.set(pos.scalars, S_ELIMINATED, pos.scalars[S_ELIMINATED] + 1);
  pos.set(pos.eliminatedBy, x, by);
  pos.set(pos.eliminationCause, x, ELIMINATION_CAUSES.indexOf(cause));
  if (pos.options.collapse) pos.setCountdown(x, COLLAPSE_TURNS);
  pos.markStructural();
  for (let y = 0; y < pos.n; y++)
    if (pos.status[y] === MATED && pos.mateBy[y] === x && !pos.fleeing[y])
      eliminate(pos, y, -1, 'removed');
}

/** The kings of `prey` are captured or removed, credited to p; Cowardly kings flee (R9.3). */
export function removeKings(pos: Position, prey: number, p: number, cause: EliminationCause): void {
  for (let x = 0; x < pos.n; x++) {
    if (!((prey >> x) & 1)) continue;
    if (pos.options.cowardly) startFlight(pos, x, p);
    else eliminate(pos, x, p, cause);
  }
}

/** R9.4: the mated player's king goes; their pieces and seats pass to the checkmater m. */
export function scavenge(pos: Position, x: number, m: number): void {
  eliminate(pos, x, m, 'checkmate');
  for (let i = 0; i < pos.nb * 2; i++)
    if (pos.seatOwner[i] === x) pos.setSeatOwner(i >> 1, i & 1, m);
  pos.markStructural();
}

/** Boards still seated by player x, which collapse with them (R9.2, R9.6). */
export function boardsOf(pos: Position, x: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < pos.nb; b++)
    if (pos.live[b] && (pos.seatOwner[b * 2] === x || pos.seatOwner[b * 2 + 1] === x)) out.push(b);
  return out;
}

/**
 * Every board of x leaves play with all its pieces; kings just stop being there. A Cowardly
 * king standing on one must flee (R9.3).
 */
export function collapse(pos: Position, x: number): void {
  for (const b of boardsOf(pos, x)) {
    if (pos.options.cowardly)
      for (let p = 0; p < pos.n; p++)
        if (pos.kingSeat[p * pos.nb + b] >= 0 && pos.status[p] !== ELIMINATED)
          startFlight(pos, p, -1);
    if (pos.epSquare[b] >= 0) pos.setEp(b, -1, -1); // before its pawns go (Position.epCounts)
    for (let sq = 0; sq < 128; sq++) if (pos.squares[(b << 7) | sq]) pos.putPiece(b, sq, 0);
    for (let p = 0; p < pos.n; p++)
      if (pos.kingSeat[p * pos.nb + b] >= 0) pos.set(pos.kingSeat, p * pos.nb + b, -1);
    pos.setCastle(b * 2, 0);
    pos.setCastle(b * 2 + 1, 0);
    pos.setLive(b, false);
  }
  pos.markStructural();
  // A player left with no board at all has nothing to play with.
  for (let p = 0; p < pos.n; p++)
    if (
      pos.status[p] !== ELIMINATED &&
      !pos.fleeing[p] &&
      pos.kingBoards[p].length === 0 &&
      pos.kingRel[p] >= 0
    )
      eliminate(pos, p, -1, 'no-board');
}

/**
 * Cowardly Kings (R9.3): player x's king would be captured, or its board collapses. It is taken
 * off its board and must flee; `by` is credited if it cannot.
 */
export function startFlight(pos: Position, x: number, by: number): void {
  const b = pos.kingBoards[x][0];
  const sq = pos.kingSquare(x, b);
  const code = KING | (pos.kingSeat[x * pos.nb + b] << 3);
  if (pos.squares[(b << 7) | sq] === code) pos.putPiece(b, sq, 0);
  pos.set(pos.fleeBoard, x, b);
  pos.set(pos.fleeRel, x, pos.kingRel[x]);
  pos.set(pos.fleeBy, x, by);
  pos.loseCastling(x); // the flight is a king move (R5.4)
  pos.set(pos.kingSeat, x * pos.nb + b, -1);
  pos.set(pos.kingRel, x, -1);
  pos.setFleeing(x, true);
  pos.markStructural();
}

/**
 * Where the fleeing king of x may go (R9.3), as king placements: the same relative square on
 * another board of the domain, empty or held by a friendly piece (which is removed); if every
 * such board is blocked by an enemy, any square of a friendly piece in the domain. None: the
 * king is captured.
 */
export function flightOptions(pos: Position, x: number, out: Int32Array, start: number): number {
  let count = start;
  const from = pos.fleeBoard[x];
  const others = pos.domain[x].filter((b) => b !== from);
  const friendly = (b: number, c: number) => c !== 0 && (c & 7) !== KING && pos.ownerOf(b, c) === x;
  for (const b of others) {
    const at = pos.seatOf(x, b) ? pos.fleeRel[x] ^ 0x70 : pos.fleeRel[x];
    const c = pos.squares[(b << 7) | at];
    if (c === 0 || friendly(b, c)) out[count++] = encodePlacement(b, KING_PIECE, at);
  }
  if (count > start || others.length === 0) return count;
  for (const b of pos.domain[x])
    for (let sq = 0; sq < 128; sq++)
      if (!(sq & 0x88) && friendly(b, pos.squares[(b << 7) | sq]))
        out[count++] = encodePlacement(b, KING_PIECE, sq);
  return count;
}

/** The fleeing player to move sets their king down (a flight action, R9.3, R10.1). */
export function flee(pos: Position, action: number): void {
  const x = pos.scalars[S_TURN];
  const b = moveFromBoard(action);
  const sq = moveTo(action);
  const seat = pos.seatOf(x, b);
  const counted = pos.epCounts(b);
  pos.putPiece(b, sq, KING | (seat << 3));
  pos.recountEp(b, counted);
  pos.lapseEp(b);
  pos.set(pos.kingSeat, x * pos.nb + b, seat);
  pos.set(pos.kingRel, x, seat ? sq ^ 0x70 : sq);
  pos.setFleeing(x, false);
  pos.setStatus(x, ACTIVE);
  pos.set(pos.mateBy, x, -1);
  pos.markStructural();
  pos.setTurn(pos.scalars[S_RESUME]);
}
