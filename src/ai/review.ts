/**
 * The review of a whole game: every action judged by the bots (analyse.ts), then for every
 * player an evaluation series and a summary. It runs action by action (a generator), so that a
 * worker can report progress after each one and stop when cancelled (it stops being iterated).
 *
 * Players are turn-order indices (game.players), as in ActionReview. Each player's evaluation
 * series is derived from the actions' reviews (evalSeries.ts), from those reviewed so far too.
 */
import {
  FLAG_DRAW,
  FLAG_EN_PASSANT,
  FLAG_RESIGN,
  PIECE_VALUES,
  PLACEMENT,
  actionSpots,
  moveFlag,
  moveFrom,
  moveTo,
  moveToBoard,
  parseAction,
  roleOf,
  type Game,
  type Position,
} from '../core';
import { reviewAction, type ActionReview, type AnalyseOptions } from './analyse';
import { keyMoments, type KeyMoment } from './moments';

/**
 * A loss counts at most this much (centipawns) in the average, as lichess caps its centipawn
 * loss: a missed mate (a loss of about 100 000, see search/scores.ts WIN) weighs as ten pawns,
 * not a thousand, so that one such move does not hide every other.
 */
export const LOSS_CAP = 1_000;

/** What the review says of one player over the whole game. */
export interface PlayerReview {
  /** The player (turn-order index). */
  player: number;
  /**
   * How many of their actions were judged (placements, final moves, forced ones, resignations
   * and seat actions are not).
   */
  judged: number;
  /** The average loss per judged action in centipawns, each capped at LOSS_CAP (0 with none). */
  averageLoss: number;
  /** Pieces (a king included) they took, and pieces of theirs others took. */
  capturesMade: number;
  capturesSuffered: number;
  /**
   * The boards they dominated: boards where they held more material (pieces' usual values,
   * kings aside) than the other player of that board in more than half of the positions of the
   * play phase in which the board stood and had two different players.
   */
  dominated: number[];
}

/** The review of a game: every action's (null where nothing is judged) and every player's. */
export interface GameReview {
  actions: (ActionReview | null)[];
  players: PlayerReview[];
  /** The game's key moments (moments.ts), found once every action is reviewed. */
  moments: KeyMoment[];
}

/** Reported after each action: how many are done, of how many, and that action's review. */
export interface ReviewProgress {
  done: number;
  total: number;
  review: ActionReview | null;
}

/** The owners of the pieces action m (`text`) takes in `pos` (before it), the mover's own aside. */
function capturedOwners(pos: Position, m: number, text: string): number[] {
  if (moveFlag(m) === FLAG_EN_PASSANT)
    // The pawn taken en passant stands beside the capturing pawn, on its rank.
    return [pos.ownerAt(moveToBoard(m), (moveFrom(m) & 0x70) | (moveTo(m) & 7))];
  return actionSpots(pos, text)
    .to.map((s) => pos.ownerAt(s.board, s.square))
    .filter((owner) => owner >= 0 && owner !== pos.turn);
}

/** Counts, board by board, in how many positions each player held more material there. */
class BoardLeads {
  /** ahead[b * n + p]: positions in which p led on board b. */
  private readonly ahead: number[];
  /** Positions in which board b stood with two different players. */
  private readonly counted: number[];

  constructor(
    private readonly boards: number,
    private readonly players: number,
  ) {
    this.ahead = new Array<number>(boards * players).fill(0);
    this.counted = new Array<number>(boards).fill(0);
  }

  add(pos: Position): void {
    if (pos.phase === PLACEMENT) return;
    for (let b = 0; b < this.boards; b++) {
      const [south, north] = pos.boardPlayers(b);
      if (!pos.isLive(b) || south === north) continue;
      let diff = 0; // south's material less north's
      for (let rank = 0; rank < 8; rank++)
        for (let file = 0; file < 8; file++) {
          const sq = rank * 16 + file;
          const value = PIECE_VALUES[roleOf(pos.pieceAt(b, sq))] ?? 0;
          const owner = pos.ownerAt(b, sq);
          if (owner === south) diff += value;
          else if (owner === north) diff -= value;
        }
      this.counted[b]++;
      if (diff > 0) this.ahead[b * this.players + south]++;
      else if (diff < 0) this.ahead[b * this.players + north]++;
    }
  }

  dominatedBy(p: number): number[] {
    const boards: number[] = [];
    for (let b = 0; b < this.boards; b++)
      if (this.ahead[b * this.players + p] * 2 > this.counted[b]) boards.push(b);
    return boards;
  }
}

/**
 * Review `game` action by action: yields after each one (progress and its review) and returns
 * the whole review. Stop iterating to cancel; nothing else is left running.
 */
export function* reviewGame(
  game: Game,
  options: AnalyseOptions = {},
): Generator<ReviewProgress, GameReview, void> {
  const total = game.length;
  const n = game.players.length;
  const actions: (ActionReview | null)[] = [];
  const made = new Array<number>(n).fill(0);
  const suffered = new Array<number>(n).fill(0);
  const leads = new BoardLeads(game.position.nb, n);
  for (let k = 0; k < total; k++) {
    const before = game.positionAt(k);
    const text = game.actions[k];
    const parsed = parseAction(before, text);
    if (!parsed.ok) throw new Error(`action ${k + 1} (${text}): ${parsed.error.message}`);
    for (const owner of capturedOwners(before, parsed.value, text)) {
      made[before.turn]++;
      suffered[owner]++;
    }
    // A resignation, an agreed draw or a seat action (R11.4) is no move: nothing to judge.
    const flag = moveFlag(parsed.value);
    const move = flag !== FLAG_RESIGN && flag !== FLAG_DRAW;
    const review = move ? reviewAction(game, k, options) : null;
    leads.add(game.positionAt(k + 1));
    actions.push(review);
    yield { done: k + 1, total, review };
  }
  const players = game.players.map((_, p): PlayerReview => {
    const losses = actions.filter((r) => r?.player === p).map((r) => Math.min(r!.loss, LOSS_CAP));
    return {
      player: p,
      judged: losses.length,
      averageLoss: losses.length ? losses.reduce((a, x) => a + x, 0) / losses.length : 0,
      capturesMade: made[p],
      capturesSuffered: suffered[p],
      dominated: leads.dominatedBy(p),
    };
  });
  return { actions, players, moments: keyMoments(game, actions) };
}
