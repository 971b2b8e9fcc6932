/**
 * The key moments of a game, found from the review of its actions (analyse.ts): mistakes,
 * missed mates in one, shifts that walked into a cross-board attack, and every elimination with
 * the action that decided it and the mistake that allowed it. Pure: the words are the text
 * layer's (src/text/moments.ts), the arrow of the better move the scene's.
 */
import {
  ACTIVE,
  ELIMINATED,
  ELIMINATION_CAUSES,
  FLAG_PLACE,
  MATED,
  MODE_NORMAL,
  PLAY,
  inCheck,
  isKingMove,
  legalActionList,
  makeAction,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  parseAction,
  playUnchecked,
  roleOf,
  type EliminationCause,
  type Game,
  type Position,
} from '../core';
import type { ActionReview } from './analyse';
import { makeLight } from './captures';
import { pieceLoss } from './exposure';
import { matedIfToMove, opponents } from './hint';
import { MATE_BOUND } from './search';

/**
 * A mistake or a blunder, as lichess judges them: by how much the action lowers the mover's
 * winning chances, not by raw centipawns, so that 150 cp given away in a level position counts
 * and the same 150 cp given away when 1 000 cp ahead does not. Winning chances are lichess's
 * logistic, 2 / (1 + e^(−0.00368208·cp)) − 1 on −1…1, with a forced win or loss (a score past
 * MATE_BOUND) at ±1. A drop of 0.2 is a mistake (about 110 cp from a level position, 300 cp from
 * +500), 0.3 a blunder (about 165 cp from level); missing a forced win or walking into a forced
 * loss is always a blunder. lichess's 0.1 (an inaccuracy) is no key moment.
 */
export const MISTAKE_DROP = 0.2;
export const BLUNDER_DROP = 0.3;

/** The mover's winning chances (−1 lost … 1 won) for a score in centipawns. */
export function winChance(score: number): number {
  if (score >= MATE_BOUND) return 1;
  if (score <= -MATE_BOUND) return -1;
  return 2 / (1 + Math.exp(-0.00368208 * score)) - 1;
}

/** How much an action lowered its mover's winning chances (0 when unjudged). */
export function chanceDrop(review: ActionReview | null): number {
  return review ? winChance(review.bestScore) - winChance(review.playedScore) : 0;
}

/** An action of the record: its index in game.actions, who made it, its text. */
export interface ActionRef {
  index: number;
  player: number;
  played: string;
}

/** A move that was better: its text, legal before action `index` (where the arrow is drawn from). */
export interface BetterMove {
  index: number;
  text: string;
}

interface MomentBase extends ActionRef {
  /**
   * The position to show for it, as a number of actions: with a better move, the one before
   * `index`, where that move could be played (its arrow is drawn there); else the one after
   * `index`; for a mate, the one where the mated player is found mated (R6.1: at the start of
   * their turn).
   */
  at: number;
  /** The better move, or null where there is none to show. */
  better: BetterMove | null;
}

/**
 * A key moment. `index` is the action it is about; `player` made it (for an elimination: the
 * player eliminated).
 */
export type KeyMoment =
  | (MomentBase & {
      kind: 'mistake';
      better: BetterMove;
      severity: 'mistake' | 'blunder';
      /** The mover's winning chances lost (0–2) and centipawns lost. */
      drop: number;
      loss: number;
    })
  | (MomentBase & {
      kind: 'missed-mate';
      better: BetterMove;
      /** The players the better move checkmates. */
      mated: number[];
    })
  | (MomentBase & {
      kind: 'shift-attacked';
      /** The piece's role (PAWN…QUEEN), the board it left, the board it shifted to. */
      role: number;
      from: number;
      board: number;
      /** The player opposite on the new board, who attacks it there. */
      attacker: number;
      /** The action that took the piece before its owner moved again, or null (left en prise). */
      taken: ActionRef | null;
    })
  | (MomentBase & {
      kind: 'elimination';
      cause: EliminationCause;
      /** Who is credited with it (the checkmater), or null (a resignation, a time-out). */
      by: number | null;
      /** Checkmated (R6.1) by the action `index`, and eliminated later (R6.3), or at once. */
      mated: boolean;
      /** The action after which the player's loss was forced (the mate itself when no review saw it sooner). */
      decided: ActionRef;
      /** The action with the largest loss (a mistake at least) that allowed it, or null. */
      mistake: (ActionRef & { better: BetterMove }) | null;
    });

export type MomentKind = KeyMoment['kind'];

/** Order of moments at the same action: the elimination after what caused it. */
const KIND_ORDER: Record<MomentKind, number> = {
  'missed-mate': 0,
  'shift-attacked': 1,
  mistake: 2,
  elimination: 3,
};

/**
 * The key moments of `game`, in the order of the record. `reviews[k]` is the review of action k
 * (null or missing where it was not judged, or not yet: moments found from the rules alone —
 * missed mates, shifts taken at once, eliminations — need no review).
 */
export function keyMoments(
  game: Game,
  reviews: readonly (ActionReview | null | undefined)[],
): KeyMoment[] {
  const review = (k: number): ActionReview | null => reviews[k] ?? null;
  const moments: KeyMoment[] = [];
  const movers = Array.from({ length: game.length }, (_, k) => game.positionAt(k).turn);
  const ref = (k: number): ActionRef => ({
    index: k,
    player: movers[k],
    played: game.actions[k],
  });
  for (let k = 0; k < game.length; k++) {
    const before = game.positionAt(k);
    const r = review(k);
    const better = r && r.best !== r.played ? { index: k, text: r.best } : null;
    const found =
      missedMate(game, k, r) ?? shiftAttacked(game, k, movers, better, r) ?? mistake(k, r);
    if (found) moments.push({ ...ref(k), at: found.better ? k : k + 1, ...found } as KeyMoment);
    const after = game.positionAt(k + 1);
    for (let x = 0; x < after.n; x++)
      if (after.playerState(x) === ELIMINATED && before.playerState(x) !== ELIMINATED)
        moments.push(elimination(game, k, x, movers, review, ref));
  }
  return moments.sort((a, b) => a.index - b.index || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/** Moment M without its action (index, player, played, at): each kind apart. */
type Without<M> = M extends KeyMoment ? Omit<M, keyof ActionRef | 'at'> : never;
type Found = Without<KeyMoment>;

function mistake(k: number, r: ActionReview | null): Found | null {
  const drop = chanceDrop(r);
  if (!r || drop < MISTAKE_DROP) return null;
  return {
    kind: 'mistake',
    severity: drop >= BLUNDER_DROP ? 'blunder' : 'mistake',
    drop,
    loss: r.loss,
    better: { index: k, text: r.best },
  };
}

/** Is the position one where the mover chooses a move freely (not placing, not a final move)? */
const freeMove = (pos: Position): boolean => pos.phase === PLAY && pos.mode === MODE_NORMAL;

/** The rivals of the mover that action m checkmates (played on `pos`, restored). */
function matedBy(pos: Position, m: number, rivals: readonly number[]): number[] {
  // Cheap first: only an action that leaves some rival in check can mate.
  makeLight(pos, m);
  const checks = rivals.some((o) => inCheck(pos, o));
  pos.undo();
  if (!checks) return [];
  playUnchecked(pos, m);
  // Under Scavenger a mate eliminates at once (R9.4).
  const mated = rivals.filter(
    (o) =>
      matedIfToMove(pos, o) ||
      (pos.status[o] === ELIMINATED && ELIMINATION_CAUSES[pos.eliminationCause[o]] === 'checkmate'),
  );
  pos.undo();
  return mated;
}

/** A mate in one the mover had: the action's text and the rivals it checkmates. */
interface MateInOne {
  text: string;
  mated: number[];
}

/**
 * Per game, per action: the mates in one its mover missed (none when the action played mates
 * someone). They depend on the record alone, so a review that grows action by action asks for
 * each once.
 */
const missedCache = new WeakMap<Game, (MateInOne[] | undefined)[]>();

/**
 * R6.1–R6.2: the mates in one the mover of action k had when playing another (that mates no
 * one). Checked exactly: every legal move is played on a copy.
 */
function missedMates(game: Game, k: number): MateInOne[] {
  let cached = missedCache.get(game);
  if (!cached) missedCache.set(game, (cached = []));
  return (cached[k] ??= findMissedMates(game, k));
}

function findMissedMates(game: Game, k: number): MateInOne[] {
  const before = game.positionAt(k);
  if (!freeMove(before)) return [];
  const pos = before.clone();
  const rivals = opponents(pos, pos.turn);
  const played = parseAction(pos, game.actions[k]);
  if (!played.ok || moveFlag(played.value) >= FLAG_PLACE) return [];
  if (matedBy(pos, played.value, rivals).length) return [];
  const found: MateInOne[] = [];
  for (const m of legalActionList(pos)) {
    if (moveFlag(m) >= FLAG_PLACE) continue;
    const mated = matedBy(pos, m, rivals);
    if (mated.length) found.push({ text: makeAction(pos, m), mated });
  }
  return found;
}

/** A missed mate in one; the review's best action is the one shown when it mates. */
function missedMate(game: Game, k: number, r: ActionReview | null): Found | null {
  const mates = missedMates(game, k);
  const shown = mates.find((x) => x.text === r?.best) ?? mates[0];
  return shown
    ? { kind: 'missed-mate', mated: shown.mated, better: { index: k, text: shown.text } }
    : null;
}

/**
 * R4 (shifting): a shift that walked into a cross-board attack. After the shift the piece stands
 * on its new board attacked by the player opposite there and en prise (undefended, or attacked
 * by a cheaper piece: exposure.ts pieceLoss), and it was taken before its owner moved again, or
 * the review judged the shift a mistake.
 */
function shiftAttacked(
  game: Game,
  k: number,
  movers: readonly number[],
  better: BetterMove | null,
  r: ActionReview | null,
): Found | null {
  const before = game.positionAt(k);
  if (!freeMove(before)) return null;
  const parsed = parseAction(before, game.actions[k]);
  if (!parsed.ok) return null;
  const m = parsed.value;
  const board = moveToBoard(m);
  if (moveFlag(m) >= FLAG_PLACE || moveFromBoard(m) === board || isKingMove(before, m)) return null;
  const p = before.turn;
  const to = moveTo(m);
  const after = game.positionAt(k + 1);
  if (after.ownerAt(board, to) !== p || !after.isLive(board)) return null;
  const seat = after.pieceAt(board, to) >> 3;
  const attacker = after.boardPlayers(board)[1 - seat];
  if (attacker === p || after.playerState(attacker) === ELIMINATED) return null;
  if (pieceLoss(after, board, to, 1 << seat, 1 << (1 - seat)) <= 0) return null;
  let taken: ActionRef | null = null;
  for (let i = k + 1; i < game.length && movers[i] !== p && !taken; i++) {
    const q = game.positionAt(i + 1);
    if (q.ownerAt(board, to) === movers[i])
      taken = { index: i, player: movers[i], played: game.actions[i] };
  }
  if (!taken && chanceDrop(r) < MISTAKE_DROP) return null;
  const from = moveFromBoard(m);
  const role = roleOf(before.pieceAt(from, moveFrom(m)));
  return { kind: 'shift-attacked', role, from, board, attacker, taken, better };
}

/**
 * Player x left the game with action e. The mate (R6.1–R6.2: found at the start of the mated
 * player's turn, so the checkmater's last action before that), the action that decided it and
 * the mistake that allowed it, from x's reviews: x's loss was forced from the first of an
 * unbroken run of x's actions whose review scores x as lost (a forced loss) up to the mate. If x
 * had a better action there, x's own action decided it; if every action was lost already, the
 * last action by another player before it did.
 */
function elimination(
  game: Game,
  e: number,
  x: number,
  movers: readonly number[],
  review: (k: number) => ActionReview | null,
  ref: (k: number) => ActionRef,
): KeyMoment {
  const after = game.positionAt(e + 1);
  const cause = ELIMINATION_CAUSES[after.eliminationCause[x]];
  const eliminatedBy = after.eliminatedBy[x];
  // The action after which x was found mated, or left (x makes a final move between, R6.3).
  let matedAt = e;
  while (matedAt > 0 && game.positionAt(matedAt).playerState(x) !== ACTIVE) matedAt--;
  const found = game.positionAt(matedAt + 1);
  const mater =
    found.playerState(x) === MATED ? found.mateBy[x] : cause === 'checkmate' ? eliminatedBy : -1;
  const by = mater >= 0 ? mater : eliminatedBy >= 0 ? eliminatedBy : null;
  let mate = matedAt;
  if (mater >= 0) while (mate > 0 && movers[mate] !== mater) mate--;
  let decided = mate;
  let lostFrom = -1;
  for (let k = mate - 1; k >= 0; k--) {
    const r = movers[k] === x ? review(k) : null;
    if (!r) continue;
    if (r.playedScore > -MATE_BOUND) break;
    lostFrom = k;
  }
  if (lostFrom >= 0) {
    decided = lostFrom;
    if (review(lostFrom)!.bestScore <= -MATE_BOUND)
      for (let k = lostFrom - 1; k >= 0; k--)
        if (movers[k] !== x) {
          decided = k;
          break;
        }
  }
  // The mistake: the largest drop from x's last action before the decision up to the decision.
  let start = decided;
  while (start > 0 && movers[start] === x) start--;
  while (start > 0 && movers[start] !== x) start--;
  let mistake: (ActionRef & { better: BetterMove }) | null = null;
  let worst = MISTAKE_DROP;
  for (let k = start; k <= decided; k++) {
    const r = review(k);
    const drop = chanceDrop(r);
    if (r && drop >= worst) {
      worst = drop;
      mistake = { ...ref(k), better: { index: k, text: r.best } };
    }
  }
  return {
    ...ref(mate),
    player: x,
    at: matedAt + 1,
    kind: 'elimination',
    cause,
    by,
    mated: mater >= 0,
    decided: ref(decided),
    mistake,
    better: null,
  };
}
