/**
 * Move generation for the player to move, over every board of their domain: moves on a board
 * (R3), board-shifting moves with the split-path rule (R4), the king on all its boards and
 * castling (R5). Legal generation uses checkers and pins per board instead of make/unmake,
 * so the hot path allocates nothing. Each call works in a MoveGenerator of its own (from a
 * free list), so generation is re-entrant: positions can be searched interleaved.
 */
import {
  DIAGONALS,
  KING_OFFSETS,
  KNIGHT_OFFSETS,
  ORTHOGONALS,
  attackers,
  attacksFromMark,
  enemySeats,
  isAttacked,
  lineStep,
  markAttackers,
  mySeats,
} from './attacks';
import { MAX_BOARDS } from './geometry';
import { FLAG_CASTLE, FLAG_DOUBLE, FLAG_EN_PASSANT, FLAG_NORMAL, encodeMove } from './move';
import type { Position } from './position';
import { leavingChecks, opponentKing } from './quiet';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types';

const PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT];
const SLIDER_DIRS: number[][] = [];
SLIDER_DIRS[BISHOP] = DIAGONALS;
SLIDER_DIRS[ROOK] = ORTHOGONALS;
SLIDER_DIRS[QUEEN] = [...ORTHOGONALS, ...DIAGONALS];

/**
 * Generate the moves of player `pos.turn` into `buffer` from index `start`; returns the end.
 * With `legalOnly` false, king safety is ignored (the final move, R6.3). `preyMask` lists
 * players whose kings may be captured (the forced capture, R6.3). `quiet`: whether shifts may
 * not give check (R9.7; by default as the position's options say).
 */
export function generateMoves(
  position: Position,
  buffer: Int32Array,
  start: number,
  legalOnly = true,
  preyMask = 0,
  quiet = position.options.quiet,
): number {
  const generator = idle.pop() ?? new MoveGenerator();
  const end = generator.generate(position, buffer, start, legalOnly, preyMask, false, quiet);
  idle.push(generator);
  return end;
}

/**
 * Has the player to move any legal move? Stops at the first one found, so the start of every
 * turn (which must tell a move from mate or stalemate) costs a fraction of a full generation.
 */
export function hasLegalMove(position: Position, buffer: Int32Array): boolean {
  const generator = idle.pop() ?? new MoveGenerator();
  const found = generator.generate(position, buffer, 0, true, 0, true, position.options.quiet) > 0;
  idle.push(generator);
  return found;
}

/** Generators not working on a call: a free list, holding no position between calls. */
const idle: MoveGenerator[] = [];

/** One generation's scratch and context. */
class MoveGenerator {
  /** Per board: seats held by the mover, seats of live enemies, seats whose king may be taken. */
  private readonly mine = new Uint8Array(MAX_BOARDS);
  private readonly enemy = new Uint8Array(MAX_BOARDS);
  private readonly kingPrey = new Uint8Array(MAX_BOARDS);
  /** Quiet shifts (R9.7): per board, the square of the opponent's king there, -1 for none. */
  private readonly rivalKing = new Int16Array(MAX_BOARDS);
  /** Quiet shifts: per board, the squares from which an arriving piece would check that king. */
  private readonly checkMarks = new Uint8Array(MAX_BOARDS * 128);
  /** Pin direction of each pinned square ((board << 7) | square), 0 where not pinned. */
  private readonly pinDir = new Int8Array(MAX_BOARDS * 128);
  private readonly pinnedList: number[] = [];
  /** Squares of the check board on which a piece captures or blocks the only checker. */
  private readonly blocks = new Uint8Array(128);
  private readonly blockList: number[] = [];
  /** Squares of the checkers found by attackers(). */
  private readonly checkers = new Int16Array(16);

  // Context of the generation in progress.
  private pos!: Position;
  private out!: Int32Array;
  private count = 0;
  private legal = true;
  private mover = 0;
  private checkBoard = -1;
  private checkedCount = 0;
  /** Stop at the first move found (hasLegalMove). */
  private firstOnly = false;

  generate(
    position: Position,
    buffer: Int32Array,
    start: number,
    legalOnly: boolean,
    preyMask: number,
    firstOnly: boolean,
    quiet: boolean,
  ): number {
    const pos = (this.pos = position);
    this.out = buffer;
    this.count = start;
    this.legal = legalOnly;
    this.firstOnly = firstOnly;
    const p = (this.mover = pos.turn);
    const dom = pos.domain[p];
    for (const b of dom) {
      this.mine[b] = mySeats(pos, p, b);
      this.enemy[b] = enemySeats(pos, p, b);
      let prey = 0;
      for (let s = 0; s < 2; s++) if ((preyMask >> pos.seatOwner[b * 2 + s]) & 1) prey |= 1 << s;
      this.kingPrey[b] = prey;
      const king = (this.rivalKing[b] = quiet ? opponentKing(pos, p, b) : -1);
      if (king >= 0) {
        this.checkMarks.fill(0, b << 7, (b + 1) << 7);
        markAttackers(pos, b, king, this.checkMarks, b << 7);
      }
    }
    this.checkBoard = -1;
    this.checkedCount = 0;
    let doubleCheck = false;
    if (legalOnly) {
      for (const b of pos.kingBoards[p]) {
        const k = pos.kingSquare(p, b);
        const n = attackers(pos, b, k, this.enemy[b], this.checkers);
        if (n > 0) {
          this.checkedCount++;
          this.checkBoard = b;
          if (n > 1) doubleCheck = true;
          else this.markBlocks(b, k, this.checkers[0]);
        }
        this.markPins(b, k);
      }
    }
    if (!legalOnly || this.checkedCount === 0 || (this.checkedCount === 1 && !doubleCheck)) {
      for (const b of dom) {
        this.generatePieces(b, dom);
        if (firstOnly && this.count > start) break;
      }
    }
    if (!firstOnly || this.count === start) this.generateKing(p);
    for (const i of this.pinnedList) this.pinDir[i] = 0;
    this.pinnedList.length = 0;
    for (const i of this.blockList) this.blocks[i] = 0;
    this.blockList.length = 0;
    return this.count;
  }

  /** Can this piece be taken on board b (an enemy or petrified piece; a king only as prey)? */
  private takeable(b: number, code: number): boolean {
    if ((this.mine[b] >> (code >> 3)) & 1) return false;
    return (code & 7) !== KING || ((this.kingPrey[b] >> (code >> 3)) & 1) === 1;
  }

  private push(
    fb: number,
    from: number,
    tb: number,
    to: number,
    flag: number,
    promote: boolean,
  ): void {
    if (promote)
      for (const r of PROMOTIONS) this.out[this.count++] = encodeMove(fb, from, tb, to, r, flag);
    else this.out[this.count++] = encodeMove(fb, from, tb, to, 0, flag);
  }

  /** May a piece of board b pinned along `pin` go to `to` along direction `dir` here? */
  private fits(to: number, dir: number, pin: number): boolean {
    if (pin !== 0 && dir !== pin && dir !== -pin) return false;
    return this.checkedCount === 0 || this.blocks[to] === 1;
  }

  /** The squares that capture or block a single checker on board b. */
  private markBlocks(b: number, king: number, checker: number): void {
    const s = this.pos.squares;
    const r = s[(b << 7) | checker] & 7;
    this.blocks[checker] = 1;
    this.blockList.push(checker);
    if (r === BISHOP || r === ROOK || r === QUEEN) {
      const d = lineStep(king, checker);
      for (let t = king + d; t !== checker; t += d) {
        this.blocks[t] = 1;
        this.blockList.push(t);
      }
    }
  }

  /** Mark the mover's pieces pinned to their king on board b. */
  private markPins(b: number, king: number): void {
    const s = this.pos.squares;
    const base = b << 7;
    for (let i = 0; i < 8; i++) {
      const d = KING_OFFSETS[i];
      const diagonal = i >= 4;
      let pinned = -1;
      for (let t = king + d; !(t & 0x88); t += d) {
        const c = s[base + t];
        if (!c) continue;
        if ((this.mine[b] >> (c >> 3)) & 1) {
          if (pinned >= 0) break;
          pinned = t;
          continue;
        }
        const r = c & 7;
        if (
          pinned >= 0 &&
          (this.enemy[b] >> (c >> 3)) & 1 &&
          (r === QUEEN || r === (diagonal ? BISHOP : ROOK))
        ) {
          this.pinDir[base + pinned] = d;
          this.pinnedList.push(base + pinned);
        }
        break;
      }
    }
  }

  private generatePieces(b: number, dom: readonly number[]): void {
    const s = this.pos.squares;
    const base = b << 7;
    const own = this.mine[b];
    const onBoardOk = !this.legal || this.checkedCount === 0 || this.checkBoard === b;
    const mayShift = dom.length > 1 && (!this.legal || this.checkBoard !== b);
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const c = s[base + sq];
      if (c === 0 || !((own >> (c >> 3)) & 1)) continue;
      const role = c & 7;
      if (role === KING) continue;
      const pin = this.legal ? this.pinDir[base + sq] : 0;
      if (onBoardOk) {
        if (role === PAWN) this.pawnMoves(b, sq, c, pin);
        else if (role === KNIGHT) {
          if (pin === 0) this.leaperMoves(b, sq, KNIGHT_OFFSETS);
        } else this.sliderMoves(b, sq, SLIDER_DIRS[role], pin);
      }
      if (mayShift && pin === 0 && !leavingChecks(this.pos, this.mover, b, sq, this.rivalKing[b]))
        for (const q of dom)
          if (q !== b && (this.checkedCount === 0 || q === this.checkBoard))
            this.shifts(b, sq, c, q);
      if (this.firstOnly && this.count > 0) return;
    }
  }

  private pawnMoves(b: number, sq: number, c: number, pin: number): void {
    const s = this.pos.squares;
    const base = b << 7;
    const seat = c >> 3;
    const fwd = seat ? -16 : 16;
    const rank = sq >> 4;
    const promote = rank === (seat ? 1 : 6);
    const t = sq + fwd;
    if (s[base + t] === 0) {
      if (this.fits(t, fwd, pin)) this.push(b, sq, b, t, FLAG_NORMAL, promote);
      const t2 = t + fwd;
      if (rank === (seat ? 6 : 1) && s[base + t2] === 0 && this.fits(t2, fwd, pin))
        this.push(b, sq, b, t2, FLAG_DOUBLE, false);
    }
    for (let side = -1; side <= 1; side += 2) {
      const d = fwd + side;
      const x = sq + d;
      if (x & 0x88) continue;
      const tc = s[base + x];
      if (tc !== 0) {
        if (this.takeable(b, tc) && this.fits(x, d, pin))
          this.push(b, sq, b, x, FLAG_NORMAL, promote);
      } else if (
        this.pos.epSquare[b] === x &&
        this.pos.epPlayer[b] === this.mover &&
        this.enPassantSafe(b, sq, x, x - fwd, c)
      ) {
        this.push(b, sq, b, x, FLAG_EN_PASSANT, false);
      }
    }
  }

  /** En passant removes two pieces from one rank: test the king directly (R3.3). */
  private enPassantSafe(b: number, from: number, to: number, taken: number, c: number): boolean {
    if (!this.legal) return true;
    if (this.checkedCount > 0 && this.checkBoard !== b) return false;
    const k = this.pos.kingSquare(this.mover, b);
    if (k < 0) return this.checkedCount === 0;
    const s = this.pos.squares;
    const base = b << 7;
    const victim = s[base + taken];
    s[base + from] = 0;
    s[base + taken] = 0;
    s[base + to] = c;
    const safe = !isAttacked(this.pos, b, k, this.enemy[b]);
    s[base + from] = c;
    s[base + taken] = victim;
    s[base + to] = 0;
    return safe;
  }

  private leaperMoves(b: number, sq: number, offsets: readonly number[]): void {
    const s = this.pos.squares;
    const base = b << 7;
    for (let i = 0; i < offsets.length; i++) {
      const t = sq + offsets[i];
      if (t & 0x88) continue;
      const tc = s[base + t];
      if ((tc === 0 || this.takeable(b, tc)) && (this.checkedCount === 0 || this.blocks[t] === 1))
        this.push(b, sq, b, t, FLAG_NORMAL, false);
    }
  }

  private sliderMoves(b: number, sq: number, dirs: readonly number[], pin: number): void {
    const s = this.pos.squares;
    const base = b << 7;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i];
      if (pin !== 0 && d !== pin && d !== -pin) continue;
      for (let t = sq + d; !(t & 0x88); t += d) {
        const tc = s[base + t];
        if (tc === 0) {
          if (this.checkedCount === 0 || this.blocks[t] === 1)
            this.push(b, sq, b, t, FLAG_NORMAL, false);
          continue;
        }
        if (this.takeable(b, tc) && (this.checkedCount === 0 || this.blocks[t] === 1))
          this.push(b, sq, b, t, FLAG_NORMAL, false);
        break;
      }
    }
  }

  /**
   * Moves of the piece on square sq of board b that end on board q (R4). Geometry is in the
   * piece's relative coordinates; the destination must be empty (R4.2) and some split point
   * must leave the path clear on b before it and on q after it (R4.3).
   */
  private shifts(b: number, sq: number, c: number, q: number): void {
    const s = this.pos.squares;
    const baseP = b << 7;
    const baseQ = q << 7;
    const role = c & 7;
    const mirrorP = c >> 3 ? 0x70 : 0;
    const seatQ = this.pos.seatOf(this.mover, q);
    const mirrorQ = seatQ ? 0x70 : 0;
    const arriving = role | (seatQ << 3);
    const rel = sq ^ mirrorP;
    if (role === PAWN) {
      // R4.4: forward, non-capturing; a double step's skipped square clear on b or on q.
      const one = rel + 16;
      const promote = one >> 4 === 7;
      if (this.mayLand(baseQ, one ^ mirrorQ))
        this.pushShift(b, sq, q, one ^ mirrorQ, arriving, promote);
      const two = rel + 32;
      if (
        rel >> 4 === 1 &&
        (s[baseP + (one ^ mirrorP)] === 0 || s[baseQ + (one ^ mirrorQ)] === 0) &&
        this.mayLand(baseQ, two ^ mirrorQ)
      )
        this.pushShift(b, sq, q, two ^ mirrorQ, arriving, false);
      return;
    }
    if (role === KNIGHT) {
      for (let i = 0; i < 8; i++) {
        const t = rel + KNIGHT_OFFSETS[i];
        if (!(t & 0x88) && this.mayLand(baseQ, t ^ mirrorQ))
          this.pushShift(b, sq, q, t ^ mirrorQ, arriving, false);
      }
      return;
    }
    const dirs = SLIDER_DIRS[role];
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i];
      // reach: path squares 1..reach are empty on b; lastBlocked: furthest occupied one on q.
      let reach = 0;
      let lastBlocked = 0;
      for (let k = 1, t = rel + d; !(t & 0x88); k++, t += d) {
        if (s[baseQ + (t ^ mirrorQ)] !== 0) lastBlocked = k;
        else if (
          lastBlocked <= reach &&
          (this.checkedCount === 0 || this.blocks[t ^ mirrorQ] === 1)
        )
          this.pushShift(b, sq, q, t ^ mirrorQ, arriving, false);
        if (reach === k - 1 && s[baseP + (t ^ mirrorP)] === 0) reach = k;
        else if (lastBlocked > reach) break;
      }
    }
  }

  /**
   * Push the shift of a piece landing on square t of board q as `arriving` (role and seat
   * there), or as each promotion: those that would give check there are left out (R9.7).
   */
  private pushShift(
    b: number,
    sq: number,
    q: number,
    t: number,
    arriving: number,
    promote: boolean,
  ): void {
    const quiet = this.rivalKing[q] >= 0;
    const marks = this.checkMarks;
    if (!promote) {
      if (!quiet || !attacksFromMark(marks, q << 7, t, arriving))
        this.out[this.count++] = encodeMove(b, sq, q, t, 0, FLAG_NORMAL);
      return;
    }
    for (const r of PROMOTIONS)
      if (!quiet || !attacksFromMark(marks, q << 7, t, r | (arriving & 8)))
        this.out[this.count++] = encodeMove(b, sq, q, t, r, FLAG_NORMAL);
  }

  /** May a shifting piece land on square t of the board at baseQ (empty, and blocking any check)? */
  private mayLand(baseQ: number, t: number): boolean {
    return this.pos.squares[baseQ + t] === 0 && (this.checkedCount === 0 || this.blocks[t] === 1);
  }

  /** King moves on every board of the domain at once (R5.1, R5.2), and castling (R5.4). */
  private generateKing(p: number): void {
    const rel = this.pos.kingRel[p];
    const boards = this.pos.kingBoards[p];
    if (rel < 0 || boards.length === 0) return;
    if (this.pos.options.cowardly) return this.cowardlyKing(p, boards[0]);
    const s = this.pos.squares;
    const nb = this.pos.nb;
    const first = boards[0];
    const firstMirror = this.pos.kingSeat[p * nb + first] ? 0x70 : 0;
    // Lift the king off every board so that it does not shield squares behind it.
    for (const b of boards) s[(b << 7) | this.pos.kingSquare(p, b)] = 0;
    for (let i = 0; i < 8; i++) {
      const t = rel + KING_OFFSETS[i];
      if (t & 0x88) continue;
      if (this.kingMaySettle(p, t))
        this.push(first, rel ^ firstMirror, first, t ^ firstMirror, FLAG_NORMAL, false);
    }
    for (const b of boards) {
      const seat = this.pos.kingSeat[p * nb + b];
      s[(b << 7) | this.pos.kingSquare(p, b)] = KING | (seat << 3);
    }
    if (!this.pos.kingMoved[p] && rel === 0x04 && (!this.legal || this.checkedCount === 0)) {
      this.castles(p, boards, 2, [0x05, 0x06], [0x05, 0x06]);
      this.castles(p, boards, 1, [0x03, 0x02], [0x03, 0x02, 0x01]);
    }
  }

  /**
   * Cowardly Kings (R9.3): the king stands on one board, steps like a king there or onto another
   * board of the domain (an empty square), and castles on its own board.
   */
  private cowardlyKing(p: number, b: number): void {
    const s = this.pos.squares;
    const from = this.pos.kingSquare(p, b);
    const code = s[(b << 7) | from];
    s[(b << 7) | from] = 0;
    for (let i = 0; i < 8; i++) {
      const t = from + KING_OFFSETS[i];
      if (t & 0x88) continue;
      const tc = s[(b << 7) | t];
      if (tc !== 0 && !this.takeable(b, tc)) continue;
      if (!this.legal || !isAttacked(this.pos, b, t, this.enemy[b]))
        this.push(b, from, b, t, FLAG_NORMAL, false);
    }
    const rel = code >> 3 ? from ^ 0x70 : from;
    const mayShift = !leavingChecks(this.pos, p, b, from, this.rivalKing[b]);
    for (const q of this.pos.domain[p]) {
      if (q === b || !mayShift) continue;
      const seatQ = this.pos.seatOf(p, q);
      for (let i = 0; i < 8; i++) {
        const t = rel + KING_OFFSETS[i];
        if (t & 0x88) continue;
        const at = seatQ ? t ^ 0x70 : t;
        if (s[(q << 7) | at] === 0 && (!this.legal || !isAttacked(this.pos, q, at, this.enemy[q])))
          this.pushShift(b, from, q, at, KING | (seatQ << 3), false);
      }
    }
    s[(b << 7) | from] = code;
    if (
      !this.pos.kingMoved[p] &&
      this.pos.kingRel[p] === 0x04 &&
      (!this.legal || this.checkedCount === 0)
    ) {
      this.castles(p, [b], 2, [0x05, 0x06], [0x05, 0x06]);
      this.castles(p, [b], 1, [0x03, 0x02], [0x03, 0x02, 0x01]);
    }
  }

  /** May the king stand on relative square t on every board: not on a friend, not attacked? */
  private kingMaySettle(p: number, t: number): boolean {
    const s = this.pos.squares;
    for (const b of this.pos.kingBoards[p]) {
      const at = this.pos.kingSeat[p * this.pos.nb + b] ? t ^ 0x70 : t;
      const tc = s[(b << 7) | at];
      if (tc !== 0 && !this.takeable(b, tc)) return false;
      if (this.legal && isAttacked(this.pos, b, at, this.enemy[b])) return false;
    }
    return true;
  }

  /**
   * Castling (R5.4) on the side with rights bit `side`: the king's walk `walk` must be empty and
   * safe on every board; on the rook's board the squares `between` king and rook must be empty.
   */
  private castles(
    p: number,
    boards: readonly number[],
    side: number,
    walk: number[],
    between: number[],
  ): void {
    const s = this.pos.squares;
    const nb = this.pos.nb;
    for (const b of boards) {
      const m = this.pos.kingSeat[p * nb + b] ? 0x70 : 0;
      for (const t of walk) {
        if (s[(b << 7) | (t ^ m)] !== 0) return;
        if (this.legal && isAttacked(this.pos, b, t ^ m, this.enemy[b])) return;
      }
    }
    for (const b of boards) {
      const seat = this.pos.kingSeat[p * nb + b];
      const m = seat ? 0x70 : 0;
      const corner = (side === 2 ? 0x07 : 0x00) ^ m;
      if (!(this.pos.castle[b * 2 + seat] & side) || s[(b << 7) | corner] !== (ROOK | (seat << 3)))
        continue;
      if (between.some((t) => s[(b << 7) | (t ^ m)] !== 0)) continue;
      this.push(b, 0x04 ^ m, b, walk[1] ^ m, FLAG_CASTLE, false);
    }
  }
}
