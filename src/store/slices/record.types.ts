/** The record slice (record.ts): the game record, the history cursor and lessons. */
import type { Game, LoadedGame } from '../../core';
import type { GameConfig } from '../config';
import type { AnimItem } from '../snapshot';
import type { Screen } from './interface.types';
import type { OpenedFrom } from './share.types';

export interface Animation {
  id: number;
  items: AnimItem[];
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
