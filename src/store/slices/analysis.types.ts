/** The analysis slice (analysis.ts): the analysis board. */
import type { LineStep } from '../../ai/protocol';
import type { Game } from '../../core';
import type { BotLevel } from '../config';
import type { VariationTree } from '../variations';
import type { AdviceState } from './advice.types';

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
