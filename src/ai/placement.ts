/**
 * The bots' placement policy (R2.3): one legal placement action per turn, building a sound army
 * on every board of the domain.
 *
 * - Pieces go out in a fixed order: the Cowardly king first (R9.3), then minor pieces, rooks,
 *   the queen and the outer pawns, and last the d-, e- and f-pawns that shield the king on
 *   relative e1, so that they can plug the lines the enemies' pieces threaten.
 * - Each candidate placement (the next few pieces of the order on every board) is played and
 *   scored by the king's exposure if play started now (the enemies' checks and mates in one)
 *   and by the evaluation as play starts (king danger — open lines, holes next to the linked
 *   king — and pieces en prise to players who move first).
 * - Each piece goes to the board that most lacks force: the target for a board is the force
 *   the enemy there has placed (plus its expected share of what it has not placed yet), and
 *   the board with the largest shortfall gets the piece.
 * - A rook or the queen and the pawn of its file go to one board (R2.4): whichever comes second
 *   follows the first. The pieces that shield kings go where the balanced placement puts them
 *   (core's setBoard): the queen and its d-pawn to the board shared with the next player (at
 *   three players every board then holds a d-pawn, and no king can be mated in one as play
 *   starts); from four players on the f-bishop, the f-pawn and (below eight players) the
 *   b-knight to the board shared with the previous player, facing that player's queen.
 * - Shield pawns go first to boards whose king still has no shield (under Cowardly Kings, to
 *   the king's board).
 * - No board is left empty: once the pieces left are as many as the empty boards, they fill
 *   them.
 *
 * A little seeded randomness (level 1 more) varies the choice among near-equal boards.
 */
import {
  ACTIVE,
  ELIMINATED,
  FLAG_PLACE,
  boardOfPlaced,
  heavyPartner,
  setBoard,
  HOME_ROLES,
  HOME_SQUARES,
  KING,
  MAX_MOVES,
  MODE_NORMAL,
  PLACEMENT,
  PAWN,
  PLAY,
  legalActions,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveToBoard,
  playUnchecked,
  roleOf,
  seatOf,
  type Position,
  createRng as seededRandom,
} from '../core';
import { kingSafe, kingSafeOn, makeLight } from './captures';
import type { Evaluation } from './eval';
import { VALUE } from './tables';

const ORDER = [15, 8, 9, 10, 11, 12, 13, 14, 2, 6, 1, 7, 0, 4, 3, 5];
const SHIELD = new Set([3, 4, 5]);

/**
 * The working space of a placement decision: the evaluation and two move lists, owned by the
 * caller so that nothing is shared between decisions.
 */
export class PlacementWorkspace {
  readonly moves = new Int32Array(MAX_MOVES);
  readonly replies = new Int32Array(MAX_MOVES);
  constructor(readonly evaluator: Evaluation) {}
}

const pieceValue = (i: number) => (i === 15 ? 0 : VALUE[HOME_ROLES[i]]);

/** Material of player p's pieces on board b, and whether a shield pawn (d/e/f) stands there. */
function boardForce(pos: Position, p: number, b: number): { material: number; shields: number } {
  let material = 0;
  let shields = 0;
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    const c = pos.pieceAt(b, sq);
    if (!c || roleOf(c) === KING || pos.ownerOf(b, c) !== p) continue;
    material += VALUE[roleOf(c)] || 1;
    const rel = seatOf(c) ? sq ^ 0x70 : sq;
    if (roleOf(c) === PAWN && rel >> 4 === 1 && (rel & 7) >= 3 && (rel & 7) <= 5) shields++;
  }
  return { material, shields };
}

/** The player who moves first once placement is over (R2.5). */
function firstMover(pos: Position): number {
  return pos.status[0] === ELIMINATED ? pos.nextPlayer(0) : 0;
}

/** Unplaced material of player p. */
function unplacedMaterial(pos: Position, p: number): number {
  let total = 0;
  for (let i = 0; i < 15; i++) if (pos.unplaced[p] & (1 << i)) total += pieceValue(i);
  return total;
}

/** Checks and mates in one that player q (to move now, in play) has against player me. */
function threats(
  pos: Position,
  q: number,
  me: number,
  ws: PlacementWorkspace,
): { checks: number; mates: number } {
  const { moves, replies } = ws;
  pos.setTurn(q);
  const end = legalActions(pos, moves, 0);
  let checks = 0;
  let mates = 0;
  // While my king is safe, a move other than a king's (a linked king moves on all its boards)
  // can check it only on the boards the move changes: the others are not played, and on the
  // rest only those boards are looked at.
  const safe = kingSafe(pos, me);
  const mine = pos.kingBoards[me];
  for (let i = 0; i < end; i++) {
    const m = moves[i];
    if (moveFlag(m) >= FLAG_PLACE) continue;
    const fb = moveFromBoard(m);
    const tb = moveToBoard(m);
    const some = safe && roleOf(pos.pieceAt(fb, moveFrom(m))) !== KING;
    if (some && !mine.includes(fb) && !mine.includes(tb)) continue;
    makeLight(pos, m);
    const safeAfter = some ? kingSafeOn(pos, me, fb) && kingSafeOn(pos, me, tb) : kingSafe(pos, me);
    if (!safeAfter) {
      checks++;
      pos.setTurn(me);
      if (legalActions(pos, replies, 0) === 0) mates++;
    }
    pos.undo();
  }
  return { checks, mates };
}

/** Unplaced pieces whose placement could open a mate at once: queen, rooks, bishops. */
const LONG_RANGE = [14, 12, 13, 10, 11];

/**
 * How exposed player `me` would be if play started now: for every opponent, its moves that
 * check me and those that mate me at once (the linked king is easily boxed in by its own
 * pieces on other boards, so an empty square next to it on any board can be a mating square),
 * and, one placement ahead, the mates its unplaced queen, rooks or bishops would give if placed
 * on one of its boards. The position is restored.
 */
export function exposure(
  pos: Position,
  me: number,
  ws: PlacementWorkspace,
  lookahead = true,
): number {
  if (pos.kingRel[me] < 0) return 0;
  let danger = 0;
  pos.begin();
  pos.setPhase(PLAY);
  pos.setMode(MODE_NORMAL);
  for (let q = 0; q < pos.n; q++) {
    if (q === me || pos.status[q] !== ACTIVE || pos.kingRel[q] < 0) continue;
    const now = threats(pos, q, me, ws);
    danger += now.mates * 1000 + Math.min(now.checks, 12) * 40;
    if (!lookahead || now.mates) continue;
    let potential = 0;
    for (const i of LONG_RANGE) {
      if (!(pos.unplaced[q] & (1 << i))) continue;
      for (const b of pos.domain[q]) {
        const seat = pos.seatOf(q, b);
        const sq = HOME_SQUARES[i] ^ (seat ? 0x70 : 0);
        if (pos.pieceAt(b, sq)) continue;
        pos.begin();
        pos.putPiece(b, sq, HOME_ROLES[i] | (seat << 3));
        if (threats(pos, q, me, ws).mates) potential++;
        pos.undo();
      }
    }
    danger += Math.min(potential, 4) * 300;
  }
  pos.undo();
  return danger;
}

/**
 * The placement for the player to move (placement phase only).
 *
 * Each turn the player plans where all its remaining pieces go: a greedy start (each piece in
 * order to the board that most lacks force, shield pawns to boards without one), improved by
 * moving single pieces to other boards while that lowers the score of the whole planned army:
 * exposure() of the final arrangement, the evaluation as play starts, and the imbalance of force
 * against each board's enemy. Then it places the next piece of the order where the plan says.
 *
 * `randomness` in [0, 1] is the chance of a random board instead (level 1); `effort` 0 skips
 * the planning (greedy only), 1 plans with the one-placement lookahead of exposure(), 2 also
 * checks the last few placements by search (with `verify`, up to 4 players): each candidate
 * (the next pieces on every board) is played, every player's placement is finished greedily,
 * and the position play starts from is searched from this player's point of view.
 */
export function choosePlacement(
  pos: Position,
  rng: () => number,
  ws: PlacementWorkspace,
  randomness = 0,
  effort = 1,
  verify?: PlacementVerifier,
): number {
  const p = pos.turn;
  const end = legalActions(pos, ws.moves, 0);
  const legal = Array.from(ws.moves.subarray(0, end));
  if (legal.length === 1) return legal[0];
  const domain = pos.domain[p];
  const pieces = ORDER.filter((i) => legal.some((m) => moveFrom(m) === i));
  const action = (piece: number, b: number) =>
    legal.find((m) => moveFrom(m) === piece && moveFromBoard(m) === b) ?? legal[0];
  const piece = pieces[0];
  if (domain.length === 1) return action(piece, domain[0]);
  // A rook or the queen and the pawn of its file stand together (R2.4): the second follows;
  // the pieces that shield kings go to their boards (setBoard), unless every piece left is
  // needed for the boards still empty (R2.4): then to one of those.
  const set = setBoard(pos, p, piece);
  const empty = domain.filter((b) => boardForce(pos, p, b).material === 0);
  // The pieces left that can fill an empty board: not a pawn whose rook or queen stands (it
  // follows), and a rook or queen with its pawn, both unplaced, fill one.
  const follows = (i: number) => {
    const q = heavyPartner(i);
    return q !== undefined && (boardOfPlaced(pos, p, q) >= 0 || (pieces.includes(q) && i < q));
  };
  const fillers = pieces.filter((i) => !follows(i)).length;
  const partner = heavyPartner(piece);
  const standing = partner !== undefined && boardOfPlaced(pos, p, partner) >= 0;
  if (set >= 0) {
    const needed = !standing && empty.length >= fillers && !empty.includes(set);
    return action(piece, needed ? empty[0] : set);
  }
  // A Cowardly king (R9.3) goes first, to the board where the enemy has placed least.
  if (piece === 15) {
    let best = domain[0];
    let least = Infinity;
    for (const b of domain) {
      const enemy = pos.seatOwner[b * 2 + (pos.seatOf(p, b) ^ 1)];
      const force = boardForce(pos, enemy, b).material + rng() * 50;
      if (force < least) {
        least = force;
        best = b;
      }
    }
    return action(piece, best);
  }
  if (randomness > 0 && rng() < randomness) {
    const choices = empty.length >= fillers ? empty : domain;
    return action(piece, choices[Math.floor(rng() * choices.length)]);
  }
  const plan = new Planner(pos, p, pieces, rng, ws).plan(effort);
  const planned = action(piece, plan[0]);
  if (!verify || effort < 2 || pieces.length > VERIFY_LAST || pos.n > 4) return planned;
  // The last placements decide the king's safety: try the next pieces on every board, finish
  // everyone's placement greedily, and search the position play starts from.
  const candidates = [planned];
  for (const next of pieces.slice(0, 3))
    for (const b of domain) {
      const m = action(next, b);
      const partner = heavyPartner(next);
      const apart = partner !== undefined && ![-1, b].includes(boardOfPlaced(pos, p, partner));
      if (candidates.length < MAX_CANDIDATES && !candidates.includes(m) && moveFrom(m) === next)
        if (moveFromBoard(m) === b && !apart) candidates.push(m);
    }
  let best = planned;
  let bestValue = -Infinity;
  for (const m of candidates) {
    const v = finishAndVerify(pos, m, p, ws, verify);
    if (v > bestValue) {
      bestValue = v;
      best = m;
    }
  }
  return best;
}

/** Placements left to a player when the search checks its candidates (effort 2). */
const VERIFY_LAST = 3;
/** Candidates checked by search per placement. */
const MAX_CANDIDATES = 6;

/** A search of a position for a player (see Searcher.value), to compare placements. */
export type PlacementVerifier = (pos: Position, me: number) => number;

/** Play placement m, finish every player's placement greedily, value the result for me. */
function finishAndVerify(
  pos: Position,
  m: number,
  me: number,
  ws: PlacementWorkspace,
  verify: PlacementVerifier,
): number {
  const rng = seededRandom('finish');
  let plays = 0;
  playUnchecked(pos, m);
  plays++;
  while (pos.phase === PLACEMENT && plays < 200) {
    playUnchecked(pos, choosePlacement(pos, rng, ws, 0, 0));
    plays++;
  }
  const v = verify(pos, me);
  while (plays-- > 0) pos.undo();
  return v;
}

/** Plans where the remaining pieces of one player go (see choosePlacement). */
class Planner {
  private readonly domain: number[];
  private readonly need: number[];
  private readonly placed: number[];
  private readonly shields: number[];
  private readonly kingBoard: number;
  private readonly myTotal: number;
  private readonly needTotal: number;

  constructor(
    private readonly pos: Position,
    private readonly p: number,
    private readonly pieces: number[],
    private readonly rng: () => number,
    private readonly ws: PlacementWorkspace,
  ) {
    this.domain = pos.domain[p];
    const force = this.domain.map((b) => boardForce(pos, p, b));
    this.placed = force.map((f) => f.material);
    this.shields = force.map((f) => f.shields);
    this.kingBoard = pos.options.cowardly ? (pos.kingBoards[p][0] ?? -1) : -1;
    // What each board needs: the enemy's force there, placed and expected.
    this.need = this.domain.map((b) => {
      const enemy = pos.seatOwner[b * 2 + (pos.seatOf(p, b) ^ 1)];
      if (enemy === p || pos.status[enemy] === ELIMINATED) return 100;
      const spread = pos.domain[enemy].length || 1;
      const expected = boardForce(pos, enemy, b).material + unplacedMaterial(pos, enemy) / spread;
      return 300 + expected * (b === this.kingBoard ? 1.3 : 1);
    });
    this.needTotal = this.need.reduce((a, x) => a + x, 0);
    this.myTotal = this.placed.reduce((a, x) => a + x, 0) + unplacedMaterial(pos, p);
  }

  /** Board (index into the domain) of each piece of `pieces`, greedy then improved. */
  plan(effort: number): number[] {
    const n = this.domain.length;
    const load = this.placed.slice();
    const shields = this.shields.slice();
    const assign: number[] = [];
    for (const piece of this.pieces) {
      // A rook or the queen and the pawn of its file go together (R2.4).
      const with_ = this.partnerIndex(piece, assign);
      if (with_ >= 0) {
        assign.push(with_);
        load[with_] += pieceValue(piece) || 1;
        if (SHIELD.has(piece)) shields[with_]++;
        continue;
      }
      let best = 0;
      let bestV = -Infinity;
      for (let k = 0; k < n; k++) {
        let v = (this.myTotal * this.need[k]) / this.needTotal - load[k] + this.rng() * 20;
        if (SHIELD.has(piece)) {
          if (this.kingBoard >= 0) v += this.domain[k] === this.kingBoard ? 2000 : 0;
          else v += shields[k] === 0 ? 1000 : -200 * shields[k];
        }
        if (load[k] === 0) v += 500;
        if (v > bestV) {
          bestV = v;
          best = k;
        }
      }
      load[best] += pieceValue(piece) || 1;
      if (SHIELD.has(piece)) shields[best]++;
      assign.push(best);
    }
    if (effort <= 0) return assign.map((k) => this.domain[k]);
    const players = this.pos.n;
    const lookahead = players <= 3 || (players <= 4 && this.pieces.length <= 8);
    // Evaluations allowed per decision: each costs a scan of every opponent's moves.
    let budget = players <= 3 ? 60 : players === 4 ? 40 : players === 5 ? 24 : 12;
    let score = this.score(assign, lookahead);
    for (let pass = 0; pass < 2 && budget > 0; pass++) {
      let improved = false;
      for (let i = 0; i < assign.length && budget > 0; i++) {
        // A heavy pair moves together; a half whose partner stands already stays with it.
        if (setBoard(this.pos, this.p, this.pieces[i]) >= 0) continue;
        const partner = heavyPartner(this.pieces[i]);
        const j = partner === undefined ? -1 : this.pieces.indexOf(partner);
        const was = assign[i];
        for (let k = 0; k < n && budget > 0; k++) {
          if (k === was) continue;
          assign[i] = k;
          if (j >= 0) assign[j] = k;
          budget--;
          const v = this.score(assign, lookahead);
          if (v < score - 1) {
            score = v;
            improved = true;
            break;
          }
          assign[i] = was;
          if (j >= 0) assign[j] = was;
        }
      }
      if (!improved) break;
    }
    return assign.map((k) => this.domain[k]);
  }

  /**
   * The domain index piece must go to: the board set for it (setBoard: its heavy partner's,
   * or the queen's pair's), or its partner's place in the plan so far; -1 if free.
   */
  private partnerIndex(piece: number, assign: readonly number[]): number {
    const set = setBoard(this.pos, this.p, piece);
    if (set >= 0) return this.domain.indexOf(set);
    const partner = heavyPartner(piece);
    if (partner === undefined) return -1;
    const j = this.pieces.indexOf(partner);
    return j >= 0 && j < assign.length ? assign[j] : -1;
  }

  /** Score of a planned army (lower is better): exposure, evaluation, imbalance, empty boards. */
  private score(assign: number[], lookahead: boolean): number {
    const pos = this.pos;
    const p = this.p;
    const load = this.placed.slice();
    pos.begin();
    for (let i = 0; i < assign.length; i++) {
      const piece = this.pieces[i];
      const b = this.domain[assign[i]];
      const seat = pos.seatOf(p, b);
      pos.putPiece(b, HOME_SQUARES[piece] ^ (seat ? 0x70 : 0), HOME_ROLES[piece] | (seat << 3));
      load[assign[i]] += pieceValue(piece) || 1;
    }
    let v = exposure(pos, p, this.ws, lookahead);
    // The whole evaluation as play starts: first mover to move, so that a piece left en prise
    // to someone who moves first counts.
    pos.setTurn(firstMover(pos));
    v -= this.ws.evaluator.evaluate(pos, p);
    pos.undo();
    const shields = this.shields.slice();
    for (let i = 0; i < assign.length; i++) if (SHIELD.has(this.pieces[i])) shields[assign[i]]++;
    let shielded = 0;
    for (let k = 0; k < load.length; k++) {
      const target = (this.myTotal * this.need[k]) / this.needTotal;
      v += Math.abs(target - load[k]) * 0.3;
      if (load[k] === 0) v += 2000;
      if (shields[k] > 0) shielded++;
    }
    // A d-, e- or f-pawn in front of the king on as many boards as there are such pawns.
    if (this.kingBoard < 0) v += Math.max(0, Math.min(3, load.length) - shielded) * 150;
    return v;
  }
}
