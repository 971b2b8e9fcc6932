/**
 * The bots as tests call them: a move limited by its node budget only, never by the wall-clock
 * safety cap of its level (bot.ts), so that a slow or loaded machine cannot change the move.
 */
import { chooseAction, type ThinkOptions } from '../../src/ai/bot';
import type { Position } from '../../src/core';

export const chooseByNodes = (pos: Position, options: ThinkOptions) =>
  chooseAction(pos, { ...options, timeMs: Infinity });
