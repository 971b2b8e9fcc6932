/**
 * Explanations of a position for a UI (issue #11): who gives check and along which path
 * (R5.3), which squares the king may not step to and why, on which board (R5.1, R1.6), which
 * pieces are pinned and by what (R5.3, R4.6), why a castling is refused (R5.4), and what
 * happened since a player last moved. Pure reads: nothing here changes a position.
 */
import { KING_OFFSETS, attackers, enemySeats, lineStep, mySeats } from './attacks';
import type { Game } from './game';
import { LABELS } from './geometry';
import { isKingMove, kingTargetOn } from './kingMove';
import {
  FLAG_CASTLE,
  FLAG_PLACE,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
} from './move';
import { parseAction } from './notation';
import { ELIMINATED, PLAY, S_PLY, type Position } from './position';
import { BISHOP, KING, QUEEN, ROOK } from './types';

/** A square of a board. */
export interface Spot {
  board: number;
  square: number;
}

/** A piece attacking a square of its board, with the squares its attack crosses. */
export interface Attack {
  board: number;
  /** Where the attacker stands. */
  from: number;
  /** The square attacked. */
  to: number;
  /** Role code of the attacker (PAWN … KING). */
  role: number;
  /** The attacker's owner (player index). */
  owner: number;
  /** Squares strictly between `from` and `to` (a slider's path); empty for a leaper. */
  path: number[];
}

/** The squares strictly between two squares on one line (none for a leaper's jump). */
function between(from: number, to: number): number[] {
  const d = lineStep(from, to);
  const out: number[] = [];
  if (d === 0) return out;
  for (let t = from + d; t !== to && !(t & 0x88); t += d) out.push(t);
  return out;
}

function attackOf(pos: Position, b: number, from: number, to: number): Attack {
  const code = pos.squares[(b << 7) | from];
  const role = code & 7;
  const slider = role === BISHOP || role === ROOK || role === QUEEN;
  return {
    board: b,
    from,
    to,
    role,
    owner: pos.ownerOf(b, code),
    path: slider ? between(from, to) : [],
  };
}

/** Every piece of player p's live enemies that attacks square sq of board b (R5.3, R6.4). */
export function attacksOn(pos: Position, p: number, b: number, sq: number): Attack[] {
  const found = new Int16Array(16);
  const n = attackers(pos, b, sq, enemySeats(pos, p, b), found);
  const froms = Array.from(found.subarray(0, n));
  return froms.map((from) => attackOf(pos, b, from, sq));
}

/** A square and everything that attacks it, across the domain of what stands there. */
export interface SquareAttacks {
  /**
   * The squares attacked: the square itself, or for a king, its square on every board it stands
   * on (a check on any of them is a check, R5.3).
   */
  spots: Spot[];
  /** The attackers of those squares, board by board in the order of `spots`. */
  attacks: Attack[];
}

/**
 * What attacks square sq of board b: the enemies of the piece standing there (of its king's
 * squares on all its boards, for a king), or, on an empty square, the pieces of either seat
 * holder of the board that attack it.
 */
export function squareAttacks(pos: Position, b: number, sq: number): SquareAttacks {
  const code = pos.squares[(b << 7) | sq];
  const here = [{ board: b, square: sq }];
  if (!code) {
    const [south, north] = pos.boardPlayers(b);
    const attacks = attacksOn(pos, south, b, sq);
    if (north !== south) attacks.push(...attacksOn(pos, north, b, sq));
    return { spots: here, attacks };
  }
  const p = pos.ownerOf(b, code);
  if ((code & 7) === KING && pos.kingSquare(p, b) === sq) {
    const spots = pos.kingBoards[p]
      .map((kb) => ({ board: kb, square: pos.kingSquare(p, kb) }))
      .filter((s) => s.square >= 0);
    return { spots, attacks: spots.flatMap((s) => attacksOn(pos, p, s.board, s.square)) };
  }
  return { spots: here, attacks: attacksOn(pos, p, b, sq) };
}

/** The pieces giving check to player p's king, on every board it stands on (R5.3). */
export function checks(pos: Position, p: number): Attack[] {
  if (pos.status[p] === ELIMINATED) return [];
  return pos.kingBoards[p].flatMap((b) => {
    const k = pos.kingSquare(p, b);
    return k < 0 ? [] : attacksOn(pos, p, b, k);
  });
}

/** A square next to the king that the king may not step to, with every reason. */
export interface RefusedSquare {
  /** The destination as the king's relative square (R1.6). */
  rel: number;
  /** The destination on each board the king stands on. */
  spots: Spot[];
  /** Enemy pieces attacking it, on whichever board (R5.1: safe on every board). */
  attacks: Attack[];
  /** Pieces that may not be taken holding it: the player's own, or a king (R5.1, R5.3). */
  blockers: Spot[];
}

/**
 * The squares next to player p's king that it may not step to, each with its attackers and
 * blockers on every board of the king (R5.1, R5.2). The king is lifted off its boards first,
 * so that it does not shield the squares behind it from a slider.
 */
export function refusedKingSquares(pos: Position, p: number): RefusedSquare[] {
  const rel = pos.kingRel[p];
  const boards = pos.kingBoards[p];
  if (rel < 0 || boards.length === 0 || pos.status[p] === ELIMINATED) return [];
  const lifted = pos.clone();
  for (const b of boards) lifted.squares[(b << 7) | pos.kingSquare(p, b)] = 0;
  const out: RefusedSquare[] = [];
  for (const d of KING_OFFSETS) {
    const t = rel + d;
    if (t & 0x88) continue;
    const refused: RefusedSquare = { rel: t, spots: [], attacks: [], blockers: [] };
    for (const b of boards) {
      const at = pos.kingSeat[p * pos.nb + b] ? t ^ 0x70 : t;
      refused.spots.push({ board: b, square: at });
      const code = pos.squares[(b << 7) | at];
      if (code && ((mySeats(pos, p, b) >> (code >> 3)) & 1 || (code & 7) === KING))
        refused.blockers.push({ board: b, square: at });
      refused.attacks.push(...attacksOn(lifted, p, b, at));
    }
    if (refused.attacks.length || refused.blockers.length) out.push(refused);
  }
  return out;
}

/** One of player p's pieces pinned to its king on a board (R5.3; it may not shift either, R4.6). */
export interface Pin {
  board: number;
  /** The pinned piece's square. */
  square: number;
  /** The pinning slider's attack on the king, through the pinned piece. */
  pinner: Attack;
}

/** Player p's pieces that may not leave the line between their king and an enemy slider. */
export function pins(pos: Position, p: number): Pin[] {
  const out: Pin[] = [];
  if (pos.status[p] === ELIMINATED) return out;
  for (const b of pos.kingBoards[p]) {
    const king = pos.kingSquare(p, b);
    const mine = mySeats(pos, p, b);
    const enemies = enemySeats(pos, p, b);
    for (let i = 0; i < 8; i++) {
      const d = KING_OFFSETS[i];
      let pinned = -1;
      for (let t = king + d; !(t & 0x88); t += d) {
        const c = pos.squares[(b << 7) | t];
        if (!c) continue;
        if ((mine >> (c >> 3)) & 1) {
          if (pinned >= 0) break;
          pinned = t;
          continue;
        }
        const r = c & 7;
        const fits = r === QUEEN || r === (i >= 4 ? BISHOP : ROOK);
        if (pinned >= 0 && (enemies >> (c >> 3)) & 1 && fits)
          out.push({ board: b, square: pinned, pinner: attackOf(pos, b, t, king) });
        break;
      }
    }
  }
  return out;
}

export type CastlingSide = 'king' | 'queen';

/** Why a castling is refused (R5.4); `spot` and `attacks` say where, when it is a square. */
export interface CastlingRefusal {
  reason: 'king-moved' | 'in-check' | 'occupied' | 'attacked' | 'no-rook' | 'blocked';
  spot?: Spot;
  /** An attacked square's place on the king's walk, as its relative square (R1.6). */
  rel?: number;
  attacks?: Attack[];
}

/**
 * Is a refused castling worth explaining: refused, but not out of the question (the king has
 * moved, or no rook keeps its right)?
 */
export const castlingInQuestion = (why: CastlingWhy): boolean =>
  why.refusals.length > 0 &&
  !why.refusals.some((r) => r.reason === 'king-moved' || r.reason === 'no-rook');

/** A castling side: the boards whose rook may castle now, or every reason it may not. */
export interface CastlingWhy {
  side: CastlingSide;
  /** Boards on which this castling is legal now (the rook's board names it, R10.2). */
  boards: number[];
  refusals: CastlingRefusal[];
}

const WALK: Record<CastlingSide, number[]> = { king: [0x05, 0x06], queen: [0x03, 0x02] };
const BETWEEN: Record<CastlingSide, number[]> = { king: [0x05, 0x06], queen: [0x03, 0x02, 0x01] };

/**
 * For both sides, whether player p may castle and, where not, why (R5.4): the king has moved,
 * is in check, or a square it crosses is taken or attacked on any of its boards; or no board
 * has a rook with its right in the corner and the squares between empty.
 */
export function castlingWhy(pos: Position, p: number): CastlingWhy[] {
  return (['king', 'queen'] as const).map((side) => {
    const refusals: CastlingRefusal[] = [];
    const boards: number[] = [];
    const kingBoards = pos.kingBoards[p];
    if (pos.kingMoved[p] || pos.kingRel[p] !== 0x04 || kingBoards.length === 0)
      return { side, boards, refusals: [{ reason: 'king-moved' }] };
    if (checks(pos, p).length) refusals.push({ reason: 'in-check' });
    for (const b of kingBoards) {
      const m = pos.kingSeat[p * pos.nb + b] ? 0x70 : 0;
      for (const t of WALK[side]) {
        const spot = { board: b, square: t ^ m };
        if (pos.squares[(b << 7) | (t ^ m)]) refusals.push({ reason: 'occupied', spot });
        const attacks = attacksOn(pos, p, b, t ^ m);
        if (attacks.length) refusals.push({ reason: 'attacked', spot, rel: t, attacks });
      }
    }
    const rookBoards = kingBoards.filter((b) => {
      const seat = pos.kingSeat[p * pos.nb + b];
      const m = seat ? 0x70 : 0;
      const corner = (side === 'king' ? 0x07 : 0x00) ^ m;
      return (
        pos.castle[b * 2 + seat] & (side === 'king' ? 2 : 1) &&
        pos.squares[(b << 7) | corner] === (ROOK | (seat << 3))
      );
    });
    if (rookBoards.length === 0) refusals.push({ reason: 'no-rook' });
    const clear = rookBoards.filter((b) => {
      const m = pos.kingSeat[p * pos.nb + b] ? 0x70 : 0;
      return BETWEEN[side].every((t) => pos.squares[(b << 7) | (t ^ m)] === 0);
    });
    if (rookBoards.length && !clear.length)
      for (const b of rookBoards) {
        const m = pos.kingSeat[p * pos.nb + b] ? 0x70 : 0;
        for (const t of BETWEEN[side]) {
          const taken = (r: CastlingRefusal) =>
            r.reason === 'occupied' && r.spot?.board === b && r.spot.square === (t ^ m);
          if (pos.squares[(b << 7) | (t ^ m)] && !refusals.some(taken))
            refusals.push({ reason: 'blocked', spot: { board: b, square: t ^ m } });
        }
      }
    if (!refusals.length) boards.push(...clear);
    return { side, boards, refusals };
  });
}

/** One action of the record, with the squares it moved from and to. */
export interface RecentAction {
  /** Index into Game.actions. */
  index: number;
  text: string;
  /** Who played it (player index). */
  player: number;
  /** Turns between it and now: 0 for the latest turn, 1 for the one before, … */
  turnsAgo: number;
  /** Squares left and reached (a king's on every board it stands on). */
  from: Spot[];
  to: Spot[];
  /** A board-shifting move (R4): from one board to another. */
  shift: boolean;
}

/** The squares action `text` moves from and to, played from position pos. */
export function actionSpots(pos: Position, text: string): Pick<RecentAction, 'from' | 'to'> {
  const parsed = parseAction(pos, text);
  const none = { from: [], to: [] };
  if (!parsed.ok) return none;
  const m = parsed.value;
  const flag = moveFlag(m);
  const fb = moveFromBoard(m);
  if (flag === FLAG_PLACE) return { from: [], to: [{ board: fb, square: moveTo(m) }] };
  if (flag > FLAG_PLACE) return none;
  if (isKingMove(pos, m)) {
    const boards = pos.kingBoards[pos.turn];
    const from = boards.map((b) => ({ board: b, square: pos.kingSquare(pos.turn, b) }));
    const to = boards.map((b) => ({ board: b, square: kingTargetOn(pos, m, b) }));
    if (flag === FLAG_CASTLE) {
      // The rook's corner and where it lands, on the board named.
      const kingSide = (moveTo(m) & 7) === 6;
      const rank = moveTo(m) & 0x70;
      from.push({ board: fb, square: rank | (kingSide ? 7 : 0) });
      to.push({ board: fb, square: rank | (kingSide ? 5 : 3) });
    }
    return { from, to };
  }
  return {
    from: [{ board: fb, square: moveFrom(m) }],
    to: [{ board: moveToBoard(m), square: moveTo(m) }],
  };
}

/**
 * The actions played since the player to move after the first `k` actions last moved: every
 * other player's turn since then, oldest first. Before that player's first move of the play
 * phase, the other players' turns since the play phase began (at most one each).
 */
export function sinceLastTurn(game: Game, k = game.length): RecentAction[] {
  const view = k >= game.length ? game : game.truncate(k);
  const now = view.position;
  if (now.phase !== PLAY) return [];
  const p = now.turn;
  const groups = view.turnGroups();
  const moverOf = (i: number) => view.positionAt(i).turn;
  const inProgress = (i: number) =>
    moverOf(i) === p && view.positionAt(i).scalars[S_PLY] === now.scalars[S_PLY];
  // Skip the player's own turn in progress (Hyperspace, R9.1), then go back to their last turn,
  // at most one turn of every other player.
  let g = groups.length - 1;
  if (g >= 0 && inProgress(groups[g].actions[0])) g--;
  const end = g + 1;
  let first = end;
  for (; g >= 0 && end - g < now.n; g--) {
    const start = groups[g].actions[0];
    if (view.positionAt(start).phase !== PLAY || moverOf(start) === p) break;
    first = g;
  }
  const recent = groups.slice(first, end);
  return recent.flatMap((gr, i) =>
    gr.actions.map((index) => recentAction(view, index, recent.length - 1 - i)),
  );
}

/** Action `index` of the record, with its squares. */
export function recentAction(game: Game, index: number, turnsAgo = 0): RecentAction {
  const before = game.positionAt(index);
  const text = game.actions[index];
  const spots = actionSpots(before, text);
  const shift = spots.from.length === 1 && spots.from[0].board !== spots.to[0]?.board;
  // A seat action (R11.4) is the named player's, whoever was to move.
  const seat = game.seatActionOf(index + 1);
  const player = seat ? LABELS.indexOf(seat.player) : before.turn;
  return { index, text, player, turnsAgo, ...spots, shift };
}
