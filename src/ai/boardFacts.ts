/**
 * What the evaluation needs to know about one board, computed from the board's 64 squares
 * alone, and remembered by the board's contents.
 *
 * A move changes one or two boards (a king move, every board the king stands on), so most of
 * the 3–28 boards of a position a search evaluates are boards it has evaluated before. The
 * facts of a board — for each seat its mobility, material, en-prise threats and, where its king
 * stands, the attacks on the king zone, open lines, pawn shield and the squares next to the
 * king — depend only on the pieces on it (codes carry the seat; relative squares follow from
 * the seat), not on who owns the seats, whose turn it is or which board it is. They are kept
 * in a table keyed by the contents themselves (compared in full, so a hit is always exact) and
 * only a board never seen before is analysed. Everything that depends on the rest of the game
 * (owners, eliminations, Collapse countdowns, the turn order) is applied by the evaluation
 * when it combines the facts (eval.ts). The results are therefore the same with or without the
 * table, and the same in every process: the table only saves time. They are exactly those of
 * the evaluation that analyses every board at every call (test/ai/evalReference.ts; see
 * test/ai/boardFacts.test.ts).
 */
import { BISHOP, KING, KNIGHT, MAX_BOARDS, PAWN, QUEEN, ROOK } from '../core';
import { ATTACK_WEIGHT, MOBILITY_WEIGHT, PST, SAFETY, VALUE } from './tables';

export const KING_OFFSETS = [1, -1, 16, -16, 17, 15, -17, -15];
const KNIGHT_OFFSETS = [33, 31, 18, 14, -33, -31, -18, -14];
const DIAGONALS = [17, 15, -17, -15];
const ORTHOGONALS = [16, -16, 1, -1];

/** Penalty per open line into a king on one board (more when a slider can land far). */
const OPEN_LINE = 14;
const OPEN_LINE_LONG = 6;
/** Penalty per shield square without a pawn in front of a king on its first two ranks. */
const SHIELD = 12;
/** Value of a king as an attacker (only matters as "the least attacker" of a square). */
const KING_ATTACKER_VALUE = 2000;

/** Per-seat fields of a board's facts (at seat * SEAT_FIELDS + field). */
export const MOBILITY = 0;
/** Material and piece-square values (unscaled) of the seat's pieces other than the king. */
export const MATERIAL = 1;
export const NON_PAWN = 2;
/** Rooks count 1, queens 2. */
export const HEAVY = 3;
/** FLAGS bits: a queen, a diagonal slider (queen or bishop), a line slider (queen or rook). */
export const FLAGS = 4;
export const HAS_QUEEN = 1;
export const HAS_DIAGONAL = 2;
export const HAS_LINE = 4;
/** The seat's pieces en prise to the other seat: sum and largest of what each would lose. */
export const THREAT_SUM = 5;
export const THREAT_MAX = 6;
/** The seat's king: its relative square (-1: no king of this seat here). */
export const KING_REL = 7;
/** Attacks on the king zone (already lowered when the enemy seat has no queen). */
export const ZONE = 8;
/** Open diagonal and straight lines into the king (count only if the enemy owns such sliders). */
export const OPEN_DIAGONAL = 9;
export const OPEN_LINES = 10;
/** Missing shield pawns (counts outside the endgame). */
export const SHIELD_GAPS = 11;
/**
 * Bit masks over the king's eight neighbours (relative directions, KING_OFFSETS order): bits
 * 0–7 own piece there, 8–15 empty and undefended but for the king, 16–23 attacked by the enemy
 * seat. Bit i is set only when the neighbour is on the board.
 */
export const NEIGHBOURS = 12;
export const SEAT_FIELDS = 13;
export const FACTS = SEAT_FIELDS * 2;

/** The 16 words of a board's 64 squares (0x88: 8 bytes of squares, 8 of padding, per rank). */
const KEY_WORDS = 16;
const STRIDE = KEY_WORDS + FACTS;
const SLOT_BITS = 13;

/** Are squares a and b (0x88) next to each other? (false when b is -1) */
export const beside = (a: number, b: number): boolean =>
  b >= 0 && a !== b && Math.abs((a & 7) - (b & 7)) <= 1 && Math.abs((a >> 4) - (b >> 4)) <= 1;

/** Material and piece-square value (unscaled) of a piece other than a king. */
const worth = (role: number, rel: number): number => VALUE[role] + PST[role][rel];

/**
 * The material of one seat of board b scaled piece by piece ((worth * scale) >> 4 each, as
 * the evaluation always rounded), for a board whose value scale is below 16 (a collapsing or
 * enemy-less board: rare, so counted here rather than remembered per scale).
 */
export function scaledMaterial(s: Uint8Array, b: number, seat: number, scale: number): number {
  const base = b << 7;
  let sum = 0;
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) {
      sq += 7;
      continue;
    }
    const c = s[base + sq];
    if (!c || c >> 3 !== seat || (c & 7) === KING) continue;
    sum += (worth(c & 7, seat ? sq ^ 0x70 : sq) * scale) >> 4;
  }
  return sum;
}

/** The facts of boards by their contents: a direct-mapped table of the last board analysed in each slot. */
export class BoardFacts {
  private readonly table = new Int32Array((1 << SLOT_BITS) * STRIDE);
  private readonly used = new Uint8Array(1 << SLOT_BITS);
  /** Attack weight sums and least attacker value of each seat (seat * 128 + square). */
  private readonly atk = new Uint16Array(256);
  private readonly least = new Uint16Array(256);
  /** Each seat's king square (-1: none), set with its attack map. */
  private readonly kingAt = new Int32Array(2);
  /** The facts of each board at the last lookup (board * FACTS + seat * SEAT_FIELDS + field). */
  readonly current = new Int32Array(MAX_BOARDS * FACTS);
  /** The on-board words of each board index at its last lookup, and whether there was one. */
  private readonly last = new Int32Array(MAX_BOARDS * KEY_WORDS);
  private readonly lastValid = new Uint8Array(MAX_BOARDS);
  private squares: Uint8Array | null = null;
  private words: Int32Array = new Int32Array(0);

  /**
   * Bring the facts of board b of `squares` (the position's square array) into `current` at
   * b * FACTS (seat * SEAT_FIELDS + field). A board unchanged since the last call for the same
   * board index costs a comparison of its squares; otherwise the table is probed, and only a
   * board never seen (or pushed out) is analysed. Facts are copied out of the table because
   * two boards of one position may share a slot.
   */
  lookup(squares: Uint8Array, b: number): void {
    if (squares !== this.squares) {
      this.squares = squares;
      this.words = new Int32Array(squares.buffer, squares.byteOffset, squares.length >> 2);
    }
    const w = this.words;
    const base = b * 32;
    const last = this.last;
    const key = b * KEY_WORDS;
    let same = this.lastValid[b] === 1;
    for (let i = 0, r = 0; same && r < 32; r += 4, i += 2)
      same = last[key + i] === w[base + r] && last[key + i + 1] === w[base + r + 1];
    if (same) return;
    let h = 0x2545f491;
    for (let i = 0, r = 0; r < 32; r += 4, i += 2) {
      last[key + i] = w[base + r];
      last[key + i + 1] = w[base + r + 1];
      h = Math.imul(h ^ w[base + r], 0x9e3779b1);
      h = Math.imul(h ^ (h >>> 15) ^ w[base + r + 1], 0x85ebca77);
      h ^= h >>> 13;
    }
    this.lastValid[b] = 1;
    h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
    const slot = (h ^ (h >>> 16)) & ((1 << SLOT_BITS) - 1);
    const t = this.table;
    const at = slot * STRIDE;
    same = this.used[slot] === 1;
    for (let i = 0; same && i < KEY_WORDS; i++) same = t[at + i] === last[key + i];
    if (!same) {
      for (let i = 0; i < KEY_WORDS; i++) t[at + i] = last[key + i];
      this.used[slot] = 1;
      this.analyse(squares, b << 7, at + KEY_WORDS);
    }
    const out = this.current;
    const to = b * FACTS;
    for (let i = 0; i < FACTS; i++) out[to + i] = t[at + KEY_WORDS + i];
  }

  /** Analyse the board whose squares start at `base` into the facts at `out`. */
  private analyse(s: Uint8Array, base: number, out: number): void {
    const t = this.table;
    t.fill(0, out, out + FACTS);
    t[out + KING_REL] = -1;
    t[out + SEAT_FIELDS + KING_REL] = -1;
    for (let seat = 0; seat < 2; seat++)
      t[out + seat * SEAT_FIELDS + MOBILITY] = this.attacks(s, base, seat);
    const { atk, least } = this;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const c = s[base + sq];
      if (!c) continue;
      const seat = c >> 3;
      const role = c & 7;
      const f = out + seat * SEAT_FIELDS;
      const rel = seat ? sq ^ 0x70 : sq;
      if (role === KING) {
        this.king(s, base, seat, sq, f);
        continue;
      }
      const v = VALUE[role];
      t[f + MATERIAL] += worth(role, rel);
      if (role !== PAWN) {
        t[f + NON_PAWN] += v;
        if (role >= ROOK) t[f + HEAVY] += role === QUEEN ? 2 : 1;
      }
      if (role === QUEEN) t[f + FLAGS] |= HAS_QUEEN | HAS_DIAGONAL | HAS_LINE;
      else if (role === BISHOP) t[f + FLAGS] |= HAS_DIAGONAL;
      else if (role === ROOK) t[f + FLAGS] |= HAS_LINE;
      // En prise: attacked by the other seat, undefended or attacked by something cheaper. The
      // king is no defender: taking back with it moves it on every board (R5.1), which its own
      // pieces on the other boards most often forbid.
      const ei = (seat ^ 1) * 128 + sq;
      if (!atk[ei]) continue;
      const guards =
        atk[seat * 128 + sq] - (beside(sq, this.kingAt[seat]) ? ATTACK_WEIGHT[KING] : 0);
      const threat = guards > 0 ? v - least[ei] : v;
      if (threat <= 0) continue;
      t[f + THREAT_SUM] += threat;
      if (threat > t[f + THREAT_MAX]) t[f + THREAT_MAX] = threat;
    }
    // The king zone counts a queen's attacks fully, other attackers' for 5/8 (set after both seats).
    for (let seat = 0; seat < 2; seat++) {
      const f = out + seat * SEAT_FIELDS;
      const enemyQueen = t[out + (seat ^ 1) * SEAT_FIELDS + FLAGS] & HAS_QUEEN;
      if (t[f + KING_REL] >= 0 && !enemyQueen) t[f + ZONE] = (t[f + ZONE] * 5) >> 3;
    }
  }

  /** Fill the attack maps of one seat; returns its mobility score. */
  private attacks(s: Uint8Array, base: number, seat: number): number {
    const { atk, least } = this;
    const idx = seat * 128;
    atk.fill(0, idx, idx + 128);
    least.fill(0xffff, idx, idx + 128);
    this.kingAt[seat] = -1;
    let mobility = 0;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const c = s[base + sq];
      if (!c || c >> 3 !== seat) continue;
      const role = c & 7;
      const w = ATTACK_WEIGHT[role];
      const v = role === KING ? KING_ATTACKER_VALUE : VALUE[role];
      if (role === KING) this.kingAt[seat] = sq;
      if (role === PAWN) {
        const fwd = seat ? -16 : 16;
        for (let side = -1; side <= 1; side += 2) {
          const to = sq + fwd + side;
          if (to & 0x88) continue;
          atk[idx + to] += w;
          if (v < least[idx + to]) least[idx + to] = v;
        }
        continue;
      }
      if (role === KNIGHT || role === KING) {
        const offsets = role === KNIGHT ? KNIGHT_OFFSETS : KING_OFFSETS;
        let reach = 0;
        for (let i = 0; i < 8; i++) {
          const to = sq + offsets[i];
          if (to & 0x88) continue;
          atk[idx + to] += w;
          if (v < least[idx + to]) least[idx + to] = v;
          const tc = s[base + to];
          if (!tc || tc >> 3 !== seat) reach++;
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
        for (let to = sq + d; !(to & 0x88); to += d) {
          atk[idx + to] += w;
          if (v < least[idx + to]) least[idx + to] = v;
          const tc = s[base + to];
          if (tc) {
            if (tc >> 3 !== seat) reach++;
            break;
          }
          reach++;
        }
      }
      mobility += reach * MOBILITY_WEIGHT[role];
    }
    return mobility;
  }

  /** The king facts of `seat`, whose king stands on square k (facts of the seat at f). */
  private king(s: Uint8Array, base: number, seat: number, k: number, f: number): void {
    const t = this.table;
    const { atk } = this;
    const enemy = (seat ^ 1) * 128;
    const own = seat * 128;
    const rel = seat ? k ^ 0x70 : k;
    t[f + KING_REL] = rel;
    let units = atk[enemy + k];
    for (let i = 0; i < 8; i++) {
      const to = k + KING_OFFSETS[i];
      if (!(to & 0x88)) units += atk[enemy + to];
    }
    t[f + ZONE] = SAFETY[units > 63 ? 63 : units];
    // Open lines into the king: an enemy slider may shift onto them from another board (R4).
    for (let i = 0; i < 8; i++) {
      const d = KING_OFFSETS[i];
      let landing = 0;
      let to = k + d;
      for (; !(to & 0x88) && !s[base + to]; to += d) landing++;
      if (landing === 0) continue;
      const c = to & 0x88 ? 0 : s[base + to];
      if (c && c >> 3 === seat) continue; // blocked by my own piece
      t[f + (i >= 4 ? OPEN_DIAGONAL : OPEN_LINES)] +=
        OPEN_LINE + (landing > 1 ? OPEN_LINE_LONG : 0);
    }
    // Pawn shield in front of a king on its first two relative ranks.
    if (rel >> 4 <= 1) {
      const fwd = seat ? -16 : 16;
      const pawn = PAWN | (seat << 3);
      for (let df = -1; df <= 1; df++) {
        const to = k + fwd + df;
        if (to & 0x88) continue;
        const ahead = to + fwd;
        if (s[base + to] !== pawn && (ahead & 0x88 || s[base + ahead] !== pawn))
          t[f + SHIELD_GAPS] += SHIELD;
      }
    }
    // The neighbours, by relative direction (the same on every board the king stands on).
    let mask = 0;
    for (let i = 0; i < 8; i++) {
      const r = rel + KING_OFFSETS[i];
      if (r & 0x88) continue;
      const to = seat ? r ^ 0x70 : r;
      const c = s[base + to];
      if (c && c >> 3 === seat) mask |= 1 << i;
      if (!c && atk[own + to] - ATTACK_WEIGHT[KING] <= 0) mask |= 1 << (i + 8);
      if (atk[enemy + to]) mask |= 1 << (i + 16);
    }
    t[f + NEIGHBOURS] = mask;
  }
}
