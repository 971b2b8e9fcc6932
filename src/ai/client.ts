/**
 * The page's side of the bot: a small client around the Web Worker.
 *
 *   const bot = createBotClient();
 *   const answer = await bot.think({ save: saveGame(game), level: 2, seed: 'abc' });
 *   game = game.play(answer.action)…
 *   bot.cancel(); // undo, new game, leaving the page: stops the search at once
 *
 * cancel() terminates the worker (a search cannot be interrupted otherwise) and rejects the
 * pending requests with a BotCancelledError; the next think() starts a fresh worker.
 */
import type { BotAnswer, BotRequest, BotResponse } from './protocol';

/** What the client needs of a worker (a DOM Worker, or a stand-in in tests). */
export interface BotWorker {
  postMessage(message: BotRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<BotResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export type ThinkRequest = Omit<BotRequest, 'id'>;

export interface BotClient {
  /** The bot's action for the player to move in the game described, and how it was found. */
  think(request: ThinkRequest): Promise<BotAnswer>;
  /** Stop every search in progress; their promises reject with BotCancelledError. */
  cancel(): void;
}

export class BotCancelledError extends Error {
  override name = 'BotCancelledError';
  constructor() {
    super('the bot was cancelled');
  }
}

export interface BotClientOptions {
  /** Make the worker (default: the module worker of worker.ts, bundled by Vite). */
  createWorker?: () => BotWorker;
}

const defaultWorker = (): BotWorker =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }) as unknown as BotWorker;

export function createBotClient(options: BotClientOptions = {}): BotClient {
  const make = options.createWorker ?? defaultWorker;
  let worker: BotWorker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (answer: BotAnswer) => void; reject: (e: Error) => void }
  >();

  const rejectAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(error);
  };

  const stop = () => {
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      worker = null;
    }
  };

  const start = (): BotWorker => {
    const w = make();
    w.onmessage = (event) => {
      const response = event.data;
      const entry = pending.get(response.id);
      if (!entry) return; // an answer to a request cancelled meanwhile
      pending.delete(response.id);
      if ('error' in response) entry.reject(new Error(response.error));
      else entry.resolve(response);
    };
    w.onerror = (event) => {
      stop();
      rejectAll(new Error(`the bot failed: ${event.message ?? 'worker error'}`));
    };
    return w;
  };

  return {
    think(request) {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      return new Promise<BotAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ ...request, id });
      });
    },
    cancel() {
      stop();
      rejectAll(new BotCancelledError());
    },
  };
}
