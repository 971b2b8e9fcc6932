/**
 * Legality: the legal actions of the player to move — placements (R2.3), moves (R3–R5), the
 * final move and the forced capture (R6.3), stalemate passes (R6.5), flights (R9.3), the
 * boards still due in a Hyperspace turn (R9.1) — and why an action cannot be played now.
 * What an action does is in make.ts; playing one after checking it is play.ts.
 */
import { inCheck } from './attacks';
import { LABELS } from './geometry';
import { flightOptions } from './elimination';
import { isKingMove, kingTargetOn } from './kingMove';
import { playCapture } from './make';
import {
  DRAW,
  HOME_SQUARES,
  PASS,
  RESIGN,
  SEAT_BOT,
  SEAT_RETURN,
  encodePlacement,
  isSeatAction,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  seatActionKind,
  seatActionLevel,
  seatActionPlayer,
} from './move';
import { generateMoves } from './movegen';
import { borrowList, returnList } from './moveLists';
import {
  DUE_STARTED,
  ELIMINATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_PASS,
  OVER,
  PLACEMENT,
  PLAY,
  S_DUE,
  S_PHASE,
  type Position,
} from './position';
import { quietBreach } from './quiet';
import { preyOf } from './turnEnd';
import { KING } from './types';

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
export function forcedCaptures(pos: Position, out: Int32Array, start: number): number {
  const p = pos.turn;
  const prey = preyOf(pos, p);
  const moves = borrowList();
  const end = generateMoves(pos, moves, 0, false, prey);
  let count = start;
  for (let i = 0; i < end; i++) {
    const m = moves[i];
    if (!takesPreyKing(pos, m, prey)) continue;
    pos.begin();
    playCapture(pos, m, prey);
    const safe = !inCheck(pos, p);
    pos.undo();
    if (safe) out[count++] = m;
  }
  returnList(moves);
  return count;
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
 * (R6.6) and agreeing a draw (R8.2) are always open too and are not listed. `quiet`: whether
 * Quiet shifts apply (R9.7; by default as the position's options say).
 */
export function legalActions(
  pos: Position,
  out: Int32Array,
  start = 0,
  quiet = pos.options.quiet,
): number {
  const phase = pos.scalars[S_PHASE];
  if (phase === OVER) return start;
  // A king may have to flee during placement too, when its board collapses (R9.2, R9.3).
  if (phase === PLACEMENT && pos.mode !== MODE_FLIGHT) return placements(pos, out, start);
  switch (pos.mode) {
    case MODE_PASS:
      out[start] = PASS;
      return start + 1;
    case MODE_CAPTURE:
      return forcedCaptures(pos, out, start);
    case MODE_FLIGHT:
      return flightOptions(pos, pos.turn, out, start);
    case MODE_FINAL: {
      const end = generateMoves(pos, out, start, false, 0, quiet);
      if (end > start) return end;
      out[start] = PASS;
      return start + 1;
    }
    default:
      return hyperspaceFilter(pos, out, start, generateMoves(pos, out, start, true, 0, quiet));
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

/** The legal actions as a plain array (for the facade and the UI; search uses legalActions). */
export function legalActionList(pos: Position): number[] {
  const moves = borrowList();
  const end = legalActions(pos, moves, 0);
  const list = new Array<number>(end);
  for (let i = 0; i < end; i++) list[i] = moves[i];
  returnList(moves);
  return list;
}

/**
 * Why seat action m (R11.4) cannot be played now, or null if it can: its player must be in the
 * game, a bot's level 1–3, and a player takes their seat back on their turn (R11.3). Whether a
 * bot holds the seat is the record's business (Game.play).
 */
export function seatRefusal(pos: Position, m: number): string | null {
  const p = seatActionPlayer(m);
  const kind = seatActionKind(m);
  if (p >= pos.n || kind > SEAT_RETURN || moveFromBoard(m) || moveToBoard(m))
    return 'it is not a seat action of this game';
  if (pos.scalars[S_PHASE] === OVER) return 'the game is over';
  if (pos.status[p] === ELIMINATED) return `player ${LABELS[p]} is out of the game`;
  const level = seatActionLevel(m);
  if (kind === SEAT_BOT ? level < 1 || level > 3 : level !== 0)
    return "a bot's level must be 1, 2 or 3";
  if (kind === SEAT_RETURN && pos.turn !== p)
    return `a player takes their seat back on their turn, and it is ${LABELS[pos.turn]}'s turn`;
  return null;
}

/** Why an action cannot be played now, or null if it can. */
export function refusal(pos: Position, action: number, legal: readonly number[]): string | null {
  if (isSeatAction(action)) return seatRefusal(pos, action);
  if (pos.scalars[S_PHASE] === OVER) return 'the game is over';
  if (action === RESIGN) return null;
  if (action === DRAW)
    return pos.scalars[S_PHASE] === PLAY ? null : 'a draw can be agreed only in play';
  if (legal.includes(action)) return null;
  return quietRefusal(pos, action) ?? 'it is not a legal action now';
}

/**
 * Why R9.7 refuses move m, or null when m is not a shift the rules as written would allow now
 * that gives check.
 */
export function quietRefusal(pos: Position, m: number): string | null {
  const breach = quietBreach(pos, m);
  if (!breach) return null;
  const moves = borrowList();
  const end = legalActions(pos, moves, 0, false);
  const asWritten = moves.subarray(0, end).includes(m);
  returnList(moves);
  if (!asWritten) return null;
  const king = `${LABELS[pos.ownerAt(breach.board, breach.king)]}'s king on ${pos.g.names[breach.board]}`;
  return breach.kind === 'arrival'
    ? `a piece arriving from another board may not give check, and it would check ${king} (R9.7 Quiet shifts)`
    : `a piece leaving for another board may not uncover a check, and it would uncover one on ${king} (R9.7 Quiet shifts)`;
}
