/**
 * The bots as tests call them: a move limited by its node budget only, never by the wall-clock
 * safety cap of its level (bot.ts), so that a slow or loaded machine cannot change the move.
 */
import { chooseAction, type ThinkOptions } from '../../src/ai/bot';
import type { Position } from '../../src/core';

export const chooseByNodes = (pos: Position, options: ThinkOptions) =>
  chooseAction(pos, { ...options, timeMs: Infinity });

/**
 * A tenth of level 3's budget, for tests of a behaviour that a few plies show (a check escaped,
 * a piece saved, a hanging piece taken): the level's full 300 000 nodes take seconds a move and
 * choose the same there. Level 3's strength is measured by matches (`npm run test:slow`, bench).
 */
export const BEHAVIOUR_NODES = 30_000;

/** chooseByNodes with level 3 held to BEHAVIOUR_NODES (levels 1 and 2 keep their budgets). */
export const chooseBehaviour = (pos: Position, options: ThinkOptions) =>
  chooseByNodes(pos, options.level === 3 ? { nodes: BEHAVIOUR_NODES, ...options } : options);
