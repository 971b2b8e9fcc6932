/**
 * Move generation for the player to move, over every board of their domain: moves on a board
 * (R3), board-shifting moves with the split-path rule (R4), the king on all its boards and
 * castling (R5). Legal generation uses checkers and pins per board instead of make/unmake,
 * so the hot path allocates nothing.
 */
import {
  ATTACKERS,
  DIAGONALS,
  KING_OFFSETS,
  KNIGHT_OFFSETS,
  ORTHOGONALS,
  attackers,
  enemySeats,
  isAttacked,
  mySeats,
} from './attacks';
import { MAX_BOARDS } from './geometry';
import { FLAG_CASTLE, FLAG_DOUBLE, FLAG_EN_PASSANT, FLAG_NORMAL, encodeMove } from './move';
import type { Position } from './position';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types';

const PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT];
const SLIDER_DIRS: number[][] = [];
SLIDER_DIRS[BISHOP] = DIAGONALS;
SLIDER_DIRS[ROOK] = ORTHOGONALS;
SLIDER_DIRS[QUEEN] = [...ORTHOGONALS, ...DIAGONALS];

/** Per board: seats held by the mover, seats of live enemies, seats whose king may be taken. */
const mine = new Uint8Array(MAX_BOARDS);
const enemy = new Uint8Array(MAX_BOARDS);
const kingPrey = new Uint8Array(MAX_BOARDS);
/** Pin direction of each pinned square ((board << 7) | square), 0 where not pinned. */
const pinDir = new Int8Array(MAX_BOARDS * 128);
const pinnedList: number[] = [];
/** Squares of the check board on which a piece captures or blocks the only checker. */
const blocks = new Uint8Array(128);
const blockList: number[] = [];

// Context of the generation in progress.
let pos: Position;
let out: Int32Array;
let count = 0;
let legal = true;
let mover = 0;
let checkBoard = -1;
let checkedCount = 0;
/** Stop at the first move found (hasLegalMove). */
let firstOnly = false;

/** Can this piece be taken on board b (an enemy or petrified piece; a king only as prey)? */
function takeable(b: number, code: number): boolean {
  if ((mine[b] >> (code >> 3)) & 1) return false;
  return (code & 7) !== KING || ((kingPrey[b] >> (code >> 3)) & 1) === 1;
}

function push(
  fb: number,
  from: number,
  tb: number,
  to: number,
  flag: number,
  promote: boolean,
): void {
  if (promote) for (const r of PROMOTIONS) out[count++] = encodeMove(fb, from, tb, to, r, flag);
  else out[count++] = encodeMove(fb, from, tb, to, 0, flag);
}

/** May a piece of board b pinned along `pin` go to `to` along direction `dir` here? */
function fits(to: number, dir: number, pin: number): boolean {
  if (pin !== 0 && dir !== pin && dir !== -pin) return false;
  return checkedCount === 0 || blocks[to] === 1;
}

/**
 * Generate the moves of player `pos.turn` into `buffer` from index `start`; returns the end.
 * With `legalOnly` false, king safety is ignored (the final move, R6.3). `preyMask` lists
 * players whose kings may be captured (the forced capture, R6.3).
 */
export function generateMoves(
  position: Position,
  buffer: Int32Array,
  start: number,
  legalOnly = true,
  preyMask = 0,
): number {
  pos = position;
  out = buffer;
  count = start;
  legal = legalOnly;
  const p = (mover = pos.turn);
  const dom = pos.domain[p];
  for (const b of dom) {
    mine[b] = mySeats(pos, p, b);
    enemy[b] = enemySeats(pos, p, b);
    let prey = 0;
    for (let s = 0; s < 2; s++) if ((preyMask >> pos.seatOwner[b * 2 + s]) & 1) prey |= 1 << s;
    kingPrey[b] = prey;
  }
  checkBoard = -1;
  checkedCount = 0;
  let doubleCheck = false;
  if (legal) {
    for (const b of pos.kingBoards[p]) {
      const k = pos.kingSquare(p, b);
      const n = attackers(pos, b, k, enemy[b], false);
      if (n > 0) {
        checkedCount++;
        checkBoard = b;
        if (n > 1) doubleCheck = true;
        else markBlocks(b, k, ATTACKERS[0]);
      }
      markPins(b, k);
    }
  }
  if (!legal || checkedCount === 0 || (checkedCount === 1 && !doubleCheck)) {
    for (const b of dom) {
      generatePieces(b, dom);
      if (firstOnly && count > start) break;
    }
  }
  if (!firstOnly || count === start) generateKing(p);
  for (const i of pinnedList) pinDir[i] = 0;
  pinnedList.length = 0;
  for (const i of blockList) blocks[i] = 0;
  blockList.length = 0;
  return count;
}

/**
 * Has the player to move any legal move? Stops at the first one found, so the start of every
 * turn (which must tell a move from mate or stalemate) costs a fraction of a full generation.
 */
export function hasLegalMove(position: Position, buffer: Int32Array): boolean {
  firstOnly = true;
  try {
    return generateMoves(position, buffer, 0) > 0;
  } finally {
    firstOnly = false;
  }
}

/** The squares that capture or block a single checker on board b. */
function markBlocks(b: number, king: number, checker: number): void {
  const s = pos.squares;
  const r = s[(b << 7) | checker] & 7;
  blocks[checker] = 1;
  blockList.push(checker);
  if (r === BISHOP || r === ROOK || r === QUEEN) {
    const d = rayDirection(king, checker);
    for (let t = king + d; t !== checker; t += d) {
      blocks[t] = 1;
      blockList.push(t);
    }
  }
}

/** The unit 0x88 direction from a to b if they share a line, else 0. */
function rayDirection(a: number, b: number): number {
  const df = (b & 7) - (a & 7);
  const dr = (b >> 4) - (a >> 4);
  if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return 0;
  return Math.sign(dr) * 16 + Math.sign(df);
}

/** Mark the mover's pieces pinned to their king on board b. */
function markPins(b: number, king: number): void {
  const s = pos.squares;
  const base = b << 7;
  for (let i = 0; i < 8; i++) {
    const d = KING_OFFSETS[i];
    const diagonal = i >= 4;
    let pinned = -1;
    for (let t = king + d; !(t & 0x88); t += d) {
      const c = s[base + t];
      if (!c) continue;
      if ((mine[b] >> (c >> 3)) & 1) {
        if (pinned >= 0) break;
        pinned = t;
        continue;
      }
      const r = c & 7;
      if (
        pinned >= 0 &&
        (enemy[b] >> (c >> 3)) & 1 &&
        (r === QUEEN || r === (diagonal ? BISHOP : ROOK))
      ) {
        pinDir[base + pinned] = d;
        pinnedList.push(base + pinned);
      }
      break;
    }
  }
}

function generatePieces(b: number, dom: readonly number[]): void {
  const s = pos.squares;
  const base = b << 7;
  const own = mine[b];
  const onBoardOk = !legal || checkedCount === 0 || checkBoard === b;
  const mayShift = dom.length > 1 && (!legal || checkBoard !== b);
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) {
      sq += 7;
      continue;
    }
    const c = s[base + sq];
    if (c === 0 || !((own >> (c >> 3)) & 1)) continue;
    const role = c & 7;
    if (role === KING) continue;
    const pin = legal ? pinDir[base + sq] : 0;
    if (onBoardOk) {
      if (role === PAWN) pawnMoves(b, sq, c, pin);
      else if (role === KNIGHT) {
        if (pin === 0) leaperMoves(b, sq, KNIGHT_OFFSETS);
      } else sliderMoves(b, sq, SLIDER_DIRS[role], pin);
    }
    if (mayShift && pin === 0)
      for (const q of dom)
        if (q !== b && (checkedCount === 0 || q === checkBoard)) shifts(b, sq, c, q);
    if (firstOnly && count > 0) return;
  }
}

function pawnMoves(b: number, sq: number, c: number, pin: number): void {
  const s = pos.squares;
  const base = b << 7;
  const seat = c >> 3;
  const fwd = seat ? -16 : 16;
  const rank = sq >> 4;
  const promote = rank === (seat ? 1 : 6);
  const t = sq + fwd;
  if (s[base + t] === 0) {
    if (fits(t, fwd, pin)) push(b, sq, b, t, FLAG_NORMAL, promote);
    const t2 = t + fwd;
    if (rank === (seat ? 6 : 1) && s[base + t2] === 0 && fits(t2, fwd, pin))
      push(b, sq, b, t2, FLAG_DOUBLE, false);
  }
  for (let side = -1; side <= 1; side += 2) {
    const d = fwd + side;
    const x = sq + d;
    if (x & 0x88) continue;
    const tc = s[base + x];
    if (tc !== 0) {
      if (takeable(b, tc) && fits(x, d, pin)) push(b, sq, b, x, FLAG_NORMAL, promote);
    } else if (
      pos.epSquare[b] === x &&
      pos.epPlayer[b] === mover &&
      enPassantSafe(b, sq, x, x - fwd, c)
    ) {
      push(b, sq, b, x, FLAG_EN_PASSANT, false);
    }
  }
}

/** En passant removes two pieces from one rank: test the king directly (R3.3). */
function enPassantSafe(b: number, from: number, to: number, taken: number, c: number): boolean {
  if (!legal) return true;
  if (checkedCount > 0 && checkBoard !== b) return false;
  const k = pos.kingSquare(mover, b);
  if (k < 0) return checkedCount === 0;
  const s = pos.squares;
  const base = b << 7;
  const victim = s[base + taken];
  s[base + from] = 0;
  s[base + taken] = 0;
  s[base + to] = c;
  const safe = !isAttacked(pos, b, k, enemy[b]);
  s[base + from] = c;
  s[base + taken] = victim;
  s[base + to] = 0;
  return safe;
}

function leaperMoves(b: number, sq: number, offsets: readonly number[]): void {
  const s = pos.squares;
  const base = b << 7;
  for (let i = 0; i < offsets.length; i++) {
    const t = sq + offsets[i];
    if (t & 0x88) continue;
    const tc = s[base + t];
    if ((tc === 0 || takeable(b, tc)) && (checkedCount === 0 || blocks[t] === 1))
      push(b, sq, b, t, FLAG_NORMAL, false);
  }
}

function sliderMoves(b: number, sq: number, dirs: readonly number[], pin: number): void {
  const s = pos.squares;
  const base = b << 7;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i];
    if (pin !== 0 && d !== pin && d !== -pin) continue;
    for (let t = sq + d; !(t & 0x88); t += d) {
      const tc = s[base + t];
      if (tc === 0) {
        if (checkedCount === 0 || blocks[t] === 1) push(b, sq, b, t, FLAG_NORMAL, false);
        continue;
      }
      if (takeable(b, tc) && (checkedCount === 0 || blocks[t] === 1))
        push(b, sq, b, t, FLAG_NORMAL, false);
      break;
    }
  }
}

/**
 * Moves of the piece on square sq of board b that end on board q (R4). Geometry is in the
 * piece's relative coordinates; the destination must be empty (R4.2) and some split point
 * must leave the path clear on b before it and on q after it (R4.3).
 */
function shifts(b: number, sq: number, c: number, q: number): void {
  const s = pos.squares;
  const baseP = b << 7;
  const baseQ = q << 7;
  const role = c & 7;
  const mirrorP = c >> 3 ? 0x70 : 0;
  const mirrorQ = pos.seatOf(mover, q) ? 0x70 : 0;
  const rel = sq ^ mirrorP;
  if (role === PAWN) {
    // R4.4: forward, non-capturing; a double step's skipped square clear on b or on q.
    const one = rel + 16;
    const promote = one >> 4 === 7;
    if (mayLand(baseQ, one ^ mirrorQ)) push(b, sq, q, one ^ mirrorQ, FLAG_NORMAL, promote);
    const two = rel + 32;
    if (
      rel >> 4 === 1 &&
      (s[baseP + (one ^ mirrorP)] === 0 || s[baseQ + (one ^ mirrorQ)] === 0) &&
      mayLand(baseQ, two ^ mirrorQ)
    )
      push(b, sq, q, two ^ mirrorQ, FLAG_NORMAL, false);
    return;
  }
  if (role === KNIGHT) {
    for (let i = 0; i < 8; i++) {
      const t = rel + KNIGHT_OFFSETS[i];
      if (!(t & 0x88) && mayLand(baseQ, t ^ mirrorQ))
        push(b, sq, q, t ^ mirrorQ, FLAG_NORMAL, false);
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
      else if (lastBlocked <= reach && (checkedCount === 0 || blocks[t ^ mirrorQ] === 1))
        push(b, sq, q, t ^ mirrorQ, FLAG_NORMAL, false);
      if (reach === k - 1 && s[baseP + (t ^ mirrorP)] === 0) reach = k;
      else if (lastBlocked > reach) break;
    }
  }
}

/** May a shifting piece land on square t of the board at baseQ (empty, and blocking any check)? */
function mayLand(baseQ: number, t: number): boolean {
  return pos.squares[baseQ + t] === 0 && (checkedCount === 0 || blocks[t] === 1);
}

/** King moves on every board of the domain at once (R5.1, R5.2), and castling (R5.4). */
function generateKing(p: number): void {
  const rel = pos.kingRel[p];
  const boards = pos.kingBoards[p];
  if (rel < 0 || boards.length === 0) return;
  if (pos.options.cowardly) return cowardlyKing(p, boards[0]);
  const s = pos.squares;
  const nb = pos.nb;
  const first = boards[0];
  const firstMirror = pos.kingSeat[p * nb + first] ? 0x70 : 0;
  // Lift the king off every board so that it does not shield squares behind it.
  for (const b of boards) s[(b << 7) | pos.kingSquare(p, b)] = 0;
  for (let i = 0; i < 8; i++) {
    const t = rel + KING_OFFSETS[i];
    if (t & 0x88) continue;
    if (kingMaySettle(p, t))
      push(first, rel ^ firstMirror, first, t ^ firstMirror, FLAG_NORMAL, false);
  }
  for (const b of boards) {
    const seat = pos.kingSeat[p * nb + b];
    s[(b << 7) | pos.kingSquare(p, b)] = KING | (seat << 3);
  }
  if (!pos.kingMoved[p] && rel === 0x04 && (!legal || checkedCount === 0)) {
    castles(p, boards, 2, [0x05, 0x06], [0x05, 0x06]);
    castles(p, boards, 1, [0x03, 0x02], [0x03, 0x02, 0x01]);
  }
}

/**
 * Cowardly Kings (R9.3): the king stands on one board, steps like a king there or onto another
 * board of the domain (an empty square), and castles on its own board.
 */
function cowardlyKing(p: number, b: number): void {
  const s = pos.squares;
  const from = pos.kingSquare(p, b);
  const code = s[(b << 7) | from];
  s[(b << 7) | from] = 0;
  for (let i = 0; i < 8; i++) {
    const t = from + KING_OFFSETS[i];
    if (t & 0x88) continue;
    const tc = s[(b << 7) | t];
    if (tc !== 0 && !takeable(b, tc)) continue;
    if (!legal || !isAttacked(pos, b, t, enemy[b])) push(b, from, b, t, FLAG_NORMAL, false);
  }
  const rel = code >> 3 ? from ^ 0x70 : from;
  for (const q of pos.domain[p]) {
    if (q === b) continue;
    const mirrorQ = pos.seatOf(p, q) ? 0x70 : 0;
    for (let i = 0; i < 8; i++) {
      const t = rel + KING_OFFSETS[i];
      if (t & 0x88) continue;
      const at = t ^ mirrorQ;
      if (s[(q << 7) | at] === 0 && (!legal || !isAttacked(pos, q, at, enemy[q])))
        push(b, from, q, at, FLAG_NORMAL, false);
    }
  }
  s[(b << 7) | from] = code;
  if (!pos.kingMoved[p] && pos.kingRel[p] === 0x04 && (!legal || checkedCount === 0)) {
    castles(p, [b], 2, [0x05, 0x06], [0x05, 0x06]);
    castles(p, [b], 1, [0x03, 0x02], [0x03, 0x02, 0x01]);
  }
}

/** May the king stand on relative square t on every board: not on a friend, not attacked? */
function kingMaySettle(p: number, t: number): boolean {
  const s = pos.squares;
  for (const b of pos.kingBoards[p]) {
    const at = pos.kingSeat[p * pos.nb + b] ? t ^ 0x70 : t;
    const tc = s[(b << 7) | at];
    if (tc !== 0 && !takeable(b, tc)) return false;
    if (legal && isAttacked(pos, b, at, enemy[b])) return false;
  }
  return true;
}

/**
 * Castling (R5.4) on the side with rights bit `side`: the king's walk `walk` must be empty and
 * safe on every board; on the rook's board the squares `between` king and rook must be empty.
 */
function castles(
  p: number,
  boards: readonly number[],
  side: number,
  walk: number[],
  between: number[],
): void {
  const s = pos.squares;
  const nb = pos.nb;
  for (const b of boards) {
    const m = pos.kingSeat[p * nb + b] ? 0x70 : 0;
    for (const t of walk) {
      if (s[(b << 7) | (t ^ m)] !== 0) return;
      if (legal && isAttacked(pos, b, t ^ m, enemy[b])) return;
    }
  }
  for (const b of boards) {
    const seat = pos.kingSeat[p * nb + b];
    const m = seat ? 0x70 : 0;
    const corner = (side === 2 ? 0x07 : 0x00) ^ m;
    if (!(pos.castle[b * 2 + seat] & side) || s[(b << 7) | corner] !== (ROOK | (seat << 3)))
      continue;
    if (between.some((t) => s[(b << 7) | (t ^ m)] !== 0)) continue;
    push(b, 0x04 ^ m, b, walk[1] ^ m, FLAG_CASTLE, false);
  }
}
