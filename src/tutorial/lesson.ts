/**
 * What a lesson is, and how a lesson's game is built and judged. A lesson is data over the core:
 * a small real position (or a setup and an opening), the steps the player is asked to make, and
 * the opponents' scripted answers. Nothing here knows about the store or the screen.
 */
import {
  Game,
  InvariantError,
  parsePosition,
  type GameSetup,
  type OptionName,
  type Options,
  type PositionJson,
} from '../core';

/** How the player's action counts for the step asked: reached, not yet (play on), or not it. */
export type Verdict = 'goal' | 'more' | 'wrong';

export interface LessonStep {
  /** What the player is asked to do, in one sentence. */
  goal: string;
  /** Shown on request, and after a wrong move. */
  hint: string;
  /** How the player's action `text`, which made `after`, counts for this step. */
  judge(text: string, after: Game): Verdict;
  /** What the game says once the goal is reached. */
  praise: string;
  /** The opponents' scripted answers once the goal is reached, in order (action texts). */
  replies?: readonly string[];
}

export interface LessonPlayer {
  name: string;
  colour: string;
}

/** Where a lesson starts: a position set up for it, or a new game of a setup. */
export type LessonStart =
  | { position: PositionJson }
  | { options: Partial<Options>; seed: string; opening: readonly string[] };

export interface Lesson {
  id: string;
  title: string;
  /** What the lesson teaches, in a few plain sentences. */
  intro: readonly string[];
  /** The players: in turn order for a position; in setup order for a new game. */
  players: readonly LessonPlayer[];
  /** The player's label. */
  you: string;
  start: LessonStart;
  steps: readonly LessonStep[];
  /** Said when the last step is done: what the player just saw the rule do. */
  done: string;
  /** The optional rule the lesson teaches (null for the basics). */
  rule: OptionName | null;
}

/**
 * The lesson's game, ready for its first step. A lesson that does not build is a programmer
 * error (the unit tests build every lesson).
 */
export function lessonGame(lesson: Lesson): Game {
  const start = lesson.start;
  const setup: GameSetup = { players: [...lesson.players], seed: lesson.id };
  let game: Game;
  if ('position' in start) {
    const pos = parsePosition(start.position);
    if (!pos.ok) throw new InvariantError(`lesson ${lesson.id}: ${pos.error.message}`);
    const made = Game.fromPosition(setup, pos.value);
    if (!made.ok) throw new InvariantError(`lesson ${lesson.id}: ${made.error.message}`);
    game = made.value;
  } else {
    const made = Game.create({ ...setup, seed: start.seed, options: start.options });
    if (!made.ok) throw new InvariantError(`lesson ${lesson.id}: ${made.error.message}`);
    game = made.value;
    for (const text of start.opening) game = playScripted(lesson, game, text);
  }
  return game;
}

/** `game` after the scripted action `text` (a broken script is a programmer error). */
export function playScripted(lesson: Lesson, game: Game, text: string): Game {
  const next = game.play(text);
  if (!next.ok) throw new InvariantError(`lesson ${lesson.id}: script: ${next.error.message}`);
  return next.value;
}

/** The index in setup.players of the lesson's player, in `game`. */
export function yourSeat(lesson: Lesson, game: Game): number {
  const you = game.players.find((p) => p.label === lesson.you);
  if (!you) throw new InvariantError(`lesson ${lesson.id}: no player ${lesson.you}`);
  return you.setupIndex;
}

/** A step that asks for one of the actions `texts`. */
export function exactly(texts: readonly string[]): (text: string) => Verdict {
  return (text) => (texts.includes(text) ? 'goal' : 'wrong');
}
