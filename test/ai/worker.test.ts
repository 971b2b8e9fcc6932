/** The worker's protocol (replay, answer) and the page's client (think, cancel). */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLOURS, saveGame, type GameSetup } from '../../src/core';
import { BotCancelledError, createBotClient, type BotWorker } from '../../src/ai/client';
import { nodeBudget } from '../../src/ai/bot';
import { answer, type BotRequest, type BotResponse } from '../../src/ai/protocol';
import { newGame } from './helpers';

const setup: GameSetup = {
  players: [0, 1, 2].map((i) => ({ name: `P${i + 1}`, colour: DEFAULT_COLOURS[i] })),
  seed: 'worker',
};

describe('answer (the worker body)', () => {
  it('answers a saved game with a legal action of the player to move', () => {
    const game = newGame(3, 'worker');
    const response = answer({ id: 7, save: saveGame(game), level: 1, seed: 'x' });
    if (!('action' in response)) throw new Error(response.error);
    expect(response.id).toBe(7);
    expect(game.play(response.action).ok).toBe(true);
  });

  it('answers a setup with its actions, and as JSON text', () => {
    let game = newGame(3, 'worker');
    const first = answer({ id: 1, setup, actions: [], level: 2 });
    if (!('action' in first)) throw new Error(first.error);
    const next = game.play(first.action);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
    const second = answer({ id: 2, setup, actions: [first.action], level: 2 });
    const third = answer({ id: 3, save: JSON.stringify(saveGame(game)), level: 2 });
    expect('action' in second && second.action).toBeTruthy();
    expect({ ...third, id: 2, ms: 0 }).toEqual({ ...second, ms: 0 });
  });

  it('8 players (28 boards): level 3 answers within its node budget, its safety cap unused', () => {
    const placed = newGame(8, 'worker-8').autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const game = placed.value;
    expect(game.position.nb).toBe(28);
    const response = answer({ id: 8, save: saveGame(game), level: 3, seed: 'eight' });
    if (!('action' in response)) throw new Error(response.error);
    expect(game.play(response.action).ok).toBe(true);
    expect(response.nodes).toBeGreaterThan(0);
    expect(response.nodes).toBeLessThanOrEqual(nodeBudget(3, 8));
    expect(response.timedOut).toBe(false);
  });

  it('reports bad requests as errors', () => {
    expect(answer({ id: 1, setup, actions: ['AB:Ke1-e2'], level: 1 })).toMatchObject({
      id: 1,
      error: expect.stringContaining('action 1'),
    });
    expect(answer({ id: 2, level: 1 } as BotRequest)).toMatchObject({ error: expect.any(String) });
    expect(answer({ id: 3, setup, level: 4 } as unknown as BotRequest)).toMatchObject({
      error: expect.stringContaining('level'),
    });
    expect(answer({ id: 4, save: '{not json', level: 1 })).toMatchObject({
      error: expect.stringContaining('JSON'),
    });
  });
});

/** A worker stand-in that answers in a microtask, as the real one does after its search. */
class FakeWorker implements BotWorker {
  static made = 0;
  onmessage: ((event: MessageEvent<BotResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  hold = false;
  readonly held: BotRequest[] = [];
  constructor() {
    FakeWorker.made++;
  }
  postMessage(message: BotRequest): void {
    if (this.hold) this.held.push(message);
    else queueMicrotask(() => this.reply(message));
  }
  reply(message: BotRequest): void {
    if (!this.terminated) this.onmessage?.({ data: answer(message) } as MessageEvent<BotResponse>);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('createBotClient', () => {
  it('think resolves with the action and how it was found', async () => {
    const client = createBotClient({ createWorker: () => new FakeWorker() });
    const answer = await client.think({ setup, actions: [], level: 1, seed: 'c' });
    expect(newGame(3, 'worker').play(answer.action).ok).toBe(true);
    expect(answer).toMatchObject({ nodes: expect.any(Number), timedOut: false });
  });

  it('cancel rejects the pending search, stops the worker, and the next think starts anew', async () => {
    const workers: FakeWorker[] = [];
    const client = createBotClient({
      createWorker: () => {
        const w = new FakeWorker();
        w.hold = workers.length === 0;
        workers.push(w);
        return w;
      },
    });
    const pending = client.think({ setup, level: 1 });
    client.cancel();
    await expect(pending).rejects.toBeInstanceOf(BotCancelledError);
    expect(workers[0].terminated).toBe(true);
    // A late answer from the stopped worker is ignored.
    workers[0].reply(workers[0].held[0]);
    const { action: text } = await client.think({ setup, level: 1 });
    expect(workers).toHaveLength(2);
    expect(typeof text).toBe('string');
  });

  it('rejects with the worker error, and recovers from a crashed worker', async () => {
    const workers: FakeWorker[] = [];
    const client = createBotClient({
      createWorker: () => {
        const w = new FakeWorker();
        workers.push(w);
        return w;
      },
    });
    await expect(client.think({ setup, level: 9 as 1 })).rejects.toThrow(/level/);
    workers[0].hold = true;
    const pending = client.think({ setup, level: 1 });
    workers[0].onerror?.({ message: 'boom' } as ErrorEvent);
    await expect(pending).rejects.toThrow(/boom/);
    expect(workers[0].terminated).toBe(true);
    await expect(client.think({ setup, level: 1 })).resolves.toMatchObject({
      action: expect.any(String),
    });
    expect(workers).toHaveLength(2);
  });

  it('uses a module Web Worker on worker.ts by default', () => {
    const made: { url: string; options: unknown }[] = [];
    class StubWorker {
      onmessage = null;
      onerror = null;
      constructor(url: URL, options: unknown) {
        made.push({ url: String(url), options });
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', StubWorker);
    try {
      const client = createBotClient();
      void client.think({ setup, level: 1 }).catch(() => {});
      client.cancel();
      expect(made).toHaveLength(1);
      expect(made[0].url).toMatch(/ai\/worker\.ts$/);
      expect(made[0].options).toEqual({ type: 'module' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
