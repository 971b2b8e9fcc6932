/**
 * Static evaluation over all boards, from the point of view of one player ("me").
 *
 * Every player p gets a score S(p): material and piece-square tables in relative coordinates
 * (R1.6), mobility (squares attacked on the piece's own board), king safety over the whole
 * domain (R5.3: an attack on any board counts — enemy attacks on the king zone of every board,
 * pawn shields, and the relative squares the linked king could still step to), and pieces en
 * prise. A threatened piece counts as lost in part only when its attacker moves before its
 * owner; when the owner moves first it can step or shift away (R4), so only the threats beyond
 * the first one count. Pieces on a board that is about to collapse (R9.2) are worth less, the
 * fewer turns are left, so that a bot moves them off and does not pile pieces onto it.
 *
 * The facts of each board (everything that depends on its pieces alone) are remembered by the
 * board's contents (boardFacts.ts), so that a search only analyses the boards a move changed;
 * this module applies them to the players who own the seats.
 *
 * The result is S(me) minus the average of the strongest opponent's S and the mean of the
 * opponents' S (the same with two players left), plus a bonus for every opponent already out
 * (eliminated, or checkmated and awaiting the capture: R6.3). What a mate leaves is weighed by
 * the rules that follow it: under Cowardly Kings the mated king will flee, so the player stays a
 * rival (R9.3); under Collapse its boards are doomed from the mate on (R9.2); and the checkmater,
 * whose next turn is the forced capture, acts last on the threats against its pieces.
 */
import { ACTIVE, COLLAPSE_TURNS, ELIMINATED, KING, MATED, type Position } from '../core';
import {
  BoardFacts,
  FACTS,
  FLAGS,
  HAS_DIAGONAL,
  HAS_LINE,
  HEAVY,
  KING_OFFSETS,
  KING_REL,
  MATERIAL,
  MOBILITY,
  NEIGHBOURS,
  NON_PAWN,
  OPEN_DIAGONAL,
  OPEN_LINES,
  SEAT_FIELDS,
  SHIELD_GAPS,
  THREAT_MAX,
  THREAT_SUM,
  ZONE,
  scaledMaterial,
} from './boardFacts';
import { KING_END, PST } from './tables';

/** Bonus per opponent no longer in the game. */
export const ELIMINATION_BONUS = 700;

/** Penalty per hole next to the king (see below); twice as much when the enemy hits it. */
const HOLE = 25;
/**
 * Penalty per landing square: next to a king that has at most one square to step to, empty and
 * defended by nothing but the king on a board where the enemy attacks it (see below).
 */
const LANDING = 200;
/** Danger by how many squares the linked king can still step to (0, 1, 2). */
const BOXED_IN = [50, 30, 12];

/** What a search needs of an evaluation (this one, or the reference in test/ai/evalReference.ts). */
export interface Evaluation {
  evaluate(pos: Position, me: number): number;
}

/** Value scale (of 16) of pieces on board b: lower on a doomed or enemy-less board. */
export function boardScale(pos: Position, b: number): number {
  let scale = 16;
  for (let seat = 0; seat < 2; seat++) {
    const o = pos.seatOwner[b * 2 + seat];
    if (pos.status[o] === MATED && pos.options.collapse && !pos.options.cowardly) {
      // Checkmated: once the king is taken the board collapses after a full countdown (R9.2).
      scale = Math.min(scale, 3 + 2 * COLLAPSE_TURNS);
      continue;
    }
    if (pos.status[o] !== ELIMINATED) continue;
    const c = pos.countdown[o];
    if (c > 0) scale = Math.min(scale, 3 + 2 * c);
    else scale = Math.min(scale, 15);
  }
  return scale;
}

/**
 * Who gets to act on a threat first: each player's rank in the turn order from the player to
 * move (99 for players out). A checkmater that owes the forced capture of a mated king ranks
 * last: its next turn is that capture (R6.3), so its pieces en prise cannot step away before
 * every other player has moved (the tempo an elimination costs the one who mates).
 */
export function threatOrder(pos: Position, rank: Int32Array): void {
  const n = pos.n;
  const status = pos.status;
  for (let p = 0; p < n; p++) rank[p] = 99;
  let p = pos.turn;
  for (let r = 0; r < n; r++) {
    if (status[p] !== ELIMINATED && rank[p] === 99) rank[p] = r;
    p = (p + 1) % n;
  }
  for (let x = 0; x < n; x++) {
    const by = pos.mateBy[x];
    if (status[x] === MATED && by >= 0 && status[by] !== ELIMINATED) rank[by] = n;
  }
}

/**
 * Is player p still a rival? A checkmated player awaiting the capture is out (R6.3), except
 * under Cowardly Kings, where the king flees instead and the player stays in the game (R9.3).
 */
const rival = (pos: Position, p: number): boolean =>
  pos.status[p] === ACTIVE || (pos.status[p] === MATED && pos.options.cowardly);

/**
 * The evaluation for `me` from every player's score S: S(me) minus the average of the strongest
 * opponent's S and the mean of the opponents' S, plus a bonus per opponent out of the game.
 */
export function standing(pos: Position, me: number, score: Int32Array): number {
  let others = 0;
  let strongest = -Infinity;
  let count = 0;
  let out = 0;
  for (let p = 0; p < pos.n; p++) {
    if (p === me) continue;
    if (rival(pos, p)) {
      others += score[p];
      if (score[p] > strongest) strongest = score[p];
      count++;
    } else out++;
  }
  if (!count) return score[me] + out * ELIMINATION_BONUS;
  // Measured against the strongest opponent as much as against the average one: the game is
  // won in the end against whoever is strongest, so weakening a weak opponent at one's own
  // expense does not pay, and an elimination is worth only what it removes.
  const threat = (strongest + others / count) / 2;
  return score[me] - Math.round(threat) + out * ELIMINATION_BONUS;
}

/** Set bits of an 8-bit mask. */
function bits(x: number): number {
  x = x - ((x >> 1) & 0x55);
  x = (x & 0x33) + ((x >> 2) & 0x33);
  return (x + (x >> 4)) & 0x0f;
}

/** Relative directions from each king square that stay on the board (bit i: KING_OFFSETS[i]). */
const ON_BOARD = new Uint8Array(128);
for (let rel = 0; rel < 128; rel++)
  for (let i = 0; i < 8; i++) if (!((rel + KING_OFFSETS[i]) & 0x88)) ON_BOARD[rel] |= 1 << i;

/**
 * The evaluation with its working arrays: each searcher owns one, so that two searches (or a
 * search and a placement plan) never share scratch space. The per-board facts are remembered
 * by board contents (boardFacts.ts).
 */
export class Evaluator implements Evaluation {
  private readonly boards = new BoardFacts();
  /** Pieces that may attack: per board and seat, whether its owner is still in the game. */
  private readonly seatActive = new Uint8Array(128);
  private readonly score = new Int32Array(8);
  private readonly rank = new Int32Array(8);
  private readonly realSum = new Int32Array(8);
  private readonly realMax = new Int32Array(8);
  private readonly savSum = new Int32Array(8);
  private readonly savMax = new Int32Array(8);
  private readonly heavy = new Int32Array(8);
  /** Per player: has a queen or bishop (diagonal attacker) / a queen or rook anywhere. */
  private readonly diagonalForce = new Uint8Array(8);
  private readonly lineForce = new Uint8Array(8);

  /**
   * The evaluation of `pos` for player `me` in centipawns (higher is better for me). Only
   * meaningful while the game goes on and `me` is in it.
   */
  evaluate(pos: Position, me: number): number {
    const { seatActive, score, rank, realSum, realMax, savSum, savMax } = this;
    const { heavy, diagonalForce, lineForce } = this;
    const n = pos.n;
    const nb = pos.nb;
    const status = pos.status;
    const seatOwner = pos.seatOwner;
    for (let p = 0; p < n; p++) {
      score[p] = 0;
      realSum[p] = realMax[p] = savSum[p] = savMax[p] = 0;
      heavy[p] = 0;
      diagonalForce[p] = lineForce[p] = 0;
    }
    threatOrder(pos, rank);
    const facts = this.boards.current;
    // Mobility, material, tables, threats: each board's facts, applied to its owners.
    let nonPawn = 0;
    for (let b = 0; b < nb; b++) {
      if (!pos.live[b]) continue;
      const f = b * FACTS;
      this.boards.lookup(pos.squares, b);
      const o0 = seatOwner[b * 2];
      const o1 = seatOwner[b * 2 + 1];
      seatActive[b * 2] = status[o0] !== ELIMINATED && o0 !== o1 ? 1 : 0;
      seatActive[b * 2 + 1] = status[o1] !== ELIMINATED && o0 !== o1 ? 1 : 0;
      const scale = boardScale(pos, b);
      for (let seat = 0; seat < 2; seat++) {
        const o = seat ? o1 : o0;
        if (status[o] === ELIMINATED) continue;
        const s = f + seat * SEAT_FIELDS;
        if (seatActive[b * 2 + seat]) score[o] += facts[s + MOBILITY];
        score[o] +=
          scale === 16 ? facts[s + MATERIAL] : scaledMaterial(pos.squares, b, seat, scale);
        nonPawn += facts[s + NON_PAWN];
        heavy[o] += facts[s + HEAVY];
        if (facts[s + FLAGS] & HAS_DIAGONAL) diagonalForce[o] = 1;
        if (facts[s + FLAGS] & HAS_LINE) lineForce[o] = 1;
        // En prise (threats the search does not play out: the attacker is not to move).
        const attacker = seat ? o0 : o1;
        const threat = facts[s + THREAT_SUM];
        if (!threat || !seatActive[b * 2 + (seat ^ 1)] || attacker === pos.turn) continue;
        const max = facts[s + THREAT_MAX];
        if (rank[attacker] < rank[o]) {
          realSum[o] += threat;
          if (max > realMax[o]) realMax[o] = max;
        } else {
          savSum[o] += threat;
          if (max > savMax[o]) savMax[o] = max;
        }
      }
    }
    let live = 0;
    for (let p = 0; p < n; p++) if (status[p] !== ELIMINATED) live++;
    const endgame = nonPawn < 1600 * live;
    // Landing squares count with four or more players left, where the searches are shallow (at
    // three the bots' searches see those checks coming); in placement too, so that the pieces
    // placed last cover them.
    const shallow = pos.playersLeft() >= 4;
    // King safety over the whole domain.
    for (let p = 0; p < n; p++) {
      if (status[p] === ELIMINATED) continue;
      const rel = pos.kingRel[p];
      const boards = pos.kingBoards[p];
      if (rel < 0 || boards.length === 0) continue;
      score[p] += endgame ? KING_END[rel] : PST[KING][rel];
      let danger = 0;
      // Own pieces next to the king on any board (the linked king cannot step there, R5.1),
      // and squares it cannot step to for an own piece or an enemy attack on some board.
      let blocked = 0;
      let shut = 0;
      let enemyForce = 0;
      let landings = 0;
      for (const b of boards) {
        const seat = pos.kingSeat[p * nb + b];
        const s = b * FACTS + seat * SEAT_FIELDS;
        if (facts[s + KING_REL] !== rel) continue; // not this king (cannot happen)
        const mask = facts[s + NEIGHBOURS];
        blocked |= mask & 0xff;
        shut |= mask & 0xff;
        if (!seatActive[b * 2 + (seat ^ 1)]) continue;
        shut |= mask >> 16;
        const eo = seatOwner[b * 2 + (seat ^ 1)];
        if (heavy[eo] > 0) enemyForce++;
        danger += facts[s + ZONE];
        // Open lines: any enemy slider may shift onto them from another board (R4).
        if (diagonalForce[eo]) danger += facts[s + OPEN_DIAGONAL];
        if (lineForce[eo]) danger += facts[s + OPEN_LINES];
        if (!endgame) danger += facts[s + SHIELD_GAPS];
      }
      // Holes: a square next to the king held by one of my pieces on some board but empty and
      // undefended on another: an enemy piece landing there checks and the king cannot take it.
      for (const b of boards) {
        const seat = pos.kingSeat[p * nb + b];
        const s = b * FACTS + seat * SEAT_FIELDS;
        if (facts[s + KING_REL] !== rel || !seatActive[b * 2 + (seat ^ 1)]) continue;
        const mask = facts[s + NEIGHBOURS];
        const holes = (mask >> 8) & blocked;
        if (holes) danger += HOLE * (bits(holes) + bits(holes & (mask >> 16)));
        landings += bits((mask >> 8) & (mask >> 16) & 0xff);
      }
      // Where can the linked king still step? A square counts only if free and safe everywhere.
      if (enemyForce > 0) {
        const free = bits(ON_BOARD[rel] & ~shut & 0xff);
        if (free < 3) danger += BOXED_IN[free];
        // An enemy piece landing next to such a king checks, and most often mates: the king
        // cannot take it where one of its pieces stands on that square on another board (R5.1),
        // and its one square left is easily taken away by the checker or the next player. From
        // four players on the searches are too shallow to see those quiet checks coming (Quiet
        // shifts, R9.7, leave them two moves: shift, then land).
        if (free <= 1 && shallow) danger += LANDING * landings;
      }
      score[p] -= danger;
    }
    // Threats: real ones count, avoidable ones only beyond the first.
    for (let p = 0; p < n; p++) {
      if (status[p] === ELIMINATED) continue;
      score[p] -=
        ((realMax[p] * 3) >> 2) + ((realSum[p] - realMax[p]) >> 2) + ((savSum[p] - savMax[p]) >> 1);
    }
    return standing(pos, me, score);
  }
}
