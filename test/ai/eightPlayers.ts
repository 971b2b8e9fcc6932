/** The worker's answer on the largest table: 8 players, 28 boards (worker tests, both lanes). */
import { expect } from 'vitest';
import { nodeBudget, type Level } from '../../src/ai/bot';
import { BotHost } from '../../src/ai/protocol';
import { saveGame } from '../../src/core';
import { newGame } from './helpers';

/** A placed 8-player game: the worker answers a legal action within the level's node budget. */
export function answersEightPlayers(level: Level): void {
  const placed = newGame(8, 'worker-8').autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  const game = placed.value;
  expect(game.position.nb).toBe(28);
  const host = new BotHost({ timeMs: Infinity });
  const response = host.answer({ id: 8, save: saveGame(game), level, seed: 'eight' });
  if (!('action' in response)) throw new Error(JSON.stringify(response));
  expect(game.play(response.action).ok).toBe(true);
  expect(response.nodes).toBeGreaterThan(0);
  expect(response.nodes).toBeLessThanOrEqual(nodeBudget(level, 8));
}
