/**
 * The immutable facade over the rules for a store or a UI: a game record (setup + actions,
 * R10.1) with the position after every action. play() returns a new Game; nothing mutates.
 */
import { checkedBoards } from './attacks';
import { LABELS, MAX_PLAYERS } from './geometry';
import {
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  movePromotion,
  FLAG_PLACE,
  SEAT_BOT,
  SEAT_RETURN,
  isSeatAction,
  seatActionKind,
  seatActionLevel,
  seatActionPlayer,
} from './move';
import { ELIMINATION_CAUSES, boardsOf, type EliminationCause } from './elimination';
import { diffEvents, type GameEvent } from './events';
import { isKingMove, kingTargetOn } from './kingMove';
import { isCapture, makeAction, parseAction } from './notation';
import { planPlacement, type AutoPlacement } from './placement';
import {
  DRAWN,
  DRAW_REASONS,
  ELIMINATED,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_PASS,
  MODE_FLIGHT,
  OVER,
  PLACEMENT,
  S_DRAW_REASON,
  S_DUE,
  S_WINNER,
  type DrawReason,
  type Position,
} from './position';
import { play, playUnchecked } from './play';
import { legalActionList } from './rules';
import {
  normalizeSetup,
  startPosition,
  turnOrder,
  type GameSetup,
  type NormalizedSetup,
} from './setup';
import { fail, ok, type BotLevel, type Options, type Result, type SavedSeat } from './types';

export interface Player {
  /** A, B, C, … in turn order. */
  label: string;
  name: string;
  colour: string;
  /** Index of this player in setup.players. */
  setupIndex: number;
}

export type PlayerState = 'active' | 'mated' | 'eliminated';
export type TurnKind = 'place' | 'move' | 'final-move' | 'forced-capture' | 'pass' | 'flight';

export interface PlayerStatus extends Player {
  state: PlayerState;
  /** Boards on which this player's king is attacked now (R5.3). */
  checkedOn: string[];
  matedBy: string | null;
  /** Who took or removed this player's king (null after a resignation). */
  eliminatedBy: string | null;
  /** Why the player left the game, or null while in it. */
  eliminationCause: EliminationCause | null;
  /** Dimensional Collapse: turn slots left before this eliminated player's boards go (R9.2). */
  countdown: number | null;
}

export interface GameResult {
  /** The winner's label, or null for a draw. */
  winner: string | null;
  drawReason: DrawReason | null;
  /** Labels grouped by place, best first: the winner (or all drawn players), then by elimination (R8.1). */
  ranking: string[][];
}

export interface GameStatus {
  phase: 'placement' | 'play' | 'over';
  /** Label of the player to move (null when the game is over). */
  turn: string | null;
  kind: TurnKind | null;
  players: PlayerStatus[];
  /** Every board: whether it is in play, and its collapse countdown when doomed (R9.2). */
  boards: BoardStatus[];
  /** Hyperspace: the boards still due a move this turn (R9.1); null otherwise. */
  due: string[] | null;
  result: GameResult | null;
}

export interface BoardStatus {
  name: string;
  live: boolean;
  /** Turn slots left before the board collapses, or null. */
  countdown: number | null;
}

/** The actions of one turn: one, or several under Hyperspace (R9.1). */
export interface TurnGroup {
  player: string;
  /** A seat action (R11.4), in a group of its own: not a turn of the player. */
  seatAction: boolean;
  /** Indices into Game.actions. */
  actions: number[];
}

/** A seat action of the record (R11.4), as a UI tells it. */
export interface SeatAction {
  /** timeout: time ran out (R11.2); absent: stayed away (R11.3); bot: a bot took the seat; return: its player took it back. */
  kind: 'timeout' | 'absent' | 'bot' | 'return';
  /** The label of the player whose seat it is. */
  player: string;
  /** The bot's level (kind 'bot'), else null. */
  level: BotLevel | null;
}

const SEAT_ACTION_KINDS = [null, 'timeout', 'absent', 'bot', 'return'] as const;

/** Action m as a seat action (R11.4), or null when it is none (a resignation is none). */
export function seatActionOfMove(m: number): SeatAction | null {
  const kind = isSeatAction(m) ? SEAT_ACTION_KINDS[seatActionKind(m)] : null;
  if (!kind) return null;
  return {
    kind,
    player: LABELS[seatActionPlayer(m)],
    level: kind === 'bot' ? (seatActionLevel(m) as BotLevel) : null,
  };
}

/** One legal destination of a piece, as a UI shows it. */
export interface Destination {
  action: number;
  board: number;
  square: number;
  shift: boolean;
  capture: boolean;
  promotion: number;
}

/** Game keeps the position after every SNAPSHOT_EVERY-th action; others are replayed from it. */
const SNAPSHOT_EVERY = 32;

export class Game {
  /**
   * Positions after the actions of the segment last asked for by positionAt, from the
   * snapshot at its start: a cache, so browsing or stepping through the record replays each
   * action once.
   */
  private segment: Position[] = [];
  private segmentStart = -1;
  /**
   * The position before the last action, when this game was played from it (play): the events
   * of the last action (eventsOf, after every action played) need no replay.
   */
  private previous: Position | null = null;
  private actionList: readonly string[] | null = null;
  /** The game never changes, so its status and legal actions are worked out once, frozen. */
  private statusCache: GameStatus | null = null;
  private legalCache: readonly number[] | null = null;

  /**
   * The lists of actions and snapshots are shared with the games this one was played from or
   * cut back to: only their first items (up to `length`) are this game's (see appended).
   */
  private constructor(
    readonly setup: NormalizedSetup,
    readonly players: readonly Player[],
    /** The actions' texts. */
    private readonly texts: string[],
    /** The same actions as numbers. */
    private readonly moves: number[],
    /** Per action: the turn it was played in (turnKey). */
    private readonly turnKeys: number[],
    /** snapshots[j]: the position after j * SNAPSHOT_EVERY actions. Read-only. */
    private readonly snapshots: Position[],
    /** How many actions have been played. */
    readonly length: number,
    /** The position after every action. Read-only. */
    private readonly current: Position,
    /** Auto-placement plans still to play, per player (R2.4). */
    private readonly plans: readonly (readonly number[])[],
    /**
     * The game starts from a position set up for it (a lesson), not from its setup: its record
     * alone does not rebuild it, so it has no saved form (saveGame refuses it).
     */
    readonly fromPosition = false,
  ) {}

  static create(input: GameSetup): Result<Game> {
    const norm = normalizeSetup(input);
    if (!norm.ok) return norm;
    const setup = norm.value;
    const players = turnOrder(setup).map((setupIndex, i) => ({
      label: LABELS[i],
      name: setup.players[setupIndex].name,
      colour: setup.players[setupIndex].colour,
      setupIndex,
    }));
    return ok(Game.starting(setup, players, startPosition(players.length, setup.options), false));
  }

  /** A game of no actions yet, from `pos`. */
  private static starting(
    setup: NormalizedSetup,
    players: Player[],
    pos: Position,
    fromPosition: boolean,
  ): Game {
    const plans = players.map(() => []);
    return new Game(setup, players, [], [], [], [pos], 0, pos, plans, fromPosition);
  }

  /**
   * A game that starts from `start` (a position set up with parsePosition), for lessons and
   * puzzles: the players of `setup` take the labels A, B, C, … in the order they are listed (no
   * turn-order draw), and the position's options are the game's. It is not saved (see
   * fromPosition).
   */
  static fromPosition(input: GameSetup, start: Position): Result<Game> {
    const norm = normalizeSetup({ ...input, options: start.options });
    if (!norm.ok) return norm;
    const setup = norm.value;
    if (setup.players.length !== start.n)
      return fail(
        'bad-setup',
        `the setup lists ${setup.players.length} players, the position has ${start.n}`,
      );
    const players = setup.players.map((p, i) => ({
      label: LABELS[i],
      name: p.name,
      colour: p.colour,
      setupIndex: i,
    }));
    return ok(Game.starting(setup, players, start.clone(), true));
  }

  /** Texts of the actions played so far (R10.2). */
  get actions(): readonly string[] {
    return (this.actionList ??= this.texts.slice(0, this.length));
  }

  get options(): Options {
    return this.setup.options;
  }

  /** The current position (read-only). */
  get position(): Position {
    return this.current;
  }

  /** The position after the first k actions (read-only). */
  positionAt(k: number): Position {
    const at = Math.max(0, Math.min(k, this.length));
    if (at === this.length) return this.current;
    if (at === this.length - 1 && this.previous) return this.previous;
    const start = at - (at % SNAPSHOT_EVERY);
    if (start !== this.segmentStart) {
      const positions = [this.snapshots[start / SNAPSHOT_EVERY]];
      const end = Math.min(start + SNAPSHOT_EVERY, this.length);
      for (let i = start; i < end - 1; i++)
        positions.push(replay(positions[i - start], this.moves[i]));
      this.segment = positions;
      this.segmentStart = start;
    }
    return this.segment[at - start];
  }

  /** Play an action (its number, or its text); a new Game, or why it cannot be played. */
  play(action: number | string): Result<Game> {
    const pos = this.current;
    const legal = this.legalActions();
    let m: number;
    if (typeof action === 'string') {
      const parsed = parseAction(pos, action, legal);
      if (!parsed.ok) return parsed;
      m = parsed.value;
    } else m = action;
    const text = makeAction(pos, m);
    const why = isSeatAction(m) ? this.takeoverRefusal(m) : null;
    if (why) return fail('illegal-action', `${text} is illegal: ${why}`);
    const next = pos.clone();
    const played = play(next, m, legal);
    if (!played.ok) return fail(played.error.code, `${text} is illegal: ${played.error.message}`);
    next.commit();
    const plans = this.plans.map((plan, p) =>
      p === pos.turn && plan[0] === m ? plan.slice(1) : plan,
    );
    const length = this.length + 1;
    const snapshots = snapshotCount(this.length);
    const game = new Game(
      this.setup,
      this.players,
      appended(this.texts, this.length, text),
      appended(this.moves, this.length, m),
      appended(this.turnKeys, this.length, turnKey(pos)),
      length % SNAPSHOT_EVERY ? this.snapshots : appended(this.snapshots, snapshots, next),
      length,
      next,
      plans,
      this.fromPosition,
    );
    game.previous = pos;
    return ok(runPlans(game));
  }

  /** Why take-over or return m cannot follow this record (R11.3), or null. */
  private takeoverRefusal(m: number): string | null {
    const kind = seatActionKind(m);
    const p = seatActionPlayer(m);
    const held = this.seatChanges()[p]?.kind === 'bot';
    const label = this.players[p]?.label;
    if (kind === SEAT_BOT && held) return `a bot already took ${label}'s seat`;
    if (kind === SEAT_RETURN && !held) return `no bot took ${label}'s seat`;
    return null;
  }

  /**
   * R11.3: per player (turn order), who holds the seat by the record's last take-over
   * (`bot C 2`) or return (`return C`) among the first k actions; null where the record has
   * none. Who sat there at the start is not the record's: see seatHoldersAt.
   */
  seatChanges(k = this.length): (SavedSeat | null)[] {
    const seats: (SavedSeat | null)[] = this.players.map(() => null);
    for (let i = 1; i <= Math.min(k, this.length); i++) {
      const action = this.seatActionOf(i);
      if (action?.kind === 'bot')
        seats[LABELS.indexOf(action.player)] = { kind: 'bot', level: action.level! };
      else if (action?.kind === 'return') seats[LABELS.indexOf(action.player)] = { kind: 'human' };
    }
    return seats;
  }

  /** Action k (1-based, like eventsOf) if it is a seat action (R11.4), else null. */
  seatActionOf(k: number): SeatAction | null {
    return k < 1 || k > this.length ? null : seatActionOfMove(this.moves[k - 1]);
  }

  /**
   * R11.1: the label of the player whose turn action k (1-based) ended, or null when it ended
   * none (a move inside a Hyperspace turn, a take-over, a draw). A whole Hyperspace turn ends
   * once; a time-out or an absence may end the mover's turn (theirs, or another's).
   */
  turnEndedBy(k: number): string | null {
    if (k < 1 || k > this.length) return null;
    const before = this.turnKeys[k - 1];
    const after = k < this.length ? this.turnKeys[k] : turnKey(this.current);
    return before === after ? null : this.players[before % MAX_PLAYERS].label;
  }

  /** The same game with other auto-placement plans. */
  private withPlans(plans: readonly (readonly number[])[]): Game {
    return new Game(
      this.setup,
      this.players,
      this.texts,
      this.moves,
      this.turnKeys,
      this.snapshots,
      this.length,
      this.current,
      plans,
      this.fromPosition,
    );
  }

  /** R2.4: auto-place the rest of the current player's pieces; the steps play on their turns. */
  autoPlace(mode: AutoPlacement, who: 'current' | 'all' = 'current'): Result<Game> {
    const pos = this.current;
    if (pos.phase !== PLACEMENT)
      return fail('illegal-action', 'auto-placement is only possible while placing');
    const plans = this.plans.map((plan, p) =>
      who === 'all' || p === pos.turn ? planPlacement(pos, p, mode, this.setup.seed) : plan,
    );
    return ok(runPlans(this.withPlans(plans)));
  }

  /** The placement step planned for the player to move, if any (R2.4). */
  plannedStep(): number | undefined {
    const pos = this.current;
    return pos.phase === PLACEMENT ? this.plans[pos.turn]?.[0] : undefined;
  }

  /** The same game without auto-placement plans. */
  withoutPlans(): Game {
    return this.withPlans(this.players.map(() => []));
  }

  /** The game cut back to its first k actions (undo, or branching from an earlier position). */
  truncate(k: number): Game {
    const n = Math.max(0, Math.min(k, this.length));
    return new Game(
      this.setup,
      this.players,
      this.texts,
      this.moves,
      this.turnKeys,
      this.snapshots,
      n,
      this.positionAt(n),
      this.players.map(() => []),
      this.fromPosition,
    );
  }

  legalActions(): readonly number[] {
    return (this.legalCache ??= Object.freeze(legalActionList(this.position)));
  }

  /** Text of an action in the current position. */
  actionText(m: number): string {
    return makeAction(this.position, m);
  }

  /**
   * Legal destinations of the piece on `square` of `board` (R3–R5): on its board and on every
   * board it could shift to. For the king, the destinations on that board.
   */
  destinations(board: number, square: number): Destination[] {
    const pos = this.position;
    const out: Destination[] = [];
    const p = pos.turn;
    for (const m of this.legalActions()) {
      if (moveFlag(m) >= FLAG_PLACE) continue;
      let to = moveTo(m);
      let tb = moveToBoard(m);
      if (isKingMove(pos, m)) {
        // A king move is shown on the board the king was picked on.
        if (pos.kingSeat[p * pos.nb + board] < 0 || pos.kingSquare(p, board) !== square) continue;
        to = kingTargetOn(pos, m, board);
        tb = board;
      } else if (moveFromBoard(m) !== board || moveFrom(m) !== square) continue;
      out.push({
        action: m,
        board: tb,
        square: to,
        shift: tb !== board,
        capture: isCapture(pos, m),
        promotion: movePromotion(m),
      });
    }
    return out;
  }

  /** What action k (1-based: the k-th action) made happen (R9.2 collapse events among them). */
  eventsOf(k: number): GameEvent[] {
    if (k < 1 || k > this.length) return [];
    return diffEvents(this.positionAt(k - 1), this.positionAt(k));
  }

  /**
   * The actions grouped by turn, for the move list (a Hyperspace turn is several moves). A seat
   * action (R11.4) is a group of its own, under the player it names.
   */
  turnGroups(): TurnGroup[] {
    const groups: TurnGroup[] = [];
    for (let i = 0; i < this.length; i++) {
      const key = this.turnKeys[i];
      const seat = isSeatAction(this.moves[i]);
      if (seat || i === 0 || key !== this.turnKeys[i - 1] || isSeatAction(this.moves[i - 1])) {
        const p = seat ? seatActionPlayer(this.moves[i]) : key % MAX_PLAYERS;
        groups.push({ player: this.players[p].label, seatAction: seat, actions: [] });
      }
      groups[groups.length - 1].actions.push(i);
    }
    return groups;
  }

  status(): GameStatus {
    return (this.statusCache ??= deepFreeze(this.computeStatus()));
  }

  private computeStatus(): GameStatus {
    const pos = this.position;
    const label = (p: number) => (p >= 0 ? this.players[p].label : null);
    const over = pos.phase === OVER;
    const players = this.players.map((pl, p) => ({
      ...pl,
      state: (['active', 'mated', 'eliminated'] as const)[pos.status[p]],
      checkedOn:
        pos.status[p] === ELIMINATED ? [] : checkedBoards(pos, p).map((b) => pos.g.names[b]),
      matedBy: pos.status[p] === MATED ? label(pos.mateBy[p]) : null,
      eliminatedBy: pos.status[p] === ELIMINATED ? label(pos.eliminatedBy[p]) : null,
      eliminationCause:
        pos.status[p] === ELIMINATED ? ELIMINATION_CAUSES[pos.eliminationCause[p]] : null,
      countdown: pos.countdown[p] > 0 && boardsOf(pos, p).length ? pos.countdown[p] : null,
    }));
    const kinds: Record<number, TurnKind> = {
      [MODE_FINAL]: 'final-move',
      [MODE_CAPTURE]: 'forced-capture',
      [MODE_PASS]: 'pass',
      [MODE_FLIGHT]: 'flight',
    };
    return {
      phase: over ? 'over' : pos.phase === PLACEMENT ? 'placement' : 'play',
      turn: over ? null : this.players[pos.turn].label,
      kind: over ? null : pos.phase === PLACEMENT ? 'place' : (kinds[pos.mode] ?? 'move'),
      players,
      boards: pos.g.names.map((name, b) => ({
        name,
        live: pos.live[b] === 1,
        countdown: countdownOf(pos, b),
      })),
      due:
        pos.scalars[S_DUE] === -1
          ? null
          : pos.g.names.filter((_, b) => (pos.scalars[S_DUE] >> b) & 1),
      result: over ? this.result() : null,
    };
  }

  private result(): GameResult {
    const pos = this.position;
    const winner = pos.scalars[S_WINNER];
    const order = Array.from(pos.eliminationOrder).filter((p) => p >= 0);
    const standing = this.players.map((_, p) => p).filter((p) => !order.includes(p));
    const first = winner === DRAWN ? standing : [winner];
    const ranking = [first, ...order.reverse().map((p) => [p])];
    return {
      winner: winner === DRAWN ? null : this.players[winner].label,
      drawReason: winner === DRAWN ? DRAW_REASONS[pos.scalars[S_DRAW_REASON]] : null,
      ranking: ranking.map((group) => group.map((p) => this.players[p].label)),
    };
  }
}

/** `value` with every object and array in it frozen: a shared answer nobody may change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** How many snapshots a game of `length` actions has. */
const snapshotCount = (length: number): number => Math.floor(length / SNAPSHOT_EVERY) + 1;

/**
 * `list` with `item` after its first `length` items, which belong to a game: in place when
 * nothing follows them, else in a copy. The items of a game never change, so games share lists.
 */
function appended<T>(list: T[], length: number, item: T): T[] {
  const out = list.length === length ? list : list.slice(0, length);
  out.push(item);
  return out;
}

/** A turn's identity (ply, flight or not, player to move), to group a record's actions by turn. */
const turnKey = (pos: Position): number =>
  // A Cowardly flight (R9.3) is an action of its own, even when the same player moves next.
  (pos.ply * 2 + (pos.mode === MODE_FLIGHT ? 1 : 0)) * MAX_PLAYERS + pos.turn;

/** The position after action m, which was legal when it was recorded. */
function replay(before: Position, m: number): Position {
  const next = before.clone();
  playUnchecked(next, m);
  next.commit();
  return next;
}

/** Play planned placement steps while the player to move has one. */
function runPlans(start: Game): Game {
  let game = start;
  for (let step = game.plannedStep(); step !== undefined; step = game.plannedStep()) {
    const next = game.play(step);
    if (!next.ok) return game.withoutPlans();
    game = next.value;
  }
  return game;
}

/** The countdown shown on board b: the least of its eliminated seat holders' (R9.2). */
function countdownOf(pos: Position, b: number): number | null {
  if (!pos.live[b]) return null;
  let least: number | null = null;
  for (let seat = 0; seat < 2; seat++) {
    const c = pos.countdown[pos.seatOwner[b * 2 + seat]];
    if (c > 0 && (least === null || c < least)) least = c;
  }
  return least;
}
