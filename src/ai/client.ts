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
 *
 * The worker keeps the game between requests: the client remembers what it sent, and when a
 * request continues that game (same setup, the actions sent before are a prefix of the new
 * ones) it sends only the new actions. After an undo, a new game, an error or with a fresh
 * worker it sends the whole game again (see protocol.ts).
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

/** A game as the client compares it with what the worker holds. */
interface SentGame {
  setup: string;
  actions: readonly string[];
}

/** The game a request describes, if it can be followed action by action (not a JSON text). */
function sentGame(request: ThinkRequest): SentGame | null {
  const source = (request.save ?? request) as {
    setup?: unknown;
    position?: unknown;
    actions?: unknown;
  };
  if (typeof source !== 'object' || source === null || !Array.isArray(source.actions)) return null;
  // The position a game set up from a position starts from is part of what the worker holds.
  const setup = JSON.stringify([source.setup, source.position ?? null]);
  return { setup, actions: source.actions as string[] };
}

/** The new actions of `next` if it continues `held`, else null. */
function continuation(held: SentGame | null, next: SentGame | null): string[] | null {
  if (!held || !next || held.setup !== next.setup) return null;
  if (next.actions.length < held.actions.length) return null;
  for (let i = 0; i < held.actions.length; i++)
    if (held.actions[i] !== next.actions[i]) return null;
  return next.actions.slice(held.actions.length);
}

const defaultWorker = (): BotWorker =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }) as unknown as BotWorker;

export function createBotClient(options: BotClientOptions = {}): BotClient {
  const make = options.createWorker ?? defaultWorker;
  let worker: BotWorker | null = null;
  let nextId = 1;
  /** The game the worker holds once it has read every message posted so far. */
  let held: SentGame | null = null;
  const pending = new Map<
    number,
    { request: BotRequest; resolve: (answer: BotAnswer) => void; reject: (e: Error) => void }
  >();

  const rejectAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(error);
  };

  const stop = () => {
    held = null;
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
      if ('resync' in response) {
        // The worker does not hold the game: send all of it (the entry stays pending).
        held = sentGame(entry.request);
        w.postMessage(entry.request);
        return;
      }
      pending.delete(response.id);
      if ('error' in response) {
        held = null; // the worker may hold less than was sent
        entry.reject(new Error(response.error));
      } else entry.resolve(response);
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
      const full: BotRequest = { ...request, id };
      const game = sentGame(request);
      const added = continuation(held, game);
      const since = held?.actions.length ?? 0;
      held = game;
      return new Promise<BotAnswer>((resolve, reject) => {
        pending.set(id, { request: full, resolve, reject });
        w.postMessage(
          added === null
            ? full
            : {
                id,
                level: request.level,
                seed: request.seed,
                thinkMs: request.thinkMs,
                ask: request.ask,
                steps: request.steps,
                nodes: request.nodes,
                since,
                actions: added,
              },
        );
      });
    },
    cancel() {
      stop();
      rejectAll(new BotCancelledError());
    },
  };
}
