/**
 * A JSON form for any position, so that tests and users can set one up: every board, seats,
 * castling and en-passant rights, kings, eliminated (petrified) and mated players, unplaced
 * pieces and clocks. makePosition(parsePosition(j)) describes the same position.
 *
 * Boards use FEN's piece field: upper case for the South seat, lower case for North. A board
 * left out is empty but for the kings of its two players, on their king square.
 */
import { armiesOf, armyError, countArmies } from './armyCount';
import { MAX_CLOCK, makeBoardField, parseBoardField } from './fen';
import { LABELS, boardIndex, parseSquare, squareName } from './geometry';
import { HOME_ROLES, HOME_SQUARES, KING_PIECE } from './move';
import {
  ELIMINATED,
  MATED,
  MODE_FINAL,
  MODE_FLIGHT,
  PLACEMENT,
  PLAY,
  Position,
  S_DUE,
  S_ELIMINATED,
  S_FULLMOVE,
  S_HALFMOVE,
  S_PHASE,
  S_PLY,
  S_RESUME,
  S_TURN,
  S_TURN_IRREVERSIBLE,
} from './position';
import { settle } from './afterAction';
import { fieldPath as field, quote, quoteText } from './quote';
import {
  KING,
  NO_OPTIONS,
  OPTION_NAMES,
  PAWN,
  ROLE_LETTERS,
  ROOK,
  fail,
  ok,
  type Options,
  type Result,
} from './types';

export interface BoardJson {
  pieces: string;
  /** FEN-style castling rights: K/Q for the South seat's rooks, k/q for North's. Default none. */
  castling?: string;
  /** En-passant square of this board (the square the pawn skipped). */
  ep?: string;
  live?: boolean;
  /** Labels holding the South and North seats (they change under Scavenger). */
  seats?: [string, string];
}

export interface PositionJson {
  players: number;
  options?: Partial<Options>;
  phase?: 'placement' | 'play';
  turn: string;
  boards: Record<string, BoardJson>;
  eliminated?: string[];
  /** Dimensional Collapse: turn slots left before an eliminated player's boards collapse (R9.2). */
  countdown?: Record<string, number>;
  /** Mated players awaiting their final move or the capture, with their checkmater (R6.3). */
  mated?: Record<string, string>;
  /** Players whose king has moved (no castling). Default: those with no castling right. */
  kingMoved?: string[];
  /** Unplaced pieces per player by their relative home square, e.g. "Nb1 Ng1 a2 Qd1". */
  unplaced?: Record<string, string>;
  /** Players from least to most recently moved (decides the checkmater, R6.2). */
  moveOrder?: string[];
  /** Hyperspace, in the middle of a turn: the boards still due (R9.1), and whether the turn has captured or moved a pawn. */
  due?: string[];
  dueIrreversible?: boolean;
  /** Cowardly Kings: kings that must flee, by label: the board and relative square they left, and who is credited if they cannot (R9.3). */
  fleeing?: Record<string, { from: string; square: string; by: string | null }>;
  /** Whose turn resumes once every fleeing king has fled. */
  resume?: string;
  halfmove?: number;
  fullmove?: number;
}

const bad = (where: string, message: string): Result<Position> =>
  fail('bad-position', `bad position: ${where}: ${message}`);

/** An input value as a message shows it: primitives as text, lists and objects by kind. */
const shown = (v: unknown): string =>
  typeof v === 'object' || typeof v === 'function' || typeof v === 'symbol'
    ? quote(v)
    : quoteText(String(v));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Build a position from its JSON form, checking it; the first turn is then resolved. Any input
 * gives a position or a bad-position error, never an exception.
 */
export function parsePosition(input: unknown): Result<Position> {
  if (!isRecord(input)) return bad('position', 'must be an object');
  const j = input as unknown as PositionJson;
  const n = j.players;
  if (!Number.isInteger(n) || n < 2 || n > 8)
    return bad('players', 'must be a whole number from 2 to 8');
  const opts: Options = { ...NO_OPTIONS };
  const list = (where: string, v: unknown): unknown[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw new PositionError(where, 'must be a list of player labels');
    return v;
  };
  const record = (where: string, v: unknown): [string, unknown][] => {
    if (v === undefined) return [];
    if (!isRecord(v)) throw new PositionError(where, 'must be an object by player label');
    return Object.entries(v);
  };
  if (j.phase !== undefined && j.phase !== 'placement' && j.phase !== 'play')
    return bad('phase', `must be "placement" or "play", got ${shown(j.phase)}`);
  if (j.options !== undefined && !isRecord(j.options))
    return bad('options', 'must be an object of true/false switches');
  for (const [k, v] of Object.entries(j.options ?? {})) {
    if (!(OPTION_NAMES as readonly string[]).includes(k) || typeof v !== 'boolean')
      return bad(field('options', k), 'is not an option that can be true or false');
    opts[k as keyof Options] = v;
  }
  const pos = new Position(n, opts);
  const label = (where: string, l: unknown): number => {
    const p = typeof l === 'string' && l.length === 1 ? LABELS.indexOf(l) : -1;
    if (p < 0 || p >= n)
      throw new PositionError(where, `${shown(l)} is not a player label (A–${LABELS[n - 1]})`);
    return p;
  };
  try {
    for (const x of list('eliminated', j.eliminated))
      pos.status[label('eliminated', x)] = ELIMINATED;
    for (const [x, value] of record('countdown', j.countdown)) {
      const p = label('countdown', x);
      const turns = Number.isInteger(value) ? (value as number) : -1;
      if (pos.status[p] !== ELIMINATED || turns < 0 || turns > 5)
        return bad(field('countdown', x), 'must be 0–5, for an eliminated player');
      pos.countdown[p] = turns;
    }
    for (const [x, by] of record('mated', j.mated)) {
      const p = label('mated', x);
      pos.status[p] = MATED;
      pos.mateBy[p] = label(field('mated', x), by);
      if (pos.mateBy[p] === p) return bad(field('mated', x), `player ${x} cannot mate itself`);
      if (pos.status[pos.mateBy[p]] === ELIMINATED)
        return bad(
          field('mated', x),
          `the checkmater ${String(by)} is out of the game, so the mated king was removed (R6.3)`,
        );
    }
    if (!isRecord(j.boards)) return bad('boards', 'must be an object of boards by name');
    const boards = Object.entries(j.boards);
    const given = new Set<number>();
    for (const [name, board] of boards) {
      const where = field('boards', name);
      const b = boardIndex(pos.g, name);
      if (b < 0) return bad(where, `there is no such board with ${n} players`);
      given.add(b);
      if (!isRecord(board) || typeof board.pieces !== 'string')
        return bad(`${where}.pieces`, 'must be a FEN piece field');
      const error = parseBoardField(pos, b, board.pieces);
      if (error) return bad(`${where}.pieces`, error);
      if (board.live !== undefined && typeof board.live !== 'boolean')
        return bad(`${where}.live`, 'must be true or false');
      if (board.live === false) pos.live[b] = 0;
      if (board.seats !== undefined && (!Array.isArray(board.seats) || board.seats.length !== 2))
        return bad(`${where}.seats`, 'must list the South and North labels, like ["A", "B"]');
      if (board.seats)
        for (let s = 0; s < 2; s++) {
          pos.seatOwner[b * 2 + s] = label(`${where}.seats`, (board.seats as unknown[])[s]);
          const original = s ? pos.g.north[b] : pos.g.south[b];
          if (
            pos.seatOwner[b * 2 + s] !== original &&
            !(opts.scavenger && pos.status[original] === ELIMINATED)
          )
            return bad(
              `${where}.seats`,
              `the seat of ${LABELS[original]} passes only to its checkmater under Interdimensional Scavenger (R9.4)`,
            );
        }
    }
    for (const [x, pieces] of record('unplaced', j.unplaced)) {
      const p = label('unplaced', x);
      if (typeof pieces !== 'string')
        return bad(field('unplaced', x), 'must be a text like "Nb1 a2"');
      for (const item of pieces.split(/\s+/).filter(Boolean)) {
        const i = HOME_SQUARES.findIndex(
          (sq, k) =>
            squareName(sq) === item.slice(-2) &&
            (ROLE_LETTERS[HOME_ROLES[k]] === item[0] ||
              (item.length === 2 && HOME_ROLES[k] === PAWN)),
        );
        if (i < 0)
          return bad(
            field('unplaced', x),
            `${quoteText(item)} is not a piece by its home square, like Nb1 or a2`,
          );
        pos.unplaced[p] |= 1 << i;
      }
    }
    const armies = countArmies(pos);
    for (let p = 0; p < n; p++) {
      const error = armyError(LABELS[p], armies.byPlayer[p], armiesOf(pos, p));
      if (error) return bad('boards', error);
    }
    const fleeing = isRecord(j.fleeing) ? new Set(Object.keys(j.fleeing)) : new Set<string>();
    const kingError = placeKings(pos, given, fleeing);
    if (kingError) return bad(kingError[0], kingError[1]);
    for (const [name, board] of boards) {
      const error = readRights(pos, boardIndex(pos.g, name), board as BoardJson);
      if (error) return bad(field('boards', name), error);
    }
    const moved =
      j.kingMoved === undefined
        ? null
        : list('kingMoved', j.kingMoved).map((x) => label('kingMoved', x));
    for (let p = 0; p < n; p++) {
      const hasRight = pos.kingBoards[p].some(
        (b) => pos.castle[b * 2 + pos.kingSeat[p * pos.nb + b]],
      );
      const kingMoved = pos.status[p] === ELIMINATED || (moved ? moved.includes(p) : !hasRight);
      if (kingMoved) pos.loseCastling(p);
    }
    const order = list('moveOrder', j.moveOrder);
    order.forEach((x, i) => (pos.lastMoved[label('moveOrder', x)] = i));
    pos.scalars[S_TURN] = label('turn', j.turn);
    if (pos.status[pos.turn] === ELIMINATED) return bad('turn', `player ${j.turn} is eliminated`);
    pos.scalars[S_PHASE] = j.phase === 'placement' ? PLACEMENT : PLAY;
    const half = j.halfmove ?? 0;
    const full = j.fullmove ?? 1;
    if (!Number.isInteger(half) || half < 0 || half > MAX_CLOCK)
      return bad('halfmove', `must be a whole number from 0 to ${MAX_CLOCK}`);
    if (!Number.isInteger(full) || full < 1 || full > MAX_CLOCK)
      return bad('fullmove', `must be a whole number from 1 to ${MAX_CLOCK}`);
    pos.scalars[S_HALFMOVE] = half;
    pos.scalars[S_FULLMOVE] = full;
    pos.scalars[S_PLY] = order.length;
    const turnError = readTurnState(pos, j, label);
    if (turnError) return bad(turnError[0], turnError[1]);
  } catch (e) {
    if (e instanceof PositionError) return bad(e.where, e.message);
    throw e;
  }
  pos.rebuild();
  let order = 0;
  for (let p = 0; p < n; p++) if (pos.status[p] === ELIMINATED) pos.eliminationOrder[order++] = p;
  pos.scalars[S_ELIMINATED] = order;
  pos.resetHash();
  const fleeing = pos.fleeing.includes(1);
  if (fleeing || pos.status[pos.turn] === MATED) {
    // The player to move flees (R9.3) or, mated, makes the final move (R6.3).
    pos.setMode(fleeing ? MODE_FLIGHT : MODE_FINAL);
    pos.recordHash();
    pos.commit();
  } else settle(pos);
  return ok(pos);
}

/** The middle of a Hyperspace turn and pending Cowardly flights: null, or where and what is wrong. */
function readTurnState(
  pos: Position,
  j: PositionJson,
  label: (where: string, l: unknown) => number,
): [string, string] | null {
  if (j.due !== undefined) {
    if (!pos.options.hyperspace) return ['due', 'only with the Hyperspace option'];
    if (!Array.isArray(j.due)) return ['due', 'must be a list of board names'];
    let mask = 1 << 30;
    for (const name of j.due as unknown[]) {
      const b = typeof name === 'string' ? boardIndex(pos.g, name) : -1;
      if (b < 0 || !pos.live[b]) return ['due', `${shown(name)} is not a live board`];
      mask |= 1 << b;
    }
    pos.scalars[S_DUE] = mask;
    pos.scalars[S_TURN_IRREVERSIBLE] = j.dueIrreversible ? 1 : 0;
  }
  if (j.fleeing === undefined) return null;
  if (!pos.options.cowardly) return ['fleeing', 'only with the Cowardly Kings option'];
  if (!isRecord(j.fleeing)) return ['fleeing', 'must be an object by player label'];
  for (const [x, f] of Object.entries(j.fleeing as Record<string, unknown>)) {
    const where = field('fleeing', x);
    const p = label('fleeing', x);
    const from = isRecord(f) && typeof f.from === 'string' ? boardIndex(pos.g, f.from) : -1;
    const sq = isRecord(f) && typeof f.square === 'string' ? parseSquare(f.square) : -1;
    if (!isRecord(f) || from < 0 || sq < 0)
      return [where, 'needs "from" (a board) and "square" (relative, like "e1")'];
    if (pos.kingRel[p] >= 0) return [where, `the king of ${x} stands on a board`];
    pos.fleeing[p] = 1;
    pos.fleeBoard[p] = from;
    pos.fleeRel[p] = sq;
    pos.fleeBy[p] = f.by === null || f.by === undefined ? -1 : label(`${where}.by`, f.by);
  }
  if (!pos.fleeing[pos.turn]) return ['turn', `${LABELS[pos.turn]} must be a fleeing player`];
  pos.scalars[S_RESUME] = label('resume', j.resume);
  return null;
}

class PositionError extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message);
  }
}

/** Find each player's king on the boards given, check it is one king (R2.2), add it to the rest. */
function placeKings(
  pos: Position,
  given: Set<number>,
  fleeing: Set<string>,
): [string, string] | null {
  const { n, nb } = pos;
  for (let p = 0; p < n; p++) {
    let rel = -1;
    const seen: number[] = [];
    for (let b = 0; b < nb; b++) {
      if (!given.has(b)) continue;
      for (let seat = 0; seat < 2; seat++) {
        if (pos.seatOwner[b * 2 + seat] !== p) continue;
        for (let sq = 0; sq < 128; sq++) {
          if (sq & 0x88 || pos.squares[(b << 7) | sq] !== (KING | (seat << 3))) continue;
          const r = seat ? sq ^ 0x70 : sq;
          const name = pos.g.names[b];
          if (pos.status[p] === ELIMINATED)
            return [`boards.${name}`, `player ${LABELS[p]} is eliminated but has a king`];
          if (pos.options.cowardly && seen.length)
            return [
              `boards.${name}`,
              `the Cowardly king of ${LABELS[p]} stands on one board only (R9.3)`,
            ];
          if (seen.includes(b))
            return [`boards.${name}`, `player ${LABELS[p]} has two kings on ${name}`];
          if (rel >= 0 && r !== rel && !pos.options.cowardly)
            return [
              `boards.${name}`,
              `the king of ${LABELS[p]} must stand on the same relative square on every board (R2.2)`,
            ];
          rel = r;
          seen.push(b);
          pos.kingSeat[p * nb + b] = seat;
        }
      }
    }
    if (pos.status[p] === ELIMINATED) continue;
    const kingless =
      pos.options.cowardly && ((pos.unplaced[p] >> KING_PIECE) & 1 || fleeing.has(LABELS[p]));
    if (rel < 0 && kingless) continue;
    if (rel < 0) return ['boards', `player ${LABELS[p]} has no king on any board`];
    pos.kingRel[p] = rel;
    if (pos.options.cowardly) continue;
    for (let b = 0; b < nb; b++) {
      if (!pos.live[b] || seen.includes(b)) continue;
      const seat = pos.g.south[b] === p ? 0 : pos.g.north[b] === p ? 1 : -1;
      if (seat < 0 || pos.seatOwner[b * 2 + seat] !== p) continue;
      if (given.has(b))
        return [
          `boards.${pos.g.names[b]}`,
          `the king of ${LABELS[p]} is missing (it stands on every board of its domain, R2.2)`,
        ];
      const at = seat ? rel ^ 0x70 : rel;
      if (pos.squares[(b << 7) | at])
        return [
          `boards.${pos.g.names[b]}`,
          `${squareName(at)} is taken, the king of ${LABELS[p]} cannot stand there`,
        ];
      pos.squares[(b << 7) | at] = KING | (seat << 3);
      pos.kingSeat[p * nb + b] = seat;
    }
  }
  pos.rebuild();
  return null;
}

/** Castling and en-passant rights of one board. */
function readRights(pos: Position, b: number, board: BoardJson): string | null {
  const castling = board.castling ?? '-';
  if (typeof castling !== 'string' || !/^(-|K?Q?k?q?)$/.test(castling))
    return `castling ${shown(castling)} is not like "KQkq" or "-"`;
  for (const ch of castling.replace('-', '')) {
    const seat = ch === ch.toUpperCase() ? 0 : 1;
    const bit = ch.toUpperCase() === 'K' ? 2 : 1;
    const corner = (bit === 2 ? 7 : 0) | (seat ? 0x70 : 0);
    const owner = pos.seatOwner[b * 2 + seat];
    if (pos.squares[(b << 7) | corner] !== (ROOK | (seat << 3)))
      return `castling "${ch}" needs a rook on ${squareName(corner)}`;
    const kingToCome = pos.options.cowardly && (pos.unplaced[owner] >> KING_PIECE) & 1;
    if (pos.kingRel[owner] !== 0x04 && !kingToCome)
      return `castling "${ch}" needs the king of ${LABELS[owner]} on its home square`;
    pos.castle[b * 2 + seat] |= bit;
  }
  if (board.ep !== undefined) {
    const sq = typeof board.ep === 'string' ? parseSquare(board.ep) : -1;
    const rank = sq >> 4;
    if (sq < 0 || (rank !== 2 && rank !== 5))
      return `en-passant square ${shown(board.ep)} is not on rank 3 or 6`;
    if (pos.squares[(b << 7) | sq])
      return `en-passant square ${shown(board.ep)} is taken: the right lapsed (R3.3)`;
    if (!pos.epStands(b, sq))
      return `en-passant square ${shown(board.ep)} has no pawn that just made a double step`;
    const seat = rank === 2 ? 0 : 1; // the seat whose pawn skipped it
    pos.epSquare[b] = sq;
    pos.epPlayer[b] = pos.seatOwner[b * 2 + (seat ^ 1)];
  }
  return null;
}

/** The JSON form of a position. */
export function makePosition(pos: Position): PositionJson {
  const label = (p: number) => LABELS[p];
  const players = Array.from({ length: pos.n }, (_, p) => p);
  const boards: Record<string, BoardJson> = {};
  for (let b = 0; b < pos.nb; b++) {
    const rights = pos.castle;
    const castling =
      (rights[b * 2] & 2 ? 'K' : '') +
      (rights[b * 2] & 1 ? 'Q' : '') +
      (rights[b * 2 + 1] & 2 ? 'k' : '') +
      (rights[b * 2 + 1] & 1 ? 'q' : '');
    const board: BoardJson = { pieces: makeBoardField(pos, b) };
    if (castling) board.castling = castling;
    if (pos.epSquare[b] >= 0) board.ep = squareName(pos.epSquare[b]);
    if (!pos.live[b]) board.live = false;
    const seats: [string, string] = [label(pos.seatOwner[b * 2]), label(pos.seatOwner[b * 2 + 1])];
    if (seats[0] !== label(pos.g.south[b]) || seats[1] !== label(pos.g.north[b]))
      board.seats = seats;
    boards[pos.g.names[b]] = board;
  }
  const json: PositionJson = {
    players: pos.n,
    phase: pos.scalars[S_PHASE] === PLACEMENT ? 'placement' : 'play',
    turn: label(pos.turn),
    boards,
    halfmove: pos.scalars[S_HALFMOVE],
    fullmove: pos.scalars[S_FULLMOVE],
  };
  const options = OPTION_NAMES.filter((o) => pos.options[o]);
  if (options.length) json.options = Object.fromEntries(options.map((o) => [o, true]));
  const eliminated = players.filter((p) => pos.status[p] === ELIMINATED);
  if (eliminated.length) json.eliminated = eliminated.map(label);
  const doomed = eliminated.filter((p) => pos.countdown[p] >= 0);
  if (doomed.length)
    json.countdown = Object.fromEntries(doomed.map((p) => [label(p), pos.countdown[p]]));
  const mated = players.filter((p) => pos.status[p] === MATED);
  if (mated.length)
    json.mated = Object.fromEntries(mated.map((p) => [label(p), label(pos.mateBy[p])]));
  json.kingMoved = players
    .filter((p) => pos.status[p] !== ELIMINATED && pos.kingMoved[p])
    .map(label);
  const unplaced = players.filter((p) => pos.unplaced[p]);
  if (unplaced.length)
    json.unplaced = Object.fromEntries(
      unplaced.map((p) => [
        label(p),
        HOME_SQUARES.filter((_, i) => pos.unplaced[p] & (1 << i))
          .map((sq) => {
            const i = HOME_SQUARES.indexOf(sq);
            return (HOME_ROLES[i] === PAWN ? '' : ROLE_LETTERS[HOME_ROLES[i]]) + squareName(sq);
          })
          .join(' '),
      ]),
    );
  const moved = players
    .filter((p) => pos.lastMoved[p] >= 0)
    .sort((a, b) => pos.lastMoved[a] - pos.lastMoved[b]);
  if (moved.length) json.moveOrder = moved.map(label);
  const due = pos.scalars[S_DUE];
  if (due !== -1 && due & (1 << 30)) {
    json.due = pos.g.names.filter((_, b) => (due >> b) & 1);
    if (pos.scalars[S_TURN_IRREVERSIBLE]) json.dueIrreversible = true;
  }
  const fleeing = players.filter((p) => pos.fleeing[p]);
  if (fleeing.length) {
    json.fleeing = Object.fromEntries(
      fleeing.map((p) => [
        label(p),
        {
          from: pos.g.names[pos.fleeBoard[p]],
          square: squareName(pos.fleeRel[p]),
          by: pos.fleeBy[p] >= 0 ? label(pos.fleeBy[p]) : null,
        },
      ]),
    );
    json.resume = label(pos.scalars[S_RESUME]);
  }
  return json;
}
