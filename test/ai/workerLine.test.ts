/** The worker's 'line' ask: the analysis board's best line from a position (issue 47 item 3). */
import { describe, expect, it } from 'vitest';
import { analysePosition } from '../../src/ai/analyse';
import { BotWorkspace } from '../../src/ai/bot';
import { createBotClient, type BotWorker } from '../../src/ai/client';
import { BotHost, type BotRequest, type BotResponse } from '../../src/ai/protocol';
import { gameRequest } from '../../src/ai/request';
import { Game, saveGame } from '../../src/core';
import { newGame } from './helpers';

const NODES = 1_500;

function placedGame(n: number, seed: string): Game {
  const placed = newGame(n, seed).autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  return placed.value;
}

function lineOf(response: BotResponse) {
  if (!('line' in response) || !response.line) throw new Error(JSON.stringify(response));
  return { ...response, line: response.line };
}

describe("the worker's 'line' ask", () => {
  it('answers one step per action asked, each the best in the position after the one before', () => {
    const game = placedGame(3, 'line');
    const host = new BotHost({ timeMs: Infinity });
    const response = lineOf(
      host.answer({ id: 1, save: saveGame(game), level: 2, ask: 'line', steps: 3, nodes: NODES }),
    );
    const { line } = response;
    expect(line).toHaveLength(3);
    // The first step is analysePosition's answer for the position (a search of its own).
    const first = analysePosition(game.position.clone(), {
      nodes: NODES,
      timeMs: Infinity,
      workspace: new BotWorkspace(),
    })!;
    expect(line[0]).toEqual({
      player: first.mover,
      action: first.best,
      score: first.score,
      depth: first.depth,
      nodes: first.nodes,
    });
    expect(response.action).toBe(line[0].action);
    expect(response.score).toBe(line[0].score);
    // Each step is legal for the player to move after the steps before it.
    let after = game;
    for (const step of line) {
      expect(step.player).toBe(after.position.turn);
      expect(step.nodes).toBeLessThanOrEqual(NODES + 200);
      const next = after.play(step.action);
      if (!next.ok) throw new Error(next.error.message);
      after = next.value;
    }
  });

  it('leaves the game it holds as it was: the next request continues it', () => {
    const game = placedGame(3, 'line-held');
    const host = new BotHost({ timeMs: Infinity });
    const asked = { level: 1, ask: 'line', steps: 2, nodes: NODES } as const;
    lineOf(host.answer({ id: 1, save: saveGame(game), ...asked }));
    const again = host.answer({ id: 2, since: game.length, actions: [], ...asked });
    expect('resync' in again).toBe(false);
    const bot = host.answer({ id: 3, since: game.length, actions: [], level: 1, seed: 's' });
    const fresh = new BotHost({ timeMs: Infinity }).answer({
      id: 3,
      save: saveGame(game),
      level: 1,
      seed: 's',
    });
    expect({ ...bot, ms: 0 }).toEqual({ ...fresh, ms: 0 });
  });

  it('stops where nothing is judged (placement), and refuses bad steps and budgets', () => {
    const host = new BotHost({ timeMs: Infinity });
    const unplaced = newGame(3, 'line-placement');
    expect(host.answer({ id: 1, save: saveGame(unplaced), level: 1, ask: 'line' })).toEqual({
      id: 1,
      error: 'nothing to judge in this position',
    });
    const save = saveGame(placedGame(3, 'line-bad'));
    expect(host.answer({ id: 2, save, level: 1, ask: 'line', steps: 0 })).toEqual({
      id: 2,
      error: 'steps must be a whole number from 1 to 16, got 0',
    });
    expect(host.answer({ id: 3, save, level: 1, ask: 'line', nodes: 1.5 })).toEqual({
      id: 3,
      error: 'nodes must be a whole number from 1 to 10 000 000, got 1.5',
    });
    expect(host.answer({ id: 4, save, level: 1, ask: 'lines' } as unknown as BotRequest)).toEqual({
      id: 4,
      error: '"ask" must be "hint", "threats" or "line", got "lines"',
    });
  });

  it('a game set up from a position (no saved form) is sent as its setup, position and actions', () => {
    const placed = placedGame(3, 'line-from');
    const players = placed.players.map(({ name, colour }) => ({ name, colour }));
    const made = Game.fromPosition({ players, seed: 'from' }, placed.position);
    if (!made.ok) throw new Error(made.error.message);
    const host = new BotHost({ timeMs: Infinity });
    const bot = host.answer({ id: 1, ...gameRequest(made.value), level: 1, seed: 's' });
    if (!('action' in bot)) throw new Error(JSON.stringify(bot));
    const next = made.value.play(bot.action);
    if (!next.ok) throw new Error(next.error.message);
    // The same position as the saved game it came from: the same best line.
    const asked = { level: 1, ask: 'line', steps: 2, nodes: NODES } as const;
    const fromHere = lineOf(host.answer({ id: 2, ...gameRequest(made.value), ...asked }));
    const fromSave = lineOf(new BotHost().answer({ id: 2, save: saveGame(placed), ...asked }));
    expect(fromHere.line).toEqual(fromSave.line);
    // A position that cannot be read is named.
    expect(
      host.answer({
        id: 3,
        ...gameRequest(made.value),
        position: { boards: 7 } as never,
        level: 1,
      }),
    ).toMatchObject({ id: 3, error: expect.stringMatching(/^position: /) });
  });

  it('the client sends the steps and budget with a request that continues the held game', async () => {
    const received: BotRequest[] = [];
    const host = new BotHost({ timeMs: Infinity });
    const worker: BotWorker = {
      onmessage: null,
      onerror: null,
      postMessage(message) {
        received.push(message);
        queueMicrotask(() =>
          worker.onmessage?.({ data: host.answer(message) } as MessageEvent<BotResponse>),
        );
      },
      terminate() {},
    };
    const client = createBotClient({ createWorker: () => worker });
    const game = placedGame(3, 'line-client');
    const save = saveGame(game);
    const first = await client.think({ save, level: 1, ask: 'line', steps: 2, nodes: NODES });
    const next = game.play(first.line![0].action);
    if (!next.ok) throw new Error(next.error.message);
    const second = await client.think({
      save: saveGame(next.value),
      level: 1,
      ask: 'line',
      steps: 2,
      nodes: NODES,
    });
    expect(received[1]).toMatchObject({ since: game.length, steps: 2, nodes: NODES, ask: 'line' });
    expect(second.line).toHaveLength(2);
    expect(second.line![0].action).toBe(first.line![1].action);
  });
});
