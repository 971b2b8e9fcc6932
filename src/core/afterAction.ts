/**
 * What happens at the end of every action, in one place: the turn ends (turnEnd.ts) or a
 * Hyperspace turn goes on (R9.1); a player leaves at once (R11.2, R11.3); then the next turn is
 * resolved — a pending flight (R9.3), the forced capture (R6.3), checkmate and the final move
 * or Scavenger's inheritance (R6.2, R9.4), stalemate passes (R6.5), eliminations, the end of
 * the game (R7, R8.1) — and the automatic draws are judged (R6.5, R7.2, R8.2).
 */
import { attackers, enemySeats, inCheck } from './attacks';
import { eliminate, flightOptions, removeKings, scavenge } from './elimination';
import { HOME_ROLES, KING_PIECE } from './move';
import { hasLegalMove } from './movegen';
import { borrowList, returnList } from './moveLists';
import {
  DRAWN,
  DUE_STARTED,
  ELIMINATED,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_NORMAL,
  MODE_PASS,
  OVER,
  PLACEMENT,
  PLAY,
  S_DUE,
  S_HALFMOVE,
  S_PASSES,
  S_PHASE,
  S_RESUME,
  S_REVERSIBLE_FROM,
  S_TURN_IRREVERSIBLE,
  type Position,
} from './position';
import { forcedCaptures, legalActions } from './rules';
import { advanceTurn, endTurn, finish, preyOf } from './turnEnd';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types';

/**
 * The end of every action, after its own effect (and endTurn or endMove if it ended a turn or
 * was a move): resolve the next turn, record the hash, judge the draws. `passed`: the action
 * was a stalemate pass (R6.5).
 */
export function afterAction(pos: Position, passed: boolean): void {
  pos.set(pos.scalars, S_PASSES, passed ? pos.scalars[S_PASSES] + 1 : 0);
  conclude(pos, true);
}

/** Resolve the next turn (unless `resolve` is false), record the hash, judge the draws. */
function conclude(pos: Position, resolve: boolean): void {
  if (resolve) startTurn(pos);
  pos.recordHash();
  if (pos.scalars[S_PHASE] === PLAY) automaticDraw(pos);
}

/**
 * Player x leaves the game at once, as if they had resigned (R6.6), whether or not it is their
 * turn: their time ran out (R11.2) or they stayed away (R11.3); the kings x had mated go with
 * them (R6.3). If the mover is out (x, or a king x had mated), their turn ends (a fleeing
 * mover's flight is over); otherwise the mover's turn goes on, looked at again in the new
 * position (their check, stalemate or forced capture may have gone), except a pending final
 * move (R6.3). With two players left the other
 * wins — after a time-out only if they could still checkmate (R7.2); when two remain and one
 * of them is checkmated, the other wins at once (R7.1).
 */
export function leave(pos: Position, x: number, cause: 'timed-out' | 'left'): void {
  const mover = pos.turn;
  const mode = pos.mode;
  const wasLeft = pos.playersLeft();
  eliminate(pos, x, -1, cause);
  if (wasLeft === 2) {
    const winner = pos.nextPlayer(x);
    if (cause === 'timed-out' && !canMate(pos, winner)) finish(pos, DRAWN, 'timeout-material');
    else finish(pos, winner);
    return conclude(pos, false);
  }
  const moverOut = pos.status[mover] === ELIMINATED;
  if (moverOut) {
    pos.set(pos.scalars, S_PASSES, 0);
    if (mode !== MODE_FLIGHT) endTurn(pos, mover, false);
    else if (pos.fleeing.indexOf(1) < 0) {
      // The flight is over: the turn goes back to whose it was (R9.3).
      pos.setTurn(pos.scalars[S_RESUME]);
      pos.setMode(MODE_NORMAL);
    }
  } else if (pos.scalars[S_DUE] !== -1 && pos.scalars[S_DUE] & DUE_STARTED) {
    // A Hyperspace turn goes on only while the mover has a move left (R9.1).
    const moves = borrowList();
    const goesOn = legalActions(pos, moves, 0) > 0;
    returnList(moves);
    if (!goesOn) endTurn(pos, mover, false);
  }
  if (pos.playersLeft() === 2) {
    const mated = pos.status.indexOf(MATED);
    if (mated >= 0) {
      const winner = pos.nextPlayer(mated);
      eliminate(pos, mated, winner, 'checkmate');
      finish(pos, winner);
    }
  }
  conclude(pos, moverOut || mode !== MODE_FINAL);
}

/**
 * After a move from board fb of a normal turn: under Hyperspace the turn goes on while a due
 * board has a legal move (R9.1); a king move, or any move without Hyperspace, ends it.
 */
export function endMove(pos: Position, fb: number, king: boolean, irreversible: boolean): void {
  const p = pos.turn;
  if (!pos.options.hyperspace || king) return endTurn(pos, p, irreversible);
  const sc = pos.scalars;
  pos.set(sc, S_TURN_IRREVERSIBLE, sc[S_TURN_IRREVERSIBLE] | (irreversible ? 1 : 0));
  pos.setDue((sc[S_DUE] & ~(1 << fb)) | DUE_STARTED);
  if (sc[S_DUE] !== DUE_STARTED) {
    const moves = borrowList();
    const goesOn = legalActions(pos, moves, 0) > 0;
    returnList(moves);
    if (goesOn) return;
  }
  endTurn(pos, p, false);
}

/** The checkmater (R6.2): of the players attacking the king, the one who moved last. */
export function checkmater(pos: Position, p: number): number {
  let best = -1;
  const squares = new Int16Array(16);
  for (const b of pos.kingBoards[p]) {
    const k = pos.kingSquare(p, b);
    const n = attackers(pos, b, k, enemySeats(pos, p, b), squares);
    for (let i = 0; i < n; i++) {
      const owner = pos.ownerOf(b, pos.squares[(b << 7) | squares[i]]);
      if (best < 0 || pos.lastMoved[owner] > pos.lastMoved[best]) best = owner;
    }
  }
  return best;
}

/**
 * Can any player in the bit mask `players` still mate: a pawn, rook or queen, or two minor
 * pieces (R7.2)? Pieces still to be placed count (a time-out during placement, R11.2).
 */
function mateMaterial(pos: Position, players: number): boolean {
  const minors = new Array<number>(pos.n).fill(0);
  for (let p = 0; p < pos.n; p++)
    if (pos.status[p] !== ELIMINATED && (players >> p) & 1)
      for (let i = 0; i < KING_PIECE; i++)
        if (pos.unplaced[p] & (1 << i) && mates(HOME_ROLES[i], minors, p)) return true;
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.squares[(b << 7) | sq];
      if (!c || sq & 0x88) continue;
      const owner = pos.ownerOf(b, c);
      if (pos.status[owner] !== ELIMINATED && (players >> owner) & 1 && mates(c & 7, minors, owner))
        return true;
    }
  }
  return false;
}

/** Does a piece of role r make its owner able to mate: a pawn, rook, queen, or a second minor? */
function mates(r: number, minors: number[], owner: number): boolean {
  if (r === PAWN || r === ROOK || r === QUEEN) return true;
  return (r === KNIGHT || r === BISHOP) && ++minors[owner] > 1;
}

/** Neither of two players can mate (R7.2). */
const insufficientMaterial = (pos: Position): boolean => !mateMaterial(pos, (1 << pos.n) - 1);

/** Has player p the material to mate (R7.2, for R11.2)? */
const canMate = (pos: Position, p: number): boolean => mateMaterial(pos, 1 << p);

/** How many times the current position has stood since the last irreversible move. */
export function repetitions(pos: Position): number {
  return pos.occurrencesSince(pos.scalars[S_REVERSIBLE_FROM]);
}

/** The automatic draws (R6.5, R7.2, R8.2), judged after every action. */
function automaticDraw(pos: Position): void {
  const left = pos.playersLeft();
  if (pos.scalars[S_PASSES] >= left) finish(pos, DRAWN, 'all-passed');
  else if (repetitions(pos) >= 3) finish(pos, DRAWN, 'repetition');
  else if (pos.scalars[S_HALFMOVE] >= 50 * left) finish(pos, DRAWN, 'fifty-move');
  else if (left === 2 && insufficientMaterial(pos)) finish(pos, DRAWN, 'material');
}

/** Hyperspace: the boards holding p's non-king pieces at the start of the turn (R9.1). */
function dueBoards(pos: Position, p: number): number {
  let mask = 0;
  for (const b of pos.domain[p])
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.squares[(b << 7) | sq];
      if (!(sq & 0x88) && c && (c & 7) !== KING && pos.ownerOf(b, c) === p) {
        mask |= 1 << b;
        break;
      }
    }
  return mask;
}

/** Resolve the start of the turn: what the player to move may do, or the game's end. */
function startTurn(pos: Position): void {
  const moves = borrowList();
  resolveTurn(pos, moves);
  returnList(moves);
}

/** startTurn's work, with a move list to generate into. */
function resolveTurn(pos: Position, scratch: Int32Array): void {
  for (;;) {
    if (pos.scalars[S_PHASE] === OVER) return;
    const left = pos.playersLeft();
    if (left <= 1) {
      let last = 0;
      while (pos.status[last] === ELIMINATED) last++;
      return finish(pos, last);
    }
    if (pos.scalars[S_DUE] !== -1 && pos.scalars[S_DUE] & DUE_STARTED) return; // a Hyperspace turn goes on
    const fleeing = pos.fleeing.indexOf(1);
    if (fleeing >= 0) {
      if (pos.mode !== MODE_FLIGHT) pos.set(pos.scalars, S_RESUME, pos.turn);
      if (flightOptions(pos, fleeing, scratch, 0) === 0) {
        eliminate(pos, fleeing, pos.fleeBy[fleeing], 'no-flight');
        continue;
      }
      pos.setTurn(fleeing);
      return pos.setMode(MODE_FLIGHT);
    }
    const p = pos.turn;
    if (pos.status[p] === ELIMINATED) {
      advanceTurn(pos, p);
      continue;
    }
    if (pos.scalars[S_PHASE] === PLACEMENT) {
      if (pos.unplaced.every((mask, q) => mask === 0 || pos.status[q] === ELIMINATED)) {
        // R2.5: play starts with player A (or the first one left).
        pos.set(pos.scalars, S_PHASE, PLAY);
        pos.set(pos.scalars, S_HALFMOVE, 0);
        pos.set(pos.scalars, S_REVERSIBLE_FROM, pos.historyLength);
        pos.setTurn(pos.status[0] === ELIMINATED ? pos.nextPlayer(0) : 0);
        continue;
      }
      if (pos.unplaced[p] === 0) {
        advanceTurn(pos, p);
        continue;
      }
      return pos.setMode(MODE_NORMAL);
    }
    const prey = preyOf(pos, p);
    if (prey) {
      pos.setMode(MODE_CAPTURE);
      if (forcedCaptures(pos, scratch, 0) > 0) return;
      // R6.3: no capture exists, so the king is removed, credited to the checkmater.
      removeKings(pos, prey, p, 'removed');
      pos.setMode(MODE_NORMAL);
      continue;
    }
    pos.setMode(MODE_NORMAL);
    if (hasLegalMove(pos, scratch)) {
      if (pos.options.hyperspace) pos.setDue(dueBoards(pos, p));
      return;
    }
    const checked = inCheck(pos, p);
    if (left === 2) {
      // R7.1: ordinary chess — checkmate wins at once, stalemate draws.
      if (checked) {
        const winner = pos.nextPlayer(p);
        eliminate(pos, p, winner, 'checkmate');
        return finish(pos, winner);
      }
      return finish(pos, DRAWN, 'stalemate');
    }
    if (checked && pos.options.scavenger) {
      // R9.4: no final move, no capture — the checkmater takes everything at once.
      scavenge(pos, p, checkmater(pos, p));
      advanceTurn(pos, p);
      continue;
    }
    if (checked) {
      pos.setStatus(p, MATED);
      pos.set(pos.mateBy, p, checkmater(pos, p));
      return pos.setMode(MODE_FINAL);
    }
    return pos.setMode(MODE_PASS);
  }
}

/** Start a position set up by hand: resolve the first turn (mate, stalemate, …). */
export function settle(pos: Position): void {
  startTurn(pos);
  pos.recordHash();
  pos.commit();
}
