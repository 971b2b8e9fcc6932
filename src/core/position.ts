/**
 * The mutable game state, with a journal of writes so that any action — an ordinary move or
 * an elimination — can be undone exactly (make/unmake for search and perft).
 * The Zobrist hash is kept incrementally by the setters below.
 */
import { geometry, type Geometry } from './geometry';
import { InvariantError, KING, NO_OPTIONS, PAWN, type Options } from './types';
import {
  CASTLE_KEYS,
  COUNTDOWN_KEYS,
  DUE_KEYS,
  FLEE_KEYS,
  DEAD_BOARD_KEYS,
  EP_KEYS,
  KING_MOVED_KEYS,
  MODE_KEYS,
  PIECE_KEYS,
  SEAT_KEYS,
  STATUS_KEYS,
  TURN_KEYS,
  UNPLACED_KEYS,
} from './zobrist';
import { MAX_PLAYERS } from './geometry';

/** Player status. */
export const ACTIVE = 0;
/** Checkmated with three or more players left: final move, then the forced capture (R6.3). */
export const MATED = 1;
export const ELIMINATED = 2;

/** Game phase. */
export const PLACEMENT = 0;
export const PLAY = 1;
export const OVER = 2;

/** What the player to move may do this turn. */
export const MODE_NORMAL = 0;
/** The final move of a checkmated player: king safety ignored (R6.3). */
export const MODE_FINAL = 1;
/** The checkmater must capture the mated king (R6.3). */
export const MODE_CAPTURE = 2;
/** Stalemated with three or more players left: the only action is a pass (R6.5). */
export const MODE_PASS = 3;
/** Cowardly Kings: the player to move chooses where their king flees (R9.3). */
export const MODE_FLIGHT = 4;

/** Why a game was drawn. */
export const DRAW_REASONS = [
  'none',
  'stalemate',
  'repetition',
  'fifty-move',
  'material',
  'all-passed',
  'agreement',
  // R11.2: the last opponent's time ran out, but the survivor cannot checkmate (R7.2).
  'timeout-material',
] as const;
export type DrawReason = (typeof DRAW_REASONS)[number];

/** Indices into Position.scalars. */
export const S_TURN = 0;
export const S_HALFMOVE = 1;
export const S_PLY = 2;
export const S_PHASE = 3;
export const S_MODE = 4;
export const S_PASSES = 5;
/** -1 while the game goes on, the winner's index, or MAX_PLAYERS for a draw. */
export const S_WINNER = 6;
export const S_DRAW_REASON = 7;
export const S_ELIMINATED = 8;
export const S_FULLMOVE = 9;
/** Whose turn resumes once every fleeing king has fled (R9.3). */
export const S_RESUME = 10;
/**
 * Hyperspace: the boards still due a move this turn (bit b for board b; DUE_STARTED once the
 * turn's first move is made), -1 outside a Hyperspace turn (R9.1).
 */
export const S_DUE = 11;
export const DUE_STARTED = 1 << 30;
/** Hyperspace: whether this turn has captured or moved a pawn so far (for the move clock). */
export const S_TURN_IRREVERSIBLE = 12;
/** Index (in the hash history) of the first position since the last irreversible turn. */
export const S_REVERSIBLE_FROM = 13;
const SCALARS = 14;
export const DRAWN = MAX_PLAYERS;

type Writable = Uint8Array | Int8Array | Int16Array | Uint16Array | Int32Array;

/**
 * One entry of the hash history: the hash after an action, linked to the one before. Entries
 * never change, so clones share the history instead of copying it.
 */
class HashEntry {
  constructor(
    readonly lo: number,
    readonly hi: number,
    readonly index: number,
    readonly previous: HashEntry | null,
  ) {}
}

export class Position {
  readonly g: Geometry;
  readonly n: number;
  readonly nb: number;
  readonly options: Options;

  /** Pieces: board b, square sq at (b << 7) | sq; code = role | (seat << 3), 0 empty. */
  readonly squares: Uint8Array;
  /** Player holding seat s of board b at b * 2 + s. */
  readonly seatOwner: Int8Array;
  readonly live: Uint8Array;
  readonly status: Uint8Array;
  /** For a mated player: who mated them (R6.2). */
  readonly mateBy: Int8Array;
  /** The king's relative square (R1.6), -1 when the player has no king on any board. */
  readonly kingRel: Int16Array;
  /** Seat the king of player p occupies on board b at p * nb + b, -1 where it is not. */
  readonly kingSeat: Int8Array;
  readonly kingMoved: Uint8Array;
  /** Castling rights of seat s of board b at b * 2 + s: 1 queen side (a1), 2 king side (h1). */
  readonly castle: Uint8Array;
  /** En-passant target square of each board (-1 none) and the only player who may use it. */
  readonly epSquare: Int16Array;
  readonly epPlayer: Int8Array;
  /** Bit mask of each player's unplaced pieces (indices of HOME_SQUARES). */
  readonly unplaced: Uint16Array;
  /** Ply of each player's most recent turn (R6.2). */
  readonly lastMoved: Int32Array;
  /** Elimination order, and who was credited with each (-1 for none). */
  readonly eliminationOrder: Int8Array;
  readonly eliminatedBy: Int8Array;
  /** Why each player left the game (index into ELIMINATION_CAUSES), -1 while in it. */
  readonly eliminationCause: Int8Array;
  /** Dimensional Collapse: an eliminated player's turn slots left before their boards go (R9.2), -1 none. */
  readonly countdown: Int8Array;
  /** Cowardly Kings: a king that must flee, with the board and relative square it fled from. */
  readonly fleeing: Uint8Array;
  readonly fleeBoard: Int8Array;
  readonly fleeRel: Int16Array;
  /** Who is credited if the fleeing king cannot flee (-1 none). */
  readonly fleeBy: Int8Array;
  readonly scalars: Int32Array;

  hashLo = 0;
  hashHi = 0;

  /** Derived lists, rebuilt when seats, boards or kings change (rare). */
  domain: number[][] = [];
  kingBoards: number[][] = [];

  private journalArr: Writable[] = [];
  private journalIdx: number[] = [];
  private journalOld: number[] = [];
  /** Per frame: journal length, hash lo, hash hi, structural flag. */
  private frames: number[] = [];
  /** Per frame: the last hash history entry when it began. */
  private historyFrames: (HashEntry | null)[] = [];
  /** The hash after every played action, newest first, for repetition (R7.2, R8.2). */
  private lastHash: HashEntry | null = null;

  constructor(players: number, options: Options = NO_OPTIONS) {
    this.g = geometry(players);
    this.n = players;
    this.nb = this.g.boards;
    this.options = { ...options };
    const n = players;
    const nb = this.nb;
    this.squares = new Uint8Array(nb * 128);
    this.seatOwner = new Int8Array(nb * 2);
    for (let b = 0; b < nb; b++) {
      this.seatOwner[b * 2] = this.g.south[b];
      this.seatOwner[b * 2 + 1] = this.g.north[b];
    }
    this.live = new Uint8Array(nb).fill(1);
    this.status = new Uint8Array(n);
    this.mateBy = new Int8Array(n).fill(-1);
    this.kingRel = new Int16Array(n).fill(-1);
    this.kingSeat = new Int8Array(n * nb).fill(-1);
    this.kingMoved = new Uint8Array(n);
    this.castle = new Uint8Array(nb * 2);
    this.epSquare = new Int16Array(nb).fill(-1);
    this.epPlayer = new Int8Array(nb).fill(-1);
    this.unplaced = new Uint16Array(n);
    this.lastMoved = new Int32Array(n).fill(-1);
    this.eliminationOrder = new Int8Array(n).fill(-1);
    this.eliminatedBy = new Int8Array(n).fill(-1);
    this.eliminationCause = new Int8Array(n).fill(-1);
    this.countdown = new Int8Array(n).fill(-1);
    this.fleeing = new Uint8Array(n);
    this.fleeBoard = new Int8Array(n).fill(-1);
    this.fleeRel = new Int16Array(n).fill(-1);
    this.fleeBy = new Int8Array(n).fill(-1);
    this.scalars = new Int32Array(SCALARS);
    this.scalars[S_WINNER] = -1;
    this.scalars[S_FULLMOVE] = 1;
    this.scalars[S_DUE] = -1;
    this.rebuild();
  }

  private stateArrays(): Writable[] {
    return [
      this.squares,
      this.seatOwner,
      this.live,
      this.status,
      this.mateBy,
      this.kingRel,
      this.kingSeat,
      this.kingMoved,
      this.castle,
      this.epSquare,
      this.epPlayer,
      this.unplaced,
      this.lastMoved,
      this.eliminationOrder,
      this.eliminatedBy,
      this.eliminationCause,
      this.countdown,
      this.fleeing,
      this.fleeBoard,
      this.fleeRel,
      this.fleeBy,
      this.scalars,
    ];
  }

  /** An independent copy with the same state (without the undo journal). */
  clone(): Position {
    const c = new Position(this.n, this.options);
    const from = this.stateArrays();
    c.stateArrays().forEach((a, i) => a.set(from[i]));
    c.hashLo = this.hashLo;
    c.hashHi = this.hashHi;
    c.lastHash = this.lastHash;
    c.rebuild();
    return c;
  }

  // --- derived lists -------------------------------------------------------------------

  /** Recompute the domain and king-board lists after a structural change. */
  rebuild(): void {
    const { n, nb } = this;
    this.domain = [];
    this.kingBoards = [];
    for (let p = 0; p < n; p++) {
      const dom: number[] = [];
      const kb: number[] = [];
      for (let b = 0; b < nb; b++) {
        if (!this.live[b]) continue;
        if (this.seatOwner[b * 2] === p || this.seatOwner[b * 2 + 1] === p) dom.push(b);
        if (this.kingSeat[p * nb + b] >= 0) kb.push(b);
      }
      this.domain.push(dom);
      this.kingBoards.push(kb);
    }
  }

  // --- queries: the typed accessors other layers read (small, so V8 inlines them) -----------

  get turn(): number {
    return this.scalars[S_TURN];
  }
  get phase(): number {
    return this.scalars[S_PHASE];
  }
  get mode(): number {
    return this.scalars[S_MODE];
  }
  /** Actions played that ended a turn (a Hyperspace turn counts once). */
  get ply(): number {
    return this.scalars[S_PLY];
  }
  /** Turns since the last capture or pawn move (R7.2, R8.2). */
  get halfmoveClock(): number {
    return this.scalars[S_HALFMOVE];
  }
  /** Rounds of turns, from 1 (as in FEN). */
  get fullmoveNumber(): number {
    return this.scalars[S_FULLMOVE];
  }
  /** -1 while the game goes on, the winner, or DRAWN. */
  get winner(): number {
    return this.scalars[S_WINNER];
  }
  get drawReason(): DrawReason {
    return DRAW_REASONS[this.scalars[S_DRAW_REASON]];
  }

  /** The piece code on square sq of board b (0 when empty): see roleOf and seatOf. */
  pieceAt(b: number, sq: number): number {
    return this.squares[(b << 7) | sq];
  }

  /** The player whose piece stands on square sq of board b, or -1 when it is empty. */
  ownerAt(b: number, sq: number): number {
    const code = this.squares[(b << 7) | sq];
    return code ? this.seatOwner[b * 2 + (code >> 3)] : -1;
  }

  /** The current holders of board b's South and North seats. */
  boardPlayers(b: number): [number, number] {
    return [this.seatOwner[b * 2], this.seatOwner[b * 2 + 1]];
  }

  /** Is board b still in play (not collapsed, R9.2)? */
  isLive(b: number): boolean {
    return this.live[b] === 1;
  }

  /** ACTIVE, MATED or ELIMINATED. */
  playerState(p: number): number {
    return this.status[p];
  }

  /** Hyperspace: the boards still due a move in a turn under way, null before its first move (R9.1). */
  dueBoards(): number[] | null {
    const due = this.scalars[S_DUE];
    if (due === -1 || !(due & DUE_STARTED)) return null;
    const out: number[] = [];
    for (let b = 0; b < this.nb; b++) if ((due >> b) & 1) out.push(b);
    return out;
  }

  /** Hyperspace: is a turn under way whose boards are counted (R9.1)? */
  inHyperspaceTurn(): boolean {
    return this.scalars[S_DUE] !== -1;
  }

  /** Hyperspace: is board b due a move in the current turn (R9.1)? */
  isHyperspaceDue(b: number): boolean {
    const due = this.scalars[S_DUE];
    return due !== -1 && ((due >> b) & 1) === 1;
  }

  /** Owner of the piece with this code on board b. */
  ownerOf(b: number, code: number): number {
    return this.seatOwner[b * 2 + (code >> 3)];
  }

  /** The seat player p's pieces take on board b: the one they hold, their own where both (R9.4). */
  seatOf(p: number, b: number): number {
    const s = this.seatOwner[b * 2] === p;
    const nSeat = this.seatOwner[b * 2 + 1] === p;
    if (s && nSeat) return this.g.south[b] === p ? 0 : this.g.north[b] === p ? 1 : 0;
    return s ? 0 : nSeat ? 1 : -1;
  }

  /** Absolute square of player p's king on board b (or -1). */
  kingSquare(p: number, b: number): number {
    const seat = this.kingSeat[p * this.nb + b];
    if (seat < 0 || this.kingRel[p] < 0) return -1;
    return seat ? this.kingRel[p] ^ 0x70 : this.kingRel[p];
  }

  playersLeft(): number {
    let k = 0;
    for (let p = 0; p < this.n; p++) if (this.status[p] !== ELIMINATED) k++;
    return k;
  }

  /** The next player after p in turn order who is not eliminated (R6.7). */
  nextPlayer(p: number): number {
    for (let i = 1; i <= this.n; i++) {
      const q = (p + i) % this.n;
      if (this.status[q] !== ELIMINATED) return q;
    }
    return p;
  }

  // --- journalled writes --------------------------------------------------------------

  set(arr: Writable, i: number, v: number): void {
    this.journalArr.push(arr);
    this.journalIdx.push(i);
    this.journalOld.push(arr[i]);
    arr[i] = v;
  }

  /** Start an undoable step. */
  begin(): void {
    this.frames.push(this.journalArr.length, this.hashLo, this.hashHi, 0);
    this.historyFrames.push(this.lastHash);
  }

  /** Mark the current step as changing seats, boards or kings: undo rebuilds the lists. */
  markStructural(): void {
    if (this.frames.length) this.frames[this.frames.length - 1] = 1;
    this.rebuild();
  }

  /** Undo the last step begun with begin(). */
  undo(): void {
    const f = this.frames;
    if (!f.length) throw new InvariantError('undo() without a step begun');
    const structural = f.pop()!;
    this.hashHi = f.pop()!;
    this.hashLo = f.pop()!;
    const len = f.pop()!;
    const arrs = this.journalArr;
    const idx = this.journalIdx;
    const old = this.journalOld;
    for (let i = arrs.length - 1; i >= len; i--) arrs[i][idx[i]] = old[i];
    arrs.length = len;
    idx.length = len;
    old.length = len;
    this.lastHash = this.historyFrames.pop()!;
    if (structural) this.rebuild();
  }

  /** Forget the undo journal (the facade keeps its own snapshots). */
  commit(): void {
    this.journalArr.length = 0;
    this.journalIdx.length = 0;
    this.journalOld.length = 0;
    this.frames.length = 0;
    this.historyFrames.length = 0;
  }

  get undoDepth(): number {
    return this.historyFrames.length;
  }

  // --- hash history -------------------------------------------------------------------

  /** Positions in the hash history (one per action played, and the start). */
  get historyLength(): number {
    return this.lastHash ? this.lastHash.index + 1 : 0;
  }

  /** Append the current hash to the history (after each action). */
  recordHash(): void {
    this.lastHash = new HashEntry(this.hashLo, this.hashHi, this.historyLength, this.lastHash);
  }

  /** How often the current hash stands in the history from index `from` on. */
  occurrencesSince(from: number): number {
    let count = 0;
    for (let e = this.lastHash; e && e.index >= from; e = e.previous)
      if (e.lo === this.hashLo && e.hi === this.hashHi) count++;
    return count;
  }

  // --- hashed setters -----------------------------------------------------------------

  private xor(keys: Int32Array, i: number): void {
    this.hashLo ^= keys[i * 2];
    this.hashHi ^= keys[i * 2 + 1];
  }

  putPiece(b: number, sq: number, code: number): void {
    const i = (b << 7) | sq;
    const old = this.squares[i];
    if (old) this.xor(PIECE_KEYS, i * 16 + old);
    if (code) this.xor(PIECE_KEYS, i * 16 + code);
    this.set(this.squares, i, code);
  }

  setTurn(p: number): void {
    this.xor(TURN_KEYS, this.scalars[S_TURN]);
    this.xor(TURN_KEYS, p);
    this.set(this.scalars, S_TURN, p);
  }

  /** The game phase (PLACEMENT, PLAY, OVER), journalled like every write. */
  setPhase(phase: number): void {
    this.set(this.scalars, S_PHASE, phase);
  }

  setMode(m: number): void {
    if (this.scalars[S_MODE] === m) return;
    this.xor(MODE_KEYS, this.scalars[S_MODE]);
    this.xor(MODE_KEYS, m);
    this.set(this.scalars, S_MODE, m);
  }

  setCastle(i: number, rights: number): void {
    if (this.castle[i] === rights) return;
    this.xor(CASTLE_KEYS, i * 4 + this.castle[i]);
    this.xor(CASTLE_KEYS, i * 4 + rights);
    this.set(this.castle, i, rights);
  }

  /** The king has moved (or left the game): castling is gone for good, with every right (R5.4). */
  loseCastling(p: number): void {
    if (!this.kingMoved[p]) {
      this.xor(KING_MOVED_KEYS, p);
      this.set(this.kingMoved, p, 1);
    }
    for (let i = 0; i < this.nb * 2; i++) if (this.seatOwner[i] === p) this.setCastle(i, 0);
  }

  setEp(b: number, sq: number, player: number): void {
    if (this.epCounts(b)) this.xor(EP_KEYS, b * 8 + (this.epSquare[b] & 7));
    this.set(this.epSquare, b, sq);
    this.set(this.epPlayer, b, player);
    if (this.epCounts(b)) this.xor(EP_KEYS, b * 8 + (sq & 7));
  }

  /**
   * Whether board b's en-passant right counts in the hash, and so in repetition: only while a
   * pawn that may take it stands beside the pawn that double-stepped, as FIDE compares
   * positions. (Under Hyperspace a right is recorded without one: the holder may bring a pawn
   * beside it during the turn, R3.3, R9.1.)
   */
  epCounts(b: number): boolean {
    const skipped = this.epSquare[b];
    if (skipped < 0) return false;
    const takerSeat = skipped >> 4 === 2 ? 1 : 0; // rank 3 was skipped by South's pawn
    const pawnAt = skipped + (takerSeat ? 16 : -16);
    const taker = PAWN | (takerSeat << 3);
    const base = b << 7;
    return (
      ((pawnAt & 7) > 0 && this.squares[base + pawnAt - 1] === taker) ||
      ((pawnAt & 7) < 7 && this.squares[base + pawnAt + 1] === taker)
    );
  }

  /**
   * R3.3: would an en-passant right on skipped square `sq` of board b stand — the square still
   * empty, and the pawn that skipped it still where its double step put it?
   */
  epStands(b: number, sq: number): boolean {
    const seat = sq >> 4 === 2 ? 0 : 1; // rank 3 was skipped by South's pawn
    const base = b << 7;
    return (
      this.squares[base + sq] === 0 &&
      this.squares[base + sq + (seat ? -16 : 16)] === (PAWN | (seat << 3))
    );
  }

  /**
   * R3.3: board b's en-passant right lapses once a piece stands on the skipped square or the
   * pawn that skipped it is gone — under Hyperspace a piece may shift onto that square, or take
   * that pawn, earlier in the holder's turn (R9.1). It does not come back when the square
   * empties again: the square must stay empty.
   */
  lapseEp(b: number): void {
    const sq = this.epSquare[b];
    if (sq >= 0 && !this.epStands(b, sq)) this.setEp(b, -1, -1);
  }

  /** After pieces changed on board b, whose right counted `before`: the hash follows epCounts. */
  recountEp(b: number, before: boolean): void {
    if (this.epCounts(b) !== before) this.xor(EP_KEYS, b * 8 + (this.epSquare[b] & 7));
  }

  setUnplaced(p: number, mask: number): void {
    const diff = this.unplaced[p] ^ mask;
    for (let i = 0; i < 16; i++) if (diff & (1 << i)) this.xor(UNPLACED_KEYS, p * 16 + i);
    this.set(this.unplaced, p, mask);
  }

  setStatus(p: number, s: number): void {
    this.xor(STATUS_KEYS, p * 4 + this.status[p]);
    this.xor(STATUS_KEYS, p * 4 + s);
    this.set(this.status, p, s);
  }

  setSeatOwner(b: number, seat: number, p: number): void {
    const i = b * 2 + seat;
    this.xor(SEAT_KEYS, i * MAX_PLAYERS + this.seatOwner[i]);
    this.xor(SEAT_KEYS, i * MAX_PLAYERS + p);
    this.set(this.seatOwner, i, p);
  }

  setCountdown(p: number, value: number): void {
    if (this.countdown[p] >= 0) this.xor(COUNTDOWN_KEYS, p * 8 + this.countdown[p]);
    if (value >= 0) this.xor(COUNTDOWN_KEYS, p * 8 + value);
    this.set(this.countdown, p, value);
  }

  setFleeing(p: number, on: boolean): void {
    if (!!this.fleeing[p] === on) return;
    this.xor(FLEE_KEYS, p);
    this.set(this.fleeing, p, on ? 1 : 0);
  }

  /** Hyperspace: the boards still due this turn (see S_DUE). */
  setDue(mask: number): void {
    const old = this.scalars[S_DUE];
    if (old === mask) return;
    this.xorDue(old);
    this.xorDue(mask);
    this.set(this.scalars, S_DUE, mask);
  }

  private xorDue(mask: number): void {
    if (mask === -1) return;
    if (mask & DUE_STARTED) this.xor(DUE_KEYS, 0);
    for (let b = 0; b < this.nb; b++) if ((mask >> b) & 1) this.xor(DUE_KEYS, b + 1);
  }

  setLive(b: number, live: boolean): void {
    if (!!this.live[b] === live) return;
    this.xor(DEAD_BOARD_KEYS, b);
    this.set(this.live, b, live ? 1 : 0);
  }

  /** The hash computed from scratch: the incremental one must always equal it. */
  computeHash(): [number, number] {
    let lo = 0;
    let hi = 0;
    const add = (keys: Int32Array, i: number) => {
      lo ^= keys[i * 2];
      hi ^= keys[i * 2 + 1];
    };
    for (let i = 0; i < this.squares.length; i++)
      if (this.squares[i]) add(PIECE_KEYS, i * 16 + this.squares[i]);
    add(TURN_KEYS, this.scalars[S_TURN]);
    add(MODE_KEYS, this.scalars[S_MODE]);
    const due = this.scalars[S_DUE];
    if (due !== -1) {
      if (due & DUE_STARTED) add(DUE_KEYS, 0);
      for (let b = 0; b < this.nb; b++) if ((due >> b) & 1) add(DUE_KEYS, b + 1);
    }
    for (let i = 0; i < this.castle.length; i++) add(CASTLE_KEYS, i * 4 + this.castle[i]);
    for (let b = 0; b < this.nb; b++) {
      if (this.epCounts(b)) add(EP_KEYS, b * 8 + (this.epSquare[b] & 7));
      if (!this.live[b]) add(DEAD_BOARD_KEYS, b);
      for (let s = 0; s < 2; s++)
        add(SEAT_KEYS, (b * 2 + s) * MAX_PLAYERS + this.seatOwner[b * 2 + s]);
    }
    for (let p = 0; p < this.n; p++) {
      if (this.kingMoved[p]) add(KING_MOVED_KEYS, p);
      if (this.countdown[p] >= 0) add(COUNTDOWN_KEYS, p * 8 + this.countdown[p]);
      if (this.fleeing[p]) add(FLEE_KEYS, p);
      add(STATUS_KEYS, p * 4 + this.status[p]);
      for (let i = 0; i < 16; i++) if (this.unplaced[p] & (1 << i)) add(UNPLACED_KEYS, p * 16 + i);
    }
    return [lo, hi];
  }

  resetHash(): void {
    [this.hashLo, this.hashHi] = this.computeHash();
  }

  /** Place or remove player p's king on every board of kingBoards (R2.2). */
  setKingSquare(p: number, rel: number): void {
    for (const b of this.kingBoards[p]) {
      const seat = this.kingSeat[p * this.nb + b];
      const from = this.kingSquare(p, b);
      if (from >= 0 && this.squares[(b << 7) | from] === (KING | (seat << 3)))
        this.putPiece(b, from, 0);
      if (rel >= 0) this.putPiece(b, seat ? rel ^ 0x70 : rel, KING | (seat << 3));
    }
    this.set(this.kingRel, p, rel);
  }
}
