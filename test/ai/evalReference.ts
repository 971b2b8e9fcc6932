/**
 * The reference evaluation: the evaluation as it was before the boards' facts were remembered
 * (eval.ts), analysing every board of the position at every call. Searches do not use it; the
 * benchmark times the same searches with it (bench/ai.ts) and test/ai/boardFacts.test.ts checks
 * that eval.ts gives exactly its values. What it computes is described in eval.ts.
 */
import {
  BISHOP,
  ELIMINATED,
  KING,
  KNIGHT,
  MAX_BOARDS,
  PAWN,
  QUEEN,
  ROOK,
  roleOf,
  seatOf,
  squareKey,
  type Position,
} from '../../src/core';
import { boardScale, standing, threatOrder, type Evaluation } from '../../src/ai/eval';
import { beside } from '../../src/ai/boardFacts';
import { ATTACK_WEIGHT, KING_END, MOBILITY_WEIGHT, PST, SAFETY, VALUE } from '../../src/ai/tables';

/**
 * The core's piece-code helpers as local bindings: under the test runner (Vite's module
 * transform) every use of an imported name goes through a getter, which doubled the time of
 * the per-square loops below.
 */
const roleOfCode = roleOf;
const seatOfCode = seatOf;
const keyOf = squareKey;

const KNIGHT_OFFSETS = [33, 31, 18, 14, -33, -31, -18, -14];
const KING_OFFSETS = [1, -1, 16, -16, 17, 15, -17, -15];
const DIAGONALS = [17, 15, -17, -15];
const ORTHOGONALS = [16, -16, 1, -1];

/** Penalty per open line into a king on one board. */
const OPEN_LINE = 14;
/** Penalty per hole next to the king (see below). */
const HOLE = 25;
/** Penalty per landing square next to a king that cannot step anywhere (see eval.ts). */
const LANDING = 200;

const KING_ATTACKER_VALUE = 2000;

/** The square of seat's king on board b (-1: none). */
function kingSquare(pos: Position, b: number, seat: number): number {
  for (let sq = 0; sq < 128; sq++)
    if (!(sq & 0x88) && pos.pieceAt(b, sq) === (KING | (seat << 3))) return sq;
  return -1;
}

/** The reference evaluation with its working arrays (one per searcher, as Evaluator). */
export class ReferenceEvaluator implements Evaluation {
  /** Attack weight sums and least attacker value, per (board * 2 + seat) * 128 + square. */
  private readonly atk = new Uint16Array(MAX_BOARDS * 2 * 128);
  private readonly least = new Uint16Array(MAX_BOARDS * 2 * 128);
  /** Pieces that may attack: per board and seat, whether its owner is still in the game. */
  private readonly seatActive = new Uint8Array(MAX_BOARDS * 2);
  /** Queen present per board and seat (king danger is larger against a queen). */
  private readonly hasQueen = new Uint8Array(MAX_BOARDS * 2);
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

  /** Fill the attack maps of seat `seat` of board b; returns the seat's mobility score. */
  private attackMap(pos: Position, b: number, seat: number): number {
    const { atk, least } = this;
    // Squares read by key (squareKey) in this hot loop rather than through pos.pieceAt.
    const s = pos.squares;
    const idx = (b * 2 + seat) * 128;
    atk.fill(0, idx, idx + 128);
    least.fill(0xffff, idx, idx + 128);
    let mobility = 0;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const c = s[keyOf(b, sq)];
      if (!c || seatOfCode(c) !== seat) continue;
      const role = roleOfCode(c);
      const w = ATTACK_WEIGHT[role];
      const v = role === KING ? KING_ATTACKER_VALUE : VALUE[role];
      if (role === PAWN) {
        const fwd = seat ? -16 : 16;
        for (let side = -1; side <= 1; side += 2) {
          const t = sq + fwd + side;
          if (t & 0x88) continue;
          atk[idx + t] += w;
          if (v < least[idx + t]) least[idx + t] = v;
        }
        continue;
      }
      if (role === KNIGHT || role === KING) {
        const offsets = role === KNIGHT ? KNIGHT_OFFSETS : KING_OFFSETS;
        let reach = 0;
        for (let i = 0; i < 8; i++) {
          const t = sq + offsets[i];
          if (t & 0x88) continue;
          atk[idx + t] += w;
          if (v < least[idx + t]) least[idx + t] = v;
          const tc = s[keyOf(b, t)];
          if (!tc || seatOfCode(tc) !== seat) reach++;
        }
        mobility += reach * MOBILITY_WEIGHT[role];
        continue;
      }
      let reach = 0;
      const diag = role !== ROOK; // bishop or queen
      const orth = role !== BISHOP; // rook or queen
      for (let i = 0; i < 8; i++) {
        if (i < 4 ? !orth : !diag) continue;
        const d = i < 4 ? ORTHOGONALS[i] : DIAGONALS[i - 4];
        for (let t = sq + d; !(t & 0x88); t += d) {
          atk[idx + t] += w;
          if (v < least[idx + t]) least[idx + t] = v;
          const tc = s[keyOf(b, t)];
          if (tc) {
            if (seatOfCode(tc) !== seat) reach++;
            break;
          }
          reach++;
        }
      }
      mobility += reach * MOBILITY_WEIGHT[role];
    }
    return mobility;
  }

  /**
   * The evaluation of `pos` for player `me` in centipawns (higher is better for me). Only
   * meaningful while the game goes on and `me` is in it.
   */
  evaluate(pos: Position, me: number): number {
    const { atk, least, seatActive, hasQueen, score, rank, realSum, realMax, savSum, savMax } =
      this;
    const { heavy, diagonalForce, lineForce } = this;
    const n = pos.n;
    const nb = pos.nb;
    const status = pos.status;
    for (let p = 0; p < n; p++) {
      score[p] = 0;
      realSum[p] = realMax[p] = savSum[p] = savMax[p] = 0;
      heavy[p] = 0;
      diagonalForce[p] = lineForce[p] = 0;
    }
    threatOrder(pos, rank);
    // Attack maps and mobility.
    for (let b = 0; b < nb; b++) {
      if (!pos.live[b]) continue;
      const o0 = pos.seatOwner[b * 2];
      const o1 = pos.seatOwner[b * 2 + 1];
      for (let seat = 0; seat < 2; seat++) {
        const o = seat ? o1 : o0;
        const active = status[o] !== ELIMINATED && o0 !== o1;
        seatActive[b * 2 + seat] = active ? 1 : 0;
        hasQueen[b * 2 + seat] = 0;
        if (active) score[o] += this.attackMap(pos, b, seat);
      }
    }
    // Material, tables, threats.
    const squares = pos.squares;
    let nonPawn = 0;
    for (let b = 0; b < nb; b++) {
      if (!pos.live[b]) continue;
      const scale = boardScale(pos, b);
      for (let sq = 0; sq < 128; sq++) {
        if (sq & 0x88) {
          sq += 7;
          continue;
        }
        const c = squares[keyOf(b, sq)];
        if (!c) continue;
        const seat = seatOfCode(c);
        const role = roleOfCode(c);
        const o = pos.seatOwner[b * 2 + seat];
        if (status[o] === ELIMINATED || role === KING) continue;
        const rel = seat ? sq ^ 0x70 : sq;
        const v = VALUE[role];
        score[o] += ((v + PST[role][rel]) * scale) >> 4;
        if (role !== PAWN) {
          nonPawn += v;
          if (role >= 4) heavy[o] += role === QUEEN ? 2 : 1;
        }
        if (role === QUEEN) hasQueen[b * 2 + seat] = 1;
        if (role === QUEEN || role === BISHOP) diagonalForce[o] = 1;
        if (role === QUEEN || role === ROOK) lineForce[o] = 1;
        // En prise: attacked by the enemy seat, undefended or attacked by something cheaper.
        const enemy = seat ^ 1;
        if (!seatActive[b * 2 + enemy]) continue;
        const ei = (b * 2 + enemy) * 128 + sq;
        if (!atk[ei]) continue;
        // The king is no defender (see boardFacts.ts).
        const king = kingSquare(pos, b, seat);
        const guards =
          atk[(b * 2 + seat) * 128 + sq] - (beside(sq, king) ? ATTACK_WEIGHT[KING] : 0);
        const defended = guards > 0;
        const threat = defended ? v - least[ei] : v;
        if (threat <= 0) continue;
        const attacker = pos.seatOwner[b * 2 + enemy];
        if (attacker === pos.turn) continue; // the search plays that capture
        if (rank[attacker] < rank[o]) {
          realSum[o] += threat;
          if (threat > realMax[o]) realMax[o] = threat;
        } else {
          savSum[o] += threat;
          if (threat > savMax[o]) savMax[o] = threat;
        }
      }
    }
    let live = 0;
    for (let p = 0; p < n; p++) if (status[p] !== ELIMINATED) live++;
    const endgame = nonPawn < 1600 * live;
    // Landing squares count with four or more players left (see eval.ts).
    const shallow = pos.playersLeft() >= 4;
    // King safety over the whole domain.
    for (let p = 0; p < n; p++) {
      if (status[p] === ELIMINATED) continue;
      const rel = pos.kingRel[p];
      const boards = pos.kingBoards[p];
      if (rel < 0 || boards.length === 0) continue;
      let danger = 0;
      score[p] += endgame ? KING_END[rel] : PST[KING][rel];
      for (const b of boards) {
        const seat = pos.kingSeat[p * nb + b];
        const enemy = seat ^ 1;
        if (!seatActive[b * 2 + enemy]) continue;
        const k = seat ? rel ^ 0x70 : rel;
        const ei = (b * 2 + enemy) * 128;
        let units = atk[ei + k];
        for (let i = 0; i < 8; i++) {
          const t = k + KING_OFFSETS[i];
          if (!(t & 0x88)) units += atk[ei + t];
        }
        let penalty = SAFETY[units > 63 ? 63 : units];
        if (!hasQueen[b * 2 + enemy]) penalty = (penalty * 5) >> 3;
        // Open lines into the king: any enemy slider may shift onto them from another board (R4).
        const eo = pos.seatOwner[b * 2 + enemy];
        for (let i = 0; i < 8; i++) {
          const d = KING_OFFSETS[i];
          const diagonal = i >= 4;
          if (diagonal ? !diagonalForce[eo] : !lineForce[eo]) continue;
          let landing = 0;
          let t = k + d;
          for (; !(t & 0x88); t += d) {
            const c = pos.pieceAt(b, t);
            if (c) break;
            landing++;
          }
          if (landing === 0) continue;
          const c = t & 0x88 ? 0 : pos.pieceAt(b, t);
          if (c && seatOfCode(c) === seat) continue; // blocked by my own piece
          penalty += OPEN_LINE + (landing > 1 ? 6 : 0);
        }
        // Pawn shield in front of a king on its first two relative ranks.
        if (!endgame && rel >> 4 <= 1) {
          const fwd = seat ? -16 : 16;
          const pawn = PAWN | (seat << 3);
          for (let df = -1; df <= 1; df++) {
            const t = k + fwd + df;
            if (t & 0x88) continue;
            if (pos.pieceAt(b, t) !== pawn && pos.pieceAt(b, t + fwd) !== pawn) penalty += 12;
          }
        }
        danger += penalty;
      }
      // Holes: a square next to the king held by one of my pieces on some board (so the linked
      // king cannot step there, R5.1) but empty and undefended on another board: an enemy piece
      // landing there checks and cannot be taken by the king.
      for (let i = 0; i < 8; i++) {
        const t = rel + KING_OFFSETS[i];
        if (t & 0x88) continue;
        let blocked = false;
        for (const b of boards) {
          const seat = pos.kingSeat[p * nb + b];
          const c = pos.pieceAt(b, seat ? t ^ 0x70 : t);
          if (c && seatOfCode(c) === seat && roleOfCode(c) !== KING) blocked = true;
        }
        if (!blocked) continue;
        for (const b of boards) {
          const seat = pos.kingSeat[p * nb + b];
          const enemy = seat ^ 1;
          if (!seatActive[b * 2 + enemy]) continue;
          const at = seat ? t ^ 0x70 : t;
          if (pos.pieceAt(b, at)) continue;
          const defenders = atk[(b * 2 + seat) * 128 + at] - ATTACK_WEIGHT[KING];
          if (defenders > 0) continue;
          danger += atk[(b * 2 + enemy) * 128 + at] ? HOLE * 2 : HOLE;
        }
      }
      // Landings: a square next to the king, empty and undefended but for the king on a board
      // where the enemy attacks it (counted while the king has at most one square to step to).
      let landings = 0;
      for (const b of boards) {
        const seat = pos.kingSeat[p * nb + b];
        const enemy = seat ^ 1;
        if (!seatActive[b * 2 + enemy]) continue;
        for (let i = 0; i < 8; i++) {
          const t = rel + KING_OFFSETS[i];
          if (t & 0x88) continue;
          const at = seat ? t ^ 0x70 : t;
          if (pos.pieceAt(b, at)) continue;
          if (atk[(b * 2 + seat) * 128 + at] - ATTACK_WEIGHT[KING] > 0) continue;
          if (atk[(b * 2 + enemy) * 128 + at]) landings++;
        }
      }
      // Where can the linked king still step? A square counts only if free and safe everywhere.
      let free = 0;
      let enemyForce = 0;
      for (const b of boards) {
        const enemy = pos.kingSeat[p * nb + b] ^ 1;
        if (seatActive[b * 2 + enemy])
          enemyForce += heavy[pos.seatOwner[b * 2 + enemy]] > 0 ? 1 : 0;
      }
      if (enemyForce > 0) {
        for (let i = 0; i < 8; i++) {
          const t = rel + KING_OFFSETS[i];
          if (t & 0x88) continue;
          let ok = true;
          for (const b of boards) {
            const seat = pos.kingSeat[p * nb + b];
            const at = seat ? t ^ 0x70 : t;
            const c = pos.pieceAt(b, at);
            if (c && seatOfCode(c) === seat) {
              ok = false;
              break;
            }
            if (seatActive[b * 2 + (seat ^ 1)] && atk[(b * 2 + (seat ^ 1)) * 128 + at]) {
              ok = false;
              break;
            }
          }
          if (ok) free++;
        }
        danger += free === 0 ? 50 : free === 1 ? 30 : free === 2 ? 12 : 0;
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
