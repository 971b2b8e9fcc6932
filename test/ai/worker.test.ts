/** The worker's protocol (BotHost, answer) and the page's client (think, cancel). */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLOURS, saveGame, type GameSetup } from '../../src/core';
import { BotCancelledError, createBotClient, type BotWorker } from '../../src/ai/client';
import {
  BotHost,
  answer,
  type BotAnswer,
  type BotRequest,
  type BotResponse,
} from '../../src/ai/protocol';
import { answersEightPlayers } from './eightPlayers';
import { newGame } from './helpers';

/** The answer of a response, or the error it reports thrown. */
function answered(response: BotResponse): BotAnswer & { id: number } {
  if ('error' in response) throw new Error(response.error);
  if ('resync' in response) throw new Error('resync');
  return response;
}

const setup: GameSetup = {
  players: [0, 1, 2].map((i) => ({ name: `P${i + 1}`, colour: DEFAULT_COLOURS[i] })),
  seed: 'worker',
};

describe('answer (the worker body)', () => {
  it('answers a saved game with a legal action of the player to move', () => {
    const game = newGame(3, 'worker');
    const response = answered(answer({ id: 7, save: saveGame(game), level: 1, seed: 'x' }));
    expect(response.id).toBe(7);
    expect(game.play(response.action).ok).toBe(true);
  });

  it('answers a setup with its actions, and as JSON text', () => {
    let game = newGame(3, 'worker');
    const first = answered(answer({ id: 1, setup, actions: [], level: 2 }));
    const next = game.play(first.action);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
    const second = answer({ id: 2, setup, actions: [first.action], level: 2 });
    const third = answer({ id: 3, save: JSON.stringify(saveGame(game)), level: 2 });
    expect('action' in second && second.action).toBeTruthy();
    expect({ ...third, id: 2, ms: 0 }).toEqual({ ...second, ms: 0 });
  });

  // Node budgets only: whether the safety cap is far enough above the time a move takes is a
  // matter of the machine, measured by the bench (its ai-level lines), not asserted here. Level
  // 3's full budget on 28 boards takes seconds: worker.slow.test.ts.
  it('8 players (28 boards): level 2 answers within its node budget', () => {
    answersEightPlayers(2);
  });

  it('follows the game it holds: only the new actions, the same answer as a full request', () => {
    let game = newGame(3, 'follow');
    const host = new BotHost();
    const actions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const request =
        i === 0
          ? { id: i, setup, actions: [], level: 1 as const, seed: 's' }
          : {
              id: i,
              since: actions.length - 1,
              actions: actions.slice(-1),
              level: 1 as const,
              seed: 's',
            };
      const reply = answered(host.answer(request));
      const full = answered(answer({ id: i, setup, actions, level: 1, seed: 's' }));
      expect({ ...reply, ms: 0 }).toEqual({ ...full, ms: 0 });
      const next = game.play(reply.action);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
      actions.push(reply.action);
    }
    expect(game.length).toBe(3);
  });

  it('asks for the whole game when it does not hold it, and keeps its game after a bad action', () => {
    const host = new BotHost();
    expect(host.answer({ id: 1, since: 0, actions: [], level: 1 })).toEqual({
      id: 1,
      resync: true,
    });
    const first = answered(host.answer({ id: 2, setup, actions: [], level: 1 }));
    expect(host.answer({ id: 3, since: 5, actions: [], level: 1 })).toEqual({
      id: 3,
      resync: true,
    });
    expect(
      host.answer({ id: 4, since: 0, actions: [first.action, 'AB:Ke1-e2'], level: 1 }),
    ).toEqual({
      id: 4,
      error: expect.stringMatching(/^action 2 \(AB:Ke1-e2\)/),
    });
    // The held game is still the one of request 2: it continues from there.
    expect(answered(host.answer({ id: 5, since: 0, actions: [first.action], level: 1 })).id).toBe(
      5,
    );
  });

  it('reports bad requests as errors', () => {
    expect(answer({ id: 1, setup, actions: ['AB:Ke1-e2'], level: 1 })).toMatchObject({
      id: 1,
      error: expect.stringContaining('action 1'),
    });
    expect(answer({ id: 5, setup, actions: [7], level: 1 } as unknown as BotRequest)).toEqual({
      id: 5,
      error: 'action 1 must be a text, got 7',
    });
    expect(answer({ id: 2, level: 1 } as BotRequest)).toMatchObject({ error: expect.any(String) });
    expect(answer({ id: 3, setup, level: 4 } as unknown as BotRequest)).toMatchObject({
      error: expect.stringContaining('level'),
    });
    expect(answer({ id: 4, save: '{not json', level: 1 })).toMatchObject({
      error: expect.stringContaining('JSON'),
    });
    expect(answer({ id: 6, setup, level: 3, thinkMs: -5 })).toEqual({
      id: 6,
      error: 'thinkMs must be a number of ms above 0, at most 60 000, got -5',
    });
  });
});

/** A worker stand-in that answers in a microtask, as the real one does after its search. */
class FakeWorker implements BotWorker {
  /** Every message received (what the client sends). */
  readonly received: BotRequest[] = [];
  /** A stateful worker (BotHost), or one that answers each request alone (answer). */
  private readonly host: BotHost | null;
  static made = 0;
  onmessage: ((event: MessageEvent<BotResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  hold = false;
  readonly held: BotRequest[] = [];
  constructor(stateful = false) {
    FakeWorker.made++;
    this.host = stateful ? new BotHost() : null;
  }
  postMessage(message: BotRequest): void {
    this.received.push(message);
    if (this.hold) this.held.push(message);
    else queueMicrotask(() => this.reply(message));
  }
  reply(message: BotRequest): void {
    const response = this.host ? this.host.answer(message) : answer(message);
    if (!this.terminated) this.onmessage?.({ data: response } as MessageEvent<BotResponse>);
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

  it('sends only the new actions of the game the worker holds; the whole game after an undo', async () => {
    const worker = new FakeWorker(true);
    const client = createBotClient({ createWorker: () => worker });
    let game = newGame(3, 'worker');
    const think = async () => {
      const { action } = await client.think({ save: saveGame(game), level: 1, seed: 'c' });
      const next = game.play(action);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    };
    await think();
    await think();
    await think();
    expect(worker.received.map((m) => [m.since, m.actions?.length])).toEqual([
      [undefined, undefined],
      [0, 1],
      [1, 1],
    ]);
    expect(worker.received[1]).not.toHaveProperty('save');
    game = game.truncate(1); // an undo: the held game no longer continues
    await think();
    expect(worker.received[3]).toMatchObject({ save: { actions: [game.actions[0]] } });
    expect(worker.received[3].since).toBeUndefined();
  });

  it('sends the whole game when the worker does not hold it', async () => {
    const worker = new FakeWorker(); // answers each request alone
    const client = createBotClient({ createWorker: () => worker });
    const first = await client.think({ setup, actions: [], level: 1 });
    const second = await client.think({ setup, actions: [first.action], level: 1 });
    expect(worker.received.map((m) => m.since)).toEqual([undefined, 0, undefined]);
    expect(newGame(3, 'worker').play(first.action)).toMatchObject({ ok: true });
    expect(typeof second.action).toBe('string');
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
