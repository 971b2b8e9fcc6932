/**
 * The same position, level and seed give the same action (node budgets, seeded choices). Every
 * search here runs without the wall-clock safety cap (timeMs: Infinity), so that a loaded or
 * slow machine cannot change a result.
 */
import { describe, expect, it } from 'vitest';
import { OVER, saveGame, type Game } from '../../src/core';
import { BotWorkspace, chooseAction, nodeBudget, type Level } from '../../src/ai/bot';
import { BotHost } from '../../src/ai/protocol';
import { Searcher } from '../../src/ai/search';
import { newGame } from './helpers';

/** A 3-player game after placement and a few turns of level-1 play (through the facade). */
function midgame(seed: string, actions: number): Game {
  let game = newGame(3, seed);
  const workspace = new BotWorkspace();
  for (let i = 0; i < actions && game.position.phase !== OVER; i++) {
    const choice = chooseAction(game.position.clone(), {
      level: 1,
      seed: `${seed}:${i}`,
      nodes: 200,
      timeMs: Infinity,
      workspace,
    });
    if (!choice) break;
    const next = game.play(choice.text);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

describe('determinism', () => {
  const game = midgame('det', 51);

  // Level 3 searches a thirtieth of its budget (depth 2 done, 3 begun): determinism does
  // not depend on the budget's size.
  const NODES: Record<Level, number> = { 1: nodeBudget(1, 3), 2: nodeBudget(2, 3), 3: 10_000 };

  it.each([1, 2, 3] as Level[])('level %i: the same seed gives the same move', (level) => {
    const options = { level, seed: 'same', nodes: NODES[level], timeMs: Infinity };
    const a = chooseAction(game.position.clone(), options);
    const b = chooseAction(game.position.clone(), options);
    expect(a?.text).toBeDefined();
    expect(b?.text).toBe(a?.text);
    expect(b?.nodes).toBe(a?.nodes);
    expect(b?.score).toBe(a?.score);
  });

  it('does not depend on what the searcher searched before (fresh tables each move)', () => {
    const fresh = new Searcher();
    const used = new Searcher();
    used.search(midgame('other', 48).position.clone(), {
      maxDepth: 8,
      nodes: 3000,
      timeMs: Infinity,
    });
    const limits = { maxDepth: 8, nodes: 3000, timeMs: Infinity };
    const a = fresh.search(game.position.clone(), limits);
    const b = used.search(game.position.clone(), limits);
    expect(b.action).toBe(a.action);
    expect(b.nodes).toBe(a.nodes);
  });

  it('the worker answers the same request with the same action', () => {
    const request = { id: 1, save: saveGame(game), level: 2 as Level, seed: 'w' };
    const first = new BotHost({ timeMs: Infinity }).answer(request);
    const second = new BotHost({ timeMs: Infinity }).answer({ ...request, id: 2 });
    expect('action' in first && first.action).toBeTruthy();
    expect({ ...second, id: 1, ms: 0 }).toEqual({ ...first, ms: 0 });
  });

  it('whole games replay identically from the same seeds', () => {
    const a = midgame('replay', 70);
    const b = midgame('replay', 70);
    expect(b.actions).toEqual(a.actions);
  });
});
