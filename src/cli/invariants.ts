/**
 * Invariants of the rules core, checked after every action of a playout (`playout --check`)
 * and by the tests. Each check returns null when it holds, or a Violation naming it.
 *
 *   king-presence  R2.2: a live player's king stands on exactly the live boards where they hold
 *                  their original seat, on the same relative square; an eliminated one nowhere.
 *   piece-counts   no player holds more than the 16 pieces of each army they command allow
 *                  (≤ 8 pawns, promoted pieces only in place of pawns; armies counted by the
 *                  seats held, R9.4: the core's armiesOf and armyError, which the position
 *                  JSON also applies), no pawn on a back rank, and the pieces on all boards
 *                  plus the unplaced ones never increase.
 *   hash           the incremental Zobrist hash equals Position.computeHash().
 *   save-load      saveGame → loadGame replays to the same hash and the same status; and the
 *                  step loadGame repeats (the action's text played on the game before it).
 *   position-json  makePosition → parsePosition gives the same hash, squares and turn (while
 *                  the game goes on: the JSON form has no finished phase).
 *   undo           play() then undo() on a copy restores the previous position exactly.
 *   legal-actions  every action listed as legal is accepted by Game.play.
 *   turn-order     R6.4, R6.7: while the game goes on the player to move is not eliminated, and
 *                  petrified pieces never move (they can only be captured).
 */
import {
  ELIMINATED,
  KING,
  LABELS,
  OVER,
  PAWN,
  armiesOf,
  armyError,
  countArmies,
  loadGame,
  makePosition,
  parsePosition,
  play,
  roleOf,
  saveGame,
  seatOf,
  squareName,
  type Game,
  type Position,
} from '../core';

export const INVARIANTS = [
  'king-presence',
  'piece-counts',
  'hash',
  'save-load',
  'position-json',
  'undo',
  'legal-actions',
  'turn-order',
] as const;
export type InvariantName = (typeof INVARIANTS)[number];

export interface Violation {
  invariant: InvariantName;
  message: string;
}

const violation = (invariant: InvariantName, message: string): Violation => ({
  invariant,
  message,
});

/** Which of the costlier checks to run (all on by default). */
export interface CheckOptions {
  /** Replay the whole record through saveGame/loadGame (cost grows with the game's length). */
  saveLoad?: boolean;
  /** Replay the last action from its text on the previous game (loadGame's step, cheap). */
  replay?: boolean;
  positionJson?: boolean;
  undo?: boolean;
}

const where = (pos: Position, b: number, sq: number): string =>
  `${pos.g.names[b]}:${squareName(sq)}`;

// --- (a) king presence ----------------------------------------------------------------------

/** The boards (and seats) where player p's king must stand: live, original seat still theirs. */
function expectedKingBoards(pos: Position, p: number): Map<number, number> {
  const boards = new Map<number, number>();
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    if (pos.g.south[b] === p && pos.seatOwner[b * 2] === p) boards.set(b, 0);
    else if (pos.g.north[b] === p && pos.seatOwner[b * 2 + 1] === p) boards.set(b, 1);
  }
  return boards;
}

/**
 * (a) Under Cowardly Kings (R9.3) a king is unplaced, fleeing, or stands on exactly one live
 * board of its domain, in its owner's seat there.
 */
function checkCowardlyKings(pos: Position): Violation | null {
  const bad = (message: string) => violation('king-presence', message);
  for (let p = 0; p < pos.n; p++) {
    const label = LABELS[p];
    const kb = pos.kingBoards[p];
    const away = pos.status[p] === ELIMINATED || pos.fleeing[p] || pos.unplaced[p] & (1 << 15);
    if (away) {
      if (kb.length || pos.kingRel[p] !== -1)
        return bad(`player ${label} has no king in play but one stands on a board`);
      continue;
    }
    if (kb.length !== 1)
      return bad(`player ${label}'s Cowardly king stands on ${kb.length} boards`);
    const b = kb[0];
    if (!pos.domain[p].includes(b))
      return bad(`player ${label}'s king stands outside the domain on ${pos.g.names[b]}`);
    const sq = pos.kingSquare(p, b);
    if (pos.pieceAt(b, sq) !== (KING | (pos.kingSeat[p * pos.nb + b] << 3)))
      return bad(`player ${label}'s king is missing from ${where(pos, b, sq)}`);
  }
  let kings = 0;
  for (let i = 0; i < pos.squares.length; i++) if ((pos.squares[i] & 7) === KING) kings++;
  const placed = pos.kingBoards.reduce((sum, kb) => sum + kb.length, 0);
  return kings === placed ? null : bad(`${kings} kings stand on the boards, ${placed} expected`);
}

/** (a) R2.2: a king stands on every live board of its owner's own seats (R9.3 aside). */
export function checkKings(pos: Position): Violation | null {
  if (pos.options.cowardly) return checkCowardlyKings(pos);
  const { n, nb } = pos;
  const bad = (message: string) => violation('king-presence', message);
  const expected: Map<number, number>[] = [];
  for (let p = 0; p < n; p++) {
    const label = LABELS[p];
    const kb = pos.kingBoards[p];
    if (pos.status[p] === ELIMINATED) {
      expected.push(new Map());
      if (pos.kingRel[p] !== -1)
        return bad(
          `eliminated player ${label} still has a king square (kingRel ${pos.kingRel[p]})`,
        );
      if (kb.length) return bad(`eliminated player ${label} still has king boards ${kb.join(',')}`);
      for (let b = 0; b < nb; b++)
        if (pos.kingSeat[p * nb + b] !== -1)
          return bad(`eliminated player ${label} still has a king seat on ${pos.g.names[b]}`);
      continue;
    }
    const want = expectedKingBoards(pos, p);
    expected.push(want);
    const rel = pos.kingRel[p];
    if (rel < 0 || rel & 0x88) return bad(`player ${label} is in the game but has no king square`);
    const wantList = [...want.keys()];
    if (kb.length !== wantList.length || kb.some((b, i) => b !== wantList[i]))
      return bad(
        `player ${label}'s king boards are [${kb.map((b) => pos.g.names[b])}], expected ` +
          `[${wantList.map((b) => pos.g.names[b])}] (live boards of their own seat)`,
      );
    for (let b = 0; b < nb; b++) {
      const seat = want.get(b) ?? -1;
      if (pos.kingSeat[p * nb + b] !== seat)
        return bad(
          `player ${label}'s king seat on ${pos.g.names[b]} is ${pos.kingSeat[p * nb + b]}, expected ${seat}`,
        );
      if (seat < 0) continue;
      const sq = seat ? rel ^ 0x70 : rel;
      if (pos.pieceAt(b, sq) !== (KING | (seat << 3)))
        return bad(
          `player ${label}'s king is missing from ${where(pos, b, sq)} (relative ${squareName(rel)})`,
        );
    }
  }
  // Every king on a board is one of these, and there is no other.
  for (let b = 0; b < nb; b++)
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = pos.pieceAt(b, sq);
      if (roleOf(c) !== KING) continue;
      const seat = seatOf(c);
      const owner = pos.seatOwner[b * 2 + seat];
      if (pos.status[owner] === ELIMINATED)
        return bad(`a king of eliminated player ${LABELS[owner]} stands on ${where(pos, b, sq)}`);
      const rel = seat ? sq ^ 0x70 : sq;
      if (expected[owner].get(b) !== seat || rel !== pos.kingRel[owner])
        return bad(`a stray king of player ${LABELS[owner]} stands on ${where(pos, b, sq)}`);
    }
  return null;
}

// --- (b) piece counts -----------------------------------------------------------------------

export function checkPieces(pos: Position, previousTotal?: number): Violation | null {
  const bad = (message: string) => violation('piece-counts', message);
  for (let b = 0; b < pos.nb; b++)
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.pieceAt(b, sq);
      if (!c) continue;
      if (sq & 0x88) return bad(`board ${pos.g.names[b]} has code ${c} off the board (0x88 ${sq})`);
      if (roleOf(c) === 0 || roleOf(c) > KING || c > 15)
        return bad(`invalid piece code ${c} on ${where(pos, b, sq)}`);
      if (roleOf(c) === PAWN && (sq >> 4 === 0 || sq >> 4 === 7))
        return bad(`a pawn stands on the back rank at ${where(pos, b, sq)}`);
    }
  const { total, byPlayer } = countArmies(pos);
  for (let p = 0; p < pos.n; p++) {
    const error = armyError(LABELS[p], byPlayer[p], armiesOf(pos, p));
    if (error) return bad(error);
  }
  if (previousTotal !== undefined && total > previousTotal)
    return bad(`pieces on the boards plus unplaced rose from ${previousTotal} to ${total}`);
  return null;
}

// --- (c) hash -------------------------------------------------------------------------------

const hex = (lo: number, hi: number): string =>
  (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');

export const hashOf = (pos: Position): string => hex(pos.hashLo, pos.hashHi);

export function checkHash(pos: Position): Violation | null {
  const [lo, hi] = pos.computeHash();
  if (lo === pos.hashLo && hi === pos.hashHi) return null;
  return violation('hash', `incremental hash ${hashOf(pos)} ≠ computed ${hex(lo, hi)}`);
}

// --- (d) save/load and position JSON --------------------------------------------------------

export function checkSaveLoad(game: Game): Violation | null {
  const text = JSON.stringify(saveGame(game));
  const loaded = loadGame(text);
  if (!loaded.ok)
    return violation('save-load', `the saved game does not load: ${loaded.error.message}`);
  const again = loaded.value;
  if (again.length !== game.length)
    return violation('save-load', `loaded ${again.length} actions, saved ${game.length}`);
  if (hashOf(again.position) !== hashOf(game.position))
    return violation(
      'save-load',
      `loaded position hash ${hashOf(again.position)} ≠ played ${hashOf(game.position)}`,
    );
  const a = JSON.stringify(again.status());
  const b = JSON.stringify(game.status());
  if (a !== b) return violation('save-load', `loaded status ${a} ≠ played ${b}`);
  return null;
}

/**
 * makePosition → parsePosition. Skipped once the game is over: the JSON form has no "over"
 * phase (a finished game is a record, not a position to set up), and after a two-player mate
 * the turn rests on the eliminated loser, which parsePosition rightly refuses.
 */
/**
 * The step loadGame repeats: the last action's text, played on the game before it, gives the
 * same position and status. With a full save/load check at some earlier point, this carries
 * the save/load invariant forward one action at a time.
 */
export function checkReplay(before: Game, after: Game): Violation | null {
  const text = after.actions[after.length - 1];
  const again = before.play(text);
  if (!again.ok)
    return violation('save-load', `the text "${text}" does not replay: ${again.error.message}`);
  if (hashOf(again.value.position) !== hashOf(after.position))
    return violation(
      'save-load',
      `"${text}" replays to hash ${hashOf(again.value.position)}, played ${hashOf(after.position)}`,
    );
  const a = JSON.stringify(again.value.status());
  const b = JSON.stringify(after.status());
  if (a !== b) return violation('save-load', `"${text}" replays to status ${a}, played ${b}`);
  return null;
}

export function checkPositionJson(pos: Position): Violation | null {
  if (pos.phase === OVER) return null;
  const json = makePosition(pos);
  const parsed = parsePosition(JSON.parse(JSON.stringify(json)));
  const bad = (message: string) => violation('position-json', message);
  if (!parsed.ok) return bad(`makePosition's output does not parse: ${parsed.error.message}`);
  const q = parsed.value;
  for (let i = 0; i < pos.squares.length; i++)
    if (q.squares[i] !== pos.squares[i])
      return bad(
        `square ${where(pos, i >> 7, i & 127)} reads ${q.squares[i]}, was ${pos.squares[i]}`,
      );
  if (q.turn !== pos.turn || q.mode !== pos.mode)
    return bad(`turn/mode read ${q.turn}/${q.mode}, was ${pos.turn}/${pos.mode}`);
  if (hashOf(q) !== hashOf(pos)) {
    const [lo, hi] = pos.computeHash();
    return bad(
      `parsed position hash ${hashOf(q)} ≠ ${hashOf(pos)}` +
        (lo === q.hashLo && hi === q.hashHi ? '' : ` (${diffState(q, pos, UNHASHED)})`),
    );
  }
  return null;
}

/** State the hash does not cover: records of the past, not the position itself. */
const UNHASHED = ['history', 'lastMoved', 'mateBy', 'eliminatedBy', 'eliminationOrder', 'scalars'];

// --- (e) undo -------------------------------------------------------------------------------

type Numbers = ArrayLike<number>;
const isNumbers = (value: unknown): value is Numbers =>
  ArrayBuffer.isView(value) || (Array.isArray(value) && value.every((x) => typeof x === 'number'));
const isLists = (value: unknown): value is Numbers[] =>
  Array.isArray(value) && value.every((x) => Array.isArray(x));

/**
 * Where two positions' state differs, as "name[i] is x, expected y" items (at most `limit`),
 * skipping the names in `skip`; "" when it does not. The state compared is every typed array,
 * number list and list of number lists of a position, the undo journal aside. Compared in
 * place, item by item (checkUndo asks after every action of a playout).
 */
export function diffState(
  actual: Position,
  expected: Position,
  skip: readonly string[] = [],
  limit = 4,
): string {
  const found: string[] = [];
  const compare = (name: string, x: Numbers, y: Numbers) => {
    if (x.length !== y.length) found.push(`${name} has length ${x.length}, expected ${y.length}`);
    else
      for (let i = 0; i < x.length && found.length < limit; i++)
        if (x[i] !== y[i]) found.push(`${name}[${i}] is ${x[i]}, expected ${y[i]}`);
  };
  const other = expected as unknown as Record<string, unknown>;
  for (const [name, x] of Object.entries(actual)) {
    if (found.length >= limit) break;
    if (name.startsWith('journal') || name === 'frames' || skip.includes(name)) continue;
    const y = other[name];
    if (isNumbers(x) && (isNumbers(y) || isLists(y))) compare(name, x, y as Numbers);
    else if (isLists(x) && isLists(y)) {
      if (x.length !== y.length) found.push(`${name} has length ${x.length}, expected ${y.length}`);
      for (let i = 0; i < x.length && i < y.length && found.length < limit; i++)
        compare(`${name}[${i}]`, x[i], y[i]);
    }
  }
  return found.join('; ');
}

export function checkUndo(before: Position, action: number, after: Position): Violation | null {
  const bad = (message: string) => violation('undo', message);
  const copy = before.clone();
  const played = play(copy, action);
  if (!played.ok) return bad(`play() refused the action on a copy: ${played.error.message}`);
  if (hashOf(copy) !== hashOf(after))
    return bad(`play() on a copy gave hash ${hashOf(copy)}, the game ${hashOf(after)}`);
  copy.undo();
  if (hashOf(copy) !== hashOf(before))
    return bad(`undo() restored hash ${hashOf(copy)}, expected ${hashOf(before)}`);
  const diff = diffState(copy, before);
  if (diff) return bad(`after undo() ${diff}`);
  if (copy.undoDepth !== 0) return bad(`undo() left ${copy.undoDepth} frames on the journal`);
  return null;
}

// --- turn order and petrified pieces --------------------------------------------------------

export function checkTurnOrder(before: Position, after: Position): Violation | null {
  const bad = (message: string) => violation('turn-order', message);
  if (after.phase !== OVER && after.status[after.turn] === ELIMINATED)
    return bad(`the player to move, ${LABELS[after.turn]}, is eliminated`);
  for (let b = 0; b < after.nb; b++)
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = after.pieceAt(b, sq);
      if (!c) continue;
      const owner = after.ownerAt(b, sq);
      // A piece of a player eliminated before this action must have stood here already.
      if (before.status[owner] === ELIMINATED && before.pieceAt(b, sq) !== c)
        return bad(`a petrified piece of ${LABELS[owner]} moved to ${where(after, b, sq)}`);
    }
  return null;
}

// --- all together ---------------------------------------------------------------------------

/** The invariants of one position on its own: (a), (b) without history, (c). */
export function checkPosition(pos: Position, previousTotal?: number): Violation | null {
  return checkKings(pos) ?? checkPieces(pos, previousTotal) ?? checkHash(pos);
}

/**
 * Every invariant after `action` took `before` to `after`: (a)–(c) on the new position,
 * (d) save/load and position JSON, (e) undo. Returns the first violation, or null.
 */
export function checkInvariants(
  before: Game,
  action: number,
  after: Game,
  options: CheckOptions = {},
): Violation | null {
  const { saveLoad = true, replay = true, positionJson = true, undo = true } = options;
  const pos = after.position;
  return (
    checkPosition(pos, countArmies(before.position).total) ??
    checkTurnOrder(before.position, pos) ??
    (undo ? checkUndo(before.position, action, pos) : null) ??
    (positionJson ? checkPositionJson(pos) : null) ??
    (replay ? checkReplay(before, after) : null) ??
    (saveLoad ? checkSaveLoad(after) : null)
  );
}
