/**
 * Turns and their outcomes: the legal actions of the player to move, playing an action with
 * validation, and what happens at the start of each turn — the forced capture, checkmate and
 * the final move, stalemate passes, elimination, automatic draws and the end of the game
 * (R2.3, R2.5, R6, R7, R8).
 */
import { ATTACKERS, attackers, enemySeats, inCheck } from './attacks';
import {
  advanceTurn,
  eliminate,
  flee,
  flightOptions,
  scavenge,
  startFlight,
  type EliminationCause,
} from './elimination';
import { isKingMove, kingTargetOn } from './kingMove';
import { applyMove, endTurn } from './make';
import {
  FLAG_DRAW,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  HOME_ROLES,
  HOME_SQUARES,
  KING_PIECE,
  MAX_MOVES,
  PASS,
  RESIGN,
  DRAW,
  encodePlacement,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  moveFlag,
} from './move';
import { generateMoves, hasLegalMove } from './movegen';
import {
  DRAWN,
  DRAW_REASONS,
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
  S_DRAW_REASON,
  S_HALFMOVE,
  S_PASSES,
  S_PHASE,
  S_DUE,
  S_RESUME,
  S_REVERSIBLE_FROM,
  S_TURN_IRREVERSIBLE,
  S_WINNER,
  type DrawReason,
  type Position,
} from './position';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, fail, ok, type Result } from './types';

const scratch = new Int32Array(MAX_MOVES);

/** Players whose pending king capture falls to player p this turn (R6.3). */
function preyOf(pos: Position, p: number): number {
  let mask = 0;
  for (let x = 0; x < pos.n; x++)
    if (pos.status[x] === MATED && pos.mateBy[x] === p) mask |= 1 << x;
  return mask;
}

/** Does move m take the king of a player in `prey`? */
function takesPreyKing(pos: Position, m: number, prey: number): boolean {
  const king = isKingMove(pos, m);
  for (const b of king ? pos.kingBoards[pos.turn] : [moveToBoard(m)]) {
    const c = pos.squares[(b << 7) | (king ? kingTargetOn(pos, m, b) : moveTo(m))];
    if ((c & 7) === KING && (prey >> pos.ownerOf(b, c)) & 1) return true;
  }
  return false;
}

/** The forced captures of player p (R6.3): captures of a prey king that leave p safe. */
function forcedCaptures(pos: Position, out: Int32Array, start: number): number {
  const p = pos.turn;
  const prey = preyOf(pos, p);
  const end = generateMoves(pos, scratch, 0, false, prey);
  let count = start;
  for (let i = 0; i < end; i++) {
    const m = scratch[i];
    if (!takesPreyKing(pos, m, prey)) continue;
    pos.begin();
    playCapture(pos, m, prey);
    const safe = !inCheck(pos, p);
    pos.undo();
    if (safe) out[count++] = m;
  }
  return count;
}

/** A forced capture: the taken king leaves every board; the other prey of p go too. */
function playCapture(pos: Position, m: number, prey: number): void {
  const p = pos.turn;
  const irreversible = applyMove(pos, m);
  removeKings(pos, prey, p, 'captured');
  endTurn(pos, p, irreversible);
}

/** The kings of `prey` are captured or removed, credited to p; Cowardly kings flee (R9.3). */
function removeKings(pos: Position, prey: number, p: number, cause: EliminationCause): void {
  for (let x = 0; x < pos.n; x++) {
    if (!((prey >> x) & 1)) continue;
    if (pos.options.cowardly) startFlight(pos, x, p);
    else eliminate(pos, x, p, cause);
  }
}

function placements(pos: Position, out: Int32Array, start: number): number {
  const p = pos.turn;
  let count = start;
  for (const b of pos.domain[p]) {
    const mirror = pos.seatOf(p, b) ? 0x70 : 0;
    for (let i = 0; i < 16; i++)
      if (pos.unplaced[p] & (1 << i))
        out[count++] = encodePlacement(b, i, HOME_SQUARES[i] ^ mirror);
  }
  return count;
}

/**
 * The legal actions of the player to move into `out` from `start`; returns the end. Resigning
 * (R6.6) and agreeing a draw (R8.2) are always open too and are not listed.
 */
export function legalActions(pos: Position, out: Int32Array, start = 0): number {
  const phase = pos.scalars[S_PHASE];
  if (phase === OVER) return start;
  if (phase === PLACEMENT) return placements(pos, out, start);
  switch (pos.mode) {
    case MODE_PASS:
      out[start] = PASS;
      return start + 1;
    case MODE_CAPTURE:
      return forcedCaptures(pos, out, start);
    case MODE_FLIGHT:
      return flightOptions(pos, pos.turn, out, start);
    case MODE_FINAL: {
      const end = generateMoves(pos, out, start, false);
      if (end > start) return end;
      out[start] = PASS;
      return start + 1;
    }
    default:
      return hyperspaceFilter(pos, out, start, generateMoves(pos, out, start));
  }
}

/** Hyperspace (R9.1): after a turn's first move, only non-king moves from boards still due. */
function hyperspaceFilter(pos: Position, out: Int32Array, start: number, end: number): number {
  const due = pos.scalars[S_DUE];
  if (due === -1 || !(due & DUE_STARTED)) return end;
  let count = start;
  for (let i = start; i < end; i++) {
    const m = out[i];
    const fb = moveFromBoard(m);
    if ((due >> fb) & 1 && (pos.squares[(fb << 7) | moveFrom(m)] & 7) !== KING) out[count++] = m;
  }
  return count;
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

/**
 * Play a move of a normal turn. Under Hyperspace the turn goes on while a due board has a
 * legal move (R9.1); a king move is the whole turn.
 */
function playMove(pos: Position, m: number): void {
  const p = pos.turn;
  const fb = moveFromBoard(m);
  const king = (pos.squares[(fb << 7) | moveFrom(m)] & 7) === KING;
  const irreversible = applyMove(pos, m);
  if (!pos.options.hyperspace || king) return endTurn(pos, p, irreversible);
  const sc = pos.scalars;
  pos.set(sc, S_TURN_IRREVERSIBLE, sc[S_TURN_IRREVERSIBLE] | (irreversible ? 1 : 0));
  pos.setDue((sc[S_DUE] & ~(1 << fb)) | DUE_STARTED);
  if (sc[S_DUE] !== DUE_STARTED && legalActions(pos, scratch, 0) > 0) return;
  endTurn(pos, p, false);
}

/** The legal actions as a plain array (for the facade and the UI; search uses legalActions). */
export function legalActionList(pos: Position): number[] {
  const end = legalActions(pos, scratch, 0);
  return Array.from(scratch.subarray(0, end));
}

/** The checkmater (R6.2): of the players attacking the king, the one who moved last. */
export function checkmater(pos: Position, p: number): number {
  let best = -1;
  for (const b of pos.kingBoards[p]) {
    const k = pos.kingSquare(p, b);
    const n = attackers(pos, b, k, enemySeats(pos, p, b), false);
    for (let i = 0; i < n; i++) {
      const owner = pos.ownerOf(b, pos.squares[(b << 7) | ATTACKERS[i]]);
      if (best < 0 || pos.lastMoved[owner] > pos.lastMoved[best]) best = owner;
    }
  }
  return best;
}

function finish(pos: Position, winner: number, reason: DrawReason = 'none'): void {
  pos.set(pos.scalars, S_PHASE, OVER);
  pos.set(pos.scalars, S_WINNER, winner);
  pos.set(pos.scalars, S_DRAW_REASON, DRAW_REASONS.indexOf(reason));
}

/** Neither of two players can mate: no pawn, rook or queen, at most one minor each (R7.2). */
function insufficientMaterial(pos: Position): boolean {
  const minors = new Array<number>(pos.n).fill(0);
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.squares[(b << 7) | sq];
      if (!c || sq & 0x88) continue;
      const owner = pos.ownerOf(b, c);
      if (pos.status[owner] === ELIMINATED) continue;
      const r = c & 7;
      if (r === PAWN || r === ROOK || r === QUEEN) return false;
      if ((r === KNIGHT || r === BISHOP) && ++minors[owner] > 1) return false;
    }
  }
  return true;
}

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

/** Resolve the start of the turn: what the player to move may do, or the game's end. */
function startTurn(pos: Position): void {
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
    if (pos.status[p] === MATED) {
      // The checkmater did not take the king in time (it left the game): it is removed now.
      eliminate(pos, p, pos.mateBy[p], 'removed');
      advanceTurn(pos, p);
      continue;
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

/** Why an action cannot be played now, or null if it can. */
function refusal(pos: Position, action: number, legal: readonly number[]): string | null {
  if (pos.scalars[S_PHASE] === OVER) return 'the game is over';
  if (action === RESIGN) return null;
  if (action === DRAW)
    return pos.scalars[S_PHASE] === PLAY ? null : 'a draw can be agreed only in play';
  return legal.includes(action) ? null : 'it is not a legal action now';
}

/**
 * Play an action for the player to move, resolving the start of the next turn. Undo with
 * pos.undo(). Returns an error (and changes nothing) if the action is not legal now. `legal`:
 * the legal actions (legalActionList), when the caller has them already.
 */
export function play(
  pos: Position,
  action: number,
  legal: readonly number[] = legalActionList(pos),
): Result<void> {
  const why = refusal(pos, action, legal);
  if (why) return fail('illegal-action', why);
  playUnchecked(pos, action);
  return ok(undefined);
}

/** Play an action known to be legal (from legalActions): for search. Undo with pos.undo(). */
export function playUnchecked(pos: Position, action: number): void {
  const p = pos.turn;
  const flag = moveFlag(action);
  pos.begin();
  const mode = pos.mode;
  pos.set(
    pos.scalars,
    S_PASSES,
    flag === FLAG_PASS && mode === MODE_PASS ? pos.scalars[S_PASSES] + 1 : 0,
  );
  if (flag === FLAG_PLACE && mode === MODE_FLIGHT) flee(pos, action);
  else if (flag === FLAG_PLACE) place(pos, action);
  else if (flag === FLAG_PASS) endTurn(pos, p, false);
  else if (flag === FLAG_RESIGN) {
    eliminate(pos, p, -1, 'resigned');
    endTurn(pos, p, false);
  } else if (flag === FLAG_DRAW) finish(pos, DRAWN, 'agreement');
  else if (mode === MODE_CAPTURE) playCapture(pos, action, preyOf(pos, p));
  else if (mode === MODE_FINAL) endTurn(pos, p, applyMove(pos, action));
  else playMove(pos, action);
  startTurn(pos);
  pos.recordHash();
  if (pos.scalars[S_PHASE] === PLAY) automaticDraw(pos);
}

/** A placement (R2.3): the piece appears on its home square of the chosen board. */
function place(pos: Position, action: number): void {
  const p = pos.turn;
  const b = moveFromBoard(action);
  const piece = moveFrom(action);
  const to = moveTo(action);
  const seat = pos.seatOf(p, b);
  pos.putPiece(b, to, HOME_ROLES[piece] | (seat << 3));
  if (piece === KING_PIECE) {
    // Cowardly Kings: the king is placed like a piece, on one board (R9.3).
    pos.set(pos.kingSeat, p * pos.nb + b, seat);
    pos.set(pos.kingRel, p, seat ? to ^ 0x70 : to);
    pos.markStructural();
  }
  if (HOME_ROLES[piece] === ROOK) {
    const i = b * 2 + seat;
    pos.setCastle(i, pos.castle[i] | ((to & 7) === 0 ? 1 : 2));
  }
  pos.setUnplaced(p, pos.unplaced[p] & ~(1 << piece));
  endTurn(pos, p, false);
}

/** Start a position set up by hand: resolve the first turn (mate, stalemate, …). */
export function settle(pos: Position): void {
  startTurn(pos);
  pos.recordHash();
  pos.commit();
}
