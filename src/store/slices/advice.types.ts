/** The advice slice (advice.ts): hints and threats, and the state of advice asked of a worker. */
import type { Advice } from '../../ai/hint';
import type { Game } from '../../core';

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
