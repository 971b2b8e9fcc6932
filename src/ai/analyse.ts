/**
 * What the bots think of a position and of an action played in it: the review of a game and
 * the analysis board both ask this. One search with every root action scored exactly, so that
 * the action played can be compared with the best one by the same search.
 *
 * Scores are the search's, in centipawns for the player to move (±100 000 is a forced win or
 * loss, see search/scores.ts WIN). Placement positions and the final move of a checkmated player
 * (R6.3) are not judged: the bots place by a plan, not by search, and the final move ends the
 * player's game whatever it is.
 */
import {
  MODE_FINAL,
  OVER,
  PLACEMENT,
  legalActionList,
  makeAction,
  parseAction,
  type Game,
  type Position,
} from '../core';
import { BotWorkspace, nodeBudget, sharedWorkspace, type Level } from './bot';

export interface AnalyseOptions {
  /** The level whose node budget the search gets (default 2). */
  level?: Level;
  /** Or this node budget. */
  nodes?: number;
  /** The safety cap in ms (default none: the node budget decides, on every machine alike). */
  timeMs?: number;
  workspace?: BotWorkspace;
}

export interface PositionAnalysis {
  /** The player to move. */
  mover: number;
  /** The best action's text (R10.2) and its score for the mover. */
  best: string;
  score: number;
  /** Every legal action's score for the mover, by action number. */
  scores: ReadonlyMap<number, number>;
  depth: number;
  nodes: number;
}

/** The position's best action and every action's score, or null where nothing is judged. */
export function analysePosition(
  pos: Position,
  options: AnalyseOptions = {},
): PositionAnalysis | null {
  if (pos.phase === OVER || pos.phase === PLACEMENT || pos.mode === MODE_FINAL) return null;
  const legal = legalActionList(pos);
  if (legal.length === 0) return null;
  const { searcher } = options.workspace ?? sharedWorkspace();
  const result = searcher.search(pos, {
    maxDepth: 32,
    nodes: options.nodes ?? nodeBudget(options.level ?? 2, pos.n),
    timeMs: options.timeMs ?? Infinity,
    exactRoot: true,
  });
  const scores = new Map(result.root.map(({ action, score }) => [action, score]));
  return {
    mover: pos.turn,
    best: makeAction(pos, result.action),
    score: result.score,
    scores,
    depth: result.depth,
    nodes: result.nodes,
  };
}

/** What the review found about one action of a game. */
export interface ActionReview {
  /** Index of the action in the game's record (0-based). */
  index: number;
  /** The player who made it. */
  player: number;
  /** The action as played, and the bots' best action in the position before it. */
  played: string;
  best: string;
  /** The best action's and the played action's scores for the player (centipawns). */
  bestScore: number;
  playedScore: number;
  /** How much the played action gave away against the best one (≥ 0). */
  loss: number;
}

/**
 * The review of action k of the game (searched on a copy of the position before it), or null
 * where nothing is judged (a placement, a final move after mate, an action with no choice).
 */
export function reviewAction(
  game: Game,
  k: number,
  options: AnalyseOptions = {},
): ActionReview | null {
  const pos = game.positionAt(k).clone();
  const played = game.actions[k];
  const parsed = parseAction(pos, played);
  if (!parsed.ok) throw new Error(`action ${k + 1} (${played}): ${parsed.error.message}`);
  const analysis = analysePosition(pos, options);
  if (!analysis || analysis.scores.size < 2) return null;
  const bestScore = analysis.score;
  const playedScore = analysis.scores.get(parsed.value) ?? bestScore;
  return {
    index: k,
    player: analysis.mover,
    played,
    best: analysis.best,
    bestScore,
    playedScore,
    loss: Math.max(0, bestScore - playedScore),
  };
}
