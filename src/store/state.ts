/**
 * The store's state, as four slices (zustand's slice pattern) composed into one State: the
 * record and its history cursor, the interaction on the boards, the interface around them, and
 * the seats (setup and bots). Each slice is made by a function in src/store/slices/.
 */
import type { StateCreator } from 'zustand';
import type { ActionReview } from '../ai/analyse';
import type { Advice } from '../ai/hint';
import type { BetterMove } from '../ai/moments';
import type { LineStep } from '../ai/protocol';
import type { GameReview } from '../ai/review';
import type { Clocks, Destination, DrawOffer, Game, GameSetup, LoadedGame } from '../core';
import type { BotThought } from '../drivers/bots';
import type { BotLevel, GameConfig } from './config';
import type { OnlineInfo } from '../online/onlineState';
import type { AnimItem } from './snapshot';
import type { VariationTree } from './variations';

/** 'lobby': the seats of an online room before its game starts. */
export type Screen = 'setup' | 'lobby' | 'game';
/** 'out': the end dialog of this device's humans, all out while the bots play on (humansOut.ts). */
export type Dialog = null | 'rules' | 'resign' | 'over' | 'out' | 'text' | 'share';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /**
   * Stays when the next actions are played (dismissed, or replaced by another notice): for what
   * a player must read before the bots' replies come, as when taking over a seat of the demo.
   */
  sticky?: boolean;
}

export interface Animation {
  id: number;
  items: AnimItem[];
}

export interface CameraRequest {
  id: number;
  /** null: frame all boards (or `boards`, when given). */
  board: number | null;
  /** Frame these boards together (the demo's director); the live ones among them count. */
  boards?: number[];
}

/** Where the player was before a lesson began: restored when they leave the tutorial. */
export interface LessonReturn {
  screen: Screen;
  config: GameConfig;
  game: Game | null;
  cursor: number;
  persist: boolean;
}

/** A tutorial lesson on the boards: its id, and where to go back to. */
export interface LessonSession {
  id: string;
  /** Counts the lessons started (a lesson tried again is a new run). */
  run: number;
  back: LessonReturn;
}

/** The game record (from the store's record source) and the history cursor. */
export interface RecordSlice {
  game: Game | null;
  /**
   * The position shown and played from: the game as of the cursor, or while the analysis board
   * is open the sandbox's (analysis.shown). The scene and the HUD read this one field.
   */
  view: Game | null;
  /** How many actions of the record are shown (game.length when at the end). */
  cursor: number;
  /** The pieces' moves from the position shown before to the one shown now, or null. */
  animation: Animation | null;

  newGame(config: GameConfig, opts?: { persist?: boolean }): boolean;
  /** The same table again (players, seats, options, placement) with a new seed; false if refused. */
  rematch(): boolean;
  /** Play `action` in the position shown (cutting off undone actions); false if refused. */
  play(action: number): boolean;
  /** Ask the source for `next`: the record up to the cursor with new actions after it. */
  extend(next: Game, played: string): void;
  undo(): void;
  redo(): void;
  goTo(k: number): void;
  exportGame(): string | null;
  /** The game shown as text (core/gameText.ts: a header of tags, then a line a turn). */
  exportGameText(): string | null;
  /** Load a saved game, its JSON or its text; a fault is said in a notice and nothing is lost. */
  importGame(text: string): boolean;
  /** Load the game saved in the browser; `open`: show it (else it waits behind the setup screen). */
  resumeStored(open?: boolean): void;

  /** The tutorial lesson shown, or null. Its game is never saved, and bots do not play in it. */
  lesson: LessonSession | null;
  /**
   * Show a lesson's game (`config`: its seats, the opponents as bots, whom the lesson scripts).
   * The player's own game is saved first and kept in memory; a lesson following a lesson keeps
   * the first place to go back to.
   */
  startLesson(id: string, game: Game, config: GameConfig): void;
  /** Leave the tutorial: back to the screen, the game and the setup the player had. */
  leaveLesson(): void;
  /**
   * Show `game`, the record an online room sent, with `config` (its setup and seats); it is not
   * saved in the browser (the room keeps it).
   */
  openRemote(game: Game, config: GameConfig): void;
  /**
   * Show a game opened from a link (`from`), read-only at its end: its history can be browsed,
   * nothing played, and it is not saved in the browser (the game saved there stays).
   */
  openReadOnly(loaded: LoadedGame, from: OpenedFrom): void;
  /**
   * Start `game`, set up from a position (Game.fromPosition: "Play from here"), with `config`.
   * It has no saved form, so the game shown before stays the one saved in the browser.
   */
  startFrom(game: Game, config: GameConfig): boolean;
}

/** Selection, legal targets, choices and the placement tray. */
export interface InteractionSlice {
  selected: { board: number; square: number } | null;
  targets: Destination[];
  /** Piece index (0–14, see HOME_SQUARES) picked from the placement tray. */
  trayPiece: number | null;
  /** Several actions share the clicked target (promotion, castling with rooks on several boards). */
  choice: Destination[] | null;
  /** The square pointed at or tapped for an explanation (a refused king square's attackers). */
  hovered: { board: number; square: number } | null;
  /** Index (into game.actions) of the action pointed at in the move list, lit on the boards. */
  highlight: number | null;
  /** The square long-pressed (or right-clicked): what stands there and what attacks it. */
  inspected: { board: number; square: number } | null;

  /**
   * What a tap or click on a square means, whatever the input: explain a refused king square,
   * place the tray's piece on that board, a fleeing king's flight, a move or shift of the
   * selected piece (or the choice between several), select one's own piece, or deselect.
   */
  tapSquare(board: number, square: number): void;
  /** Place the piece picked from the tray on a board (R2.3). */
  clickBoard(board: number): void;
  pickTrayPiece(piece: number | null): void;
  autoPlaceRest(mode: 'balanced' | 'random', who?: 'current' | 'all'): void;
  choose(action: number | null): void;
  deselect(): void;
  hoverSquare(spot: { board: number; square: number } | null): void;
  highlightAction(index: number | null): void;
  /** Show what stands on a square and what attacks it (null: close that panel). */
  inspectSquare(spot: { board: number; square: number } | null): void;
  pass(): void;
  resign(): void;
}

/** Screens, dialogs, notices, the announcement and requests to the camera. */
export interface InterfaceSlice {
  screen: Screen;
  dialog: Dialog;
  notice: Notice | null;
  /** What a screen reader hears after the position shown changed. */
  announcement: string;
  camera: CameraRequest;

  showSetup(): void;
  setDialog(dialog: Dialog): void;
  setNotice(notice: Notice | null): void;
  frameAll(): void;
  focusBoard(board: number): void;
  focusBoards(boards: number[]): void;
}

/** Who sits at each seat (the setup), and what the bots are doing. */
export interface SeatsSlice {
  config: GameConfig;
  /** Label of the bot seat thinking now (see bots.ts), or null. */
  thinking: string | null;
  /** How the last bot action of the record shown was found (see bots.ts), or null. */
  lastThought: BotThought | null;
  /** Whether the game is saved in the browser (a demo show is not). */
  persist: boolean;
}

/** Advice computed for one position shown (the view it was asked for). */
export interface AdviceState<T> {
  view: Game;
  status: 'thinking' | 'shown' | 'failed';
  /** What the bot found (null until shown). */
  found: T | null;
  /** Why it failed, in words. */
  error?: string;
}

/** Hints and threats (src/drivers/advice.ts computes them in the bots' worker). */
export interface AdviceSlice {
  /** Hints used by each player of the game (setup order), saved with it. */
  hintsUsed: number[];
  /** The hint asked for the position shown; cleared when the position shown changes. */
  hint: AdviceState<Advice> | null;
  /** The Threats switch. */
  threatsOn: boolean;
  /** The opponents' threats, for `threats.view` (stale when that is not the view shown). */
  threats: AdviceState<Advice[]> | null;

  /** Ask for a hint for the player to move (counted for that player), if hints are offered. */
  askHint(): void;
  setThreatsOn(on: boolean): void;
}

/** A draw offer on this device, with the record shown it was made in. */
export interface LocalDraw {
  offer: DrawOffer;
  /** The record shown when it was made: the offer lapses once another is shown. */
  view: Game;
  /** The bots' answers so far, in words. */
  answers: string[];
}

/** A draw offer in a game on this device (R8.2; slices/drawOffer.ts). Online the room keeps it. */
export interface DrawSlice {
  /** The last offer made (see standingDraw for whether it still stands), or null. */
  draw: LocalDraw | null;
  /** The human to move offers a draw; bots answer at once, by their evaluation. */
  offerDraw(): void;
  /** The first remaining human still asked accepts or declines the standing offer. */
  answerDraw(accept: boolean): void;
}

/** The clocks of a timed game on this device (core clocks, times on the page's clock). */
export interface LocalClocks {
  clocks: Clocks;
  /** The game they belong to (another setup: another game, fresh clocks). */
  setup: GameSetup;
  /** Standing still (the page is hidden, or a game resumed from storage): times as they stood. */
  paused: boolean;
}

/** Clocks in a game on this device (slices/clocks.ts); online the room keeps them. */
export interface ClockSlice {
  /** null: no clocks (no time control, an online game, a lesson). */
  localClocks: LocalClocks | null;
  /**
   * Bring the clocks up to date with the record at `now`, and record `timeout X` when a flag
   * has fallen (R11.2). Returns when the next flag falls, or null (none runs).
   */
  tickClocks(now: number): number | null;
  pauseClocks(now: number): void;
  resumeClocks(now: number): void;
  /** A screen covers the boards (the pass-and-play hand-over): the clocks stand still meanwhile. */
  clocksHeld: boolean;
  holdClocks(held: boolean): void;
}

/** A move queued while others are to move (slices/premove.ts): squares as tapped. */
export interface Premove {
  /** Whose (turn-order index). */
  player: number;
  from: { board: number; square: number };
  to: { board: number; square: number };
  shift: boolean;
  /** The piece a pawn promotes to (0: none). */
  promotion: number;
}

/** Premove: one queued move of this device's human, played when their turn comes (issue #45 item 4). */
export interface PremoveSlice {
  /**
   * The queued move, or null. The others' moves keep it (premoveKept); another record or an
   * earlier position shown clears it.
   */
  premove: Premove | null;
  /**
   * A tap while a premove may be queued (premovePlayer): select one's piece (its targets as if
   * it were one's turn), queue the move to a target, or deselect. False when no premove may be
   * queued now (the tap then means what it means otherwise).
   */
  tapPremove(board: number, square: number): boolean;
  clearPremove(): void;
  /** The turn came: play the queued move if it is legal now, else drop it with a notice. */
  firePremove(): void;
}

/** The arrow drawn on the boards (slices/arrow.ts). */
export interface ArrowSlice {
  /**
   * A move drawn as an arrow over the position shown (a key moment's better move): its text
   * (R10.2), legal in the position before action `index` of the record; null: none.
   */
  arrow: BetterMove | null;
  showArrow(arrow: BetterMove | null): void;
}

/** The review of a record (issue #47): its run, how far it got, what it found. */
export interface ReviewState {
  /** Counts the reviews started: reports of an earlier run are ignored. */
  run: number;
  /** The record reviewed: the review holds only while the store shows this record. */
  game: Game;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  /** Actions reviewed so far, of `total`. */
  done: number;
  total: number;
  /** The reviews of the first `done` actions (null: not judged). */
  actions: (ActionReview | null)[];
  /** The whole review, once done. */
  result: GameReview | null;
  /** Why it failed, in words. */
  error?: string;
}

/** The review of the game in the store (slices/review.ts; src/drivers/reviewDriver.ts runs it). */
export interface ReviewSlice {
  /** The review panel is open. */
  reviewOpen: boolean;
  /** The review of the record shown (null: none; another record discards it). */
  review: ReviewState | null;
  /** Open the review panel, starting the review of the record unless one is there already. */
  openReview(): void;
  closeReview(): void;
  /** Review the record (again). */
  startReview(): void;
  cancelReview(): void;
  /** The driver's reports for review `run`: actions reviewed, the whole review, a failure. */
  reviewProgress(run: number, done: number, reviews: (ActionReview | null)[]): void;
  reviewFinished(run: number, result: GameReview): void;
  reviewFailed(run: number, error: string): void;
}

/** The online room the game is played in (src/online/onlineClient.ts keeps it). */
export interface OnlineSlice {
  /** null: a game on this device. */
  online: OnlineInfo | null;
}

/** How a game shown read-only was opened: a shared link (#game=…) or a server's replay (#replay=…). */
export type OpenedFrom = { kind: 'link' } | { kind: 'replay'; id: string };

/** What Share made: the game's link (and the online game's permanent replay link), or why not. */
export type ShareOutcome = { link: string; replay: string | null } | { error: string };

/** Games by link (slices/share.ts, issue #47 item 4). */
export interface ShareSlice {
  /** How the game shown was opened, when from a link (it is then read-only); null otherwise. */
  openedFrom: OpenedFrom | null;
  /** What the Share dialog shows: the last outcome of shareLink, or null. */
  share: ShareOutcome | null;
  /** The link of the game shown (its whole record), or why it cannot be made; opens the Share dialog. */
  shareLink(): Promise<ShareOutcome>;
  /**
   * Open a link's fragment (`#game=…` or `#replay=…`) read-only (openReadOnly). A damaged link, or
   * one the server does not know, is said in a notice and the game shown stays. False then, or
   * when the fragment is neither kind.
   */
  openSharedLink(fragment: string): Promise<boolean>;
}

/** The analysis board (issue 47 item 3): a sandbox opened at a position of the game. */
export interface AnalysisSession {
  /** The game as of the cursor when it opened: where the tree starts. Never played on. */
  base: Game;
  tree: VariationTree;
  /** The node shown. */
  node: number;
  /** The game at that node (base and the actions that lead to it): the store's `view` meanwhile. */
  shown: Game;
  /** The bots' best line from the position shown (src/drivers/analysisLine.ts asks the worker). */
  line: AdviceState<LineStep[]> | null;
}

/**
 * The analysis board: moves for any player go into the tree, never into the record (the record
 * slice's extend sends them here); the bots do not play and the clocks stand still meanwhile.
 */
export interface AnalysisSlice {
  analysis: AnalysisSession | null;
  /** Open the sandbox at the position shown (the history cursor). */
  openAnalysis(): void;
  /** Back to the game, shown as it was. */
  closeAnalysis(): void;
  /** Show node `node` of the tree. */
  goToVariation(node: number): void;
  /** One step back (to the node before) or forward (along the main line) in the tree. */
  stepVariation(step: -1 | 1): void;
  /** Add the actions `next` has after the position shown to the tree, and show its end. */
  addVariation(next: Game): void;
  /** Delete node `node` and what follows it (the position shown goes to its parent if inside). */
  deleteVariation(node: number): void;
  /** Make node `node` the main line of its parent. */
  promoteVariation(node: number): void;
  /** Play the first `steps` actions of the best line shown into the tree (all by default). */
  playBestLine(steps?: number): void;
  /**
   * A new game from the position shown against bots: `seats` per player (turn order), a bot
   * level or null for a human; by default the player to move is human and the others level-1 bots.
   */
  playFromHere(seats?: readonly (BotLevel | null)[]): boolean;
}

export type State = RecordSlice &
  AnalysisSlice &
  ShareSlice &
  InteractionSlice &
  InterfaceSlice &
  SeatsSlice &
  AdviceSlice &
  DrawSlice &
  ClockSlice &
  PremoveSlice &
  ArrowSlice &
  ReviewSlice &
  OnlineSlice;

/** A slice's creator: it sees (and may set) the whole State. */
export type Slice<T> = StateCreator<State, [], [], T>;
