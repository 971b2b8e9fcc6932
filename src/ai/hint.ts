/**
 * Hints and threats: a bot's chosen action with the reason for it, read from the position and
 * from the line the search expects (its principal variation), never guessed. The reasons, most
 * telling first: the move checkmates; it answers a check (and how); it takes material; it saves
 * a piece from a board about to collapse (Dimensional Collapse); it threatens mate; the
 * search's line takes material on the mover's next turn; it gives check; otherwise what it does.
 * The words are src/text's (hintText); this module only finds the facts.
 */
import {
  ACTIVE,
  ELIMINATED,
  FLAG_EN_PASSANT,
  FLAG_PLACE,
  HOME_ROLES,
  KING,
  LABELS,
  MATED,
  MAX_MOVES,
  MODE_NORMAL,
  OVER,
  PLAY,
  actionSpots,
  checks,
  generateMoves,
  inCheck,
  isKingMove,
  legalActionList,
  makeAction,
  makePosition,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  parsePosition,
  playUnchecked,
  roleOf,
  type Attack,
  type Position,
  type Spot,
} from '../core';
import { chooseAction, type BotWorkspace, type Level } from './bot';

/** A piece somewhere: its role code, owner and square. */
export interface PieceAt extends Spot {
  role: number;
  owner: number;
}

/** Why the action is worth playing (from the mover's side). */
export type HintReason =
  /** It checkmates `victim`; `now`: the victim is to move next, else when their turn comes. */
  | { kind: 'mates'; victim: number; now: boolean }
  /** The mover is in check from `checks`; the action takes a checker, moves the king or blocks. */
  | { kind: 'answers-check'; checks: Attack[]; how: 'takes' | 'king' | 'blocks' }
  /** It takes `piece` (`later`: the search's line takes it on the mover's next turn). */
  | { kind: 'wins'; piece: PieceAt; later: boolean }
  /** It shifts `role` off board `from`, which collapses in `turnsLeft` turns, to board `to`. */
  | { kind: 'saves'; role: number; from: number; to: number; turnsLeft: number }
  /** After it, the mover would checkmate `victim` with a move landing on board `board`. */
  | { kind: 'threatens-mate'; victim: number; board: number }
  /** It gives check to `victims`. */
  | { kind: 'checks'; victims: number[] }
  /** Placement: it puts a `role` on board `board`. */
  | { kind: 'place'; role: number; board: number }
  /** None of the above: what the move does. */
  | { kind: 'move'; role: number; from: Spot; to: Spot; promotion: number };

/** A suggested action of `player`, where it goes on the boards, and why. */
export interface Advice {
  player: number;
  /** The action's text (R10.2). */
  text: string;
  from: Spot[];
  to: Spot[];
  /** The piece moves from one board to another. */
  shift: boolean;
  reason: HintReason;
  /** The search's score for the player (centipawns), its depth and nodes. */
  score: number;
  depth: number;
  nodes: number;
}

/** The bot that advises: its level and seed, its workspace, its safety cap (Infinity in tests). */
export interface AdviceOptions {
  level: Level;
  seed: string;
  workspace: BotWorkspace;
  timeMs?: number;
  /** Override the level's node budget (tests: the reasons, not the level's strength). */
  nodes?: number;
}

/** How many actions of the expected line are read after the chosen one. */
const LINE_PLIES = 12;

/**
 * The same position with player p to move (a fresh copy; a turn under way, a flight or a
 * Hyperspace turn is not carried over), or null when it cannot be built (p out of the game).
 */
export function withTurn(pos: Position, p: number): Position | null {
  const json = makePosition(pos);
  json.turn = LABELS[p];
  delete json.due;
  delete json.dueIrreversible;
  delete json.fleeing;
  delete json.resume;
  const built = parsePosition(json);
  return built.ok ? built.value : null;
}

/** Would player o (still active) be checkmated if it were their turn now? */
export function matedIfToMove(pos: Position, o: number): boolean {
  if (pos.status[o] === MATED) return true; // o is to move, and mated already
  if (pos.status[o] !== ACTIVE || !inCheck(pos, o)) return false;
  // R6.1: in check with no legal move. o is to move for a moment (journaled, undone).
  pos.begin();
  pos.setTurn(o);
  const mated = generateMoves(pos, moves, 0) === 0;
  pos.undo();
  return mated;
}

const moves = new Int32Array(MAX_MOVES);

/** The opponents of `me` still playing on (not out, not mated already). */
export const opponents = (pos: Position, me: number): number[] =>
  Array.from({ length: pos.n }, (_, o) => o).filter((o) => o !== me && pos.status[o] === ACTIVE);

/** The piece action m takes (en passant included), or null. */
function taken(pos: Position, m: number): PieceAt | null {
  const board = moveToBoard(m);
  let square = moveTo(m);
  if (moveFlag(m) === FLAG_EN_PASSANT) square = (square & 7) | (moveFrom(m) & 0x70);
  const code = pos.pieceAt(board, square);
  if (!code || moveFlag(m) === FLAG_PLACE) return null;
  const owner = pos.ownerAt(board, square);
  if (owner === pos.turn || pos.status[owner] === ELIMINATED) return null;
  const role = roleOf(code);
  return role === KING ? null : { board, square, role, owner };
}

/** Turns left before board b collapses (R9.2), or -1 when it does not. */
function collapseIn(pos: Position, b: number): number {
  if (!pos.options.collapse) return -1;
  let left = -1;
  for (const x of pos.boardPlayers(b))
    if (x >= 0 && pos.status[x] === ELIMINATED && pos.countdown[x] >= 0)
      left = left < 0 ? pos.countdown[x] : Math.min(left, pos.countdown[x]);
  return left;
}

/** The first victim the mover would checkmate with one more action of theirs, or null. */
function mateThreat(pos: Position, me: number): { victim: number; board: number } | null {
  const q = withTurn(pos, me);
  if (!q || q.phase !== PLAY || q.mode !== MODE_NORMAL) return null;
  const rivals = opponents(q, me);
  for (const a of legalActionList(q)) {
    playUnchecked(q, a);
    const victim = rivals.find((o) => matedIfToMove(q, o));
    q.undo();
    if (victim !== undefined) return { victim, board: moveToBoard(a) };
  }
  return null;
}

/**
 * Why action m (legal in pos, chosen by a search) is worth playing for the player to move;
 * `line`: the actions the search expects after it. The position is restored.
 */
export function hintReason(pos: Position, m: number, line: readonly number[] = []): HintReason {
  const me = pos.turn;
  const flag = moveFlag(m);
  const fb = moveFromBoard(m);
  const tb = moveToBoard(m);
  if (flag === FLAG_PLACE) return { kind: 'place', role: HOME_ROLES[moveFrom(m)], board: fb };
  const role = roleOf(pos.pieceAt(fb, moveFrom(m)));
  const checkers = checks(pos, me);
  const piece = taken(pos, m);
  const leaving = fb !== tb ? collapseIn(pos, fb) : -1;
  const king = isKingMove(pos, m);
  const rivals = opponents(pos, me);
  playUnchecked(pos, m);
  try {
    const mated = rivals.find((o) => matedIfToMove(pos, o));
    if (mated !== undefined) return { kind: 'mates', victim: mated, now: pos.turn === mated };
    if (checkers.length) {
      const takesChecker = checkers.some((a) => a.board === tb && a.from === moveTo(m));
      const how = takesChecker ? 'takes' : king ? 'king' : 'blocks';
      return { kind: 'answers-check', checks: checkers, how };
    }
    if (piece) return { kind: 'wins', piece, later: false };
    if (leaving >= 0 && collapseIn(pos, tb) < 0)
      return { kind: 'saves', role, from: fb, to: tb, turnsLeft: leaving };
    const threat = mateThreat(pos, me);
    if (threat) return { kind: 'threatens-mate', ...threat };
    const later = laterCapture(pos, me, line);
    if (later) return { kind: 'wins', piece: later, later: true };
    const checked = rivals.filter((o) => pos.status[o] === ACTIVE && inCheck(pos, o));
    if (checked.length) return { kind: 'checks', victims: checked };
  } finally {
    pos.undo();
  }
  return {
    kind: 'move',
    role,
    from: { board: fb, square: moveFrom(m) },
    to: { board: tb, square: moveTo(m) },
    promotion: movePromotion(m),
  };
}

/**
 * The piece the expected line has the mover take on their next turn, the position being the
 * one after their chosen action. The position is restored.
 */
function laterCapture(pos: Position, me: number, line: readonly number[]): PieceAt | null {
  let played = 0;
  let found: PieceAt | null = null;
  for (const a of line) {
    if (pos.phase === OVER || pos.status[me] !== ACTIVE) break;
    if (pos.turn === me) {
      found = taken(pos, a);
      break;
    }
    playUnchecked(pos, a);
    played++;
  }
  for (let i = 0; i < played; i++) pos.undo();
  return found;
}

/** A chosen action as advice: where it goes and why. The position is restored. */
function adviceOf(
  pos: Position,
  m: number,
  line: readonly number[],
  found: { score: number; depth: number; nodes: number },
): Advice {
  const text = makeAction(pos, m);
  const spots = actionSpots(pos, text);
  const shift = spots.from.length === 1 && spots.from[0].board !== spots.to[0]?.board;
  const reason = hintReason(pos, m, line);
  return { player: pos.turn, text, ...spots, shift, reason, ...found };
}

/**
 * The hint for the player to move: `level`'s action (searched in place, restored) and why, or
 * null when the game is over or they have no action.
 */
export function adviseMove(pos: Position, options: AdviceOptions): Advice | null {
  const choice = chooseAction(pos, options);
  if (!choice) return null;
  const line =
    choice.how === 'search'
      ? options.workspace.searcher.expectedLine(pos, choice.action, LINE_PLIES)
      : [];
  const { score, depth, nodes } = choice;
  return adviceOf(pos, choice.action, line, { score, depth, nodes });
}

/**
 * Threats: for each opponent of the player to move still in the game, the action they would
 * choose if it were their turn now (a search from their side at `level`, its node budget for
 * the number of players), and why. Only in the play phase, on an ordinary turn.
 */
export function threatsTo(pos: Position, options: AdviceOptions): Advice[] {
  if (pos.phase !== PLAY || pos.mode !== MODE_NORMAL) return [];
  const out: Advice[] = [];
  for (const o of opponents(pos, pos.turn)) {
    const q = withTurn(pos, o);
    if (!q || q.phase !== PLAY || q.mode !== MODE_NORMAL) continue;
    const advice = adviseMove(q, options);
    if (advice) out.push(advice);
  }
  return out;
}
