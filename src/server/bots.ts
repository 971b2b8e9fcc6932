/**
 * The bots of online rooms (issue #14 item 5): a small pool of worker threads shared by all
 * rooms. A room asks for one action at a time (it never has two requests in flight); requests
 * wait in one first-come queue and go to the first idle worker, so a room whose bots think long
 * holds one worker at a time and the other rooms' requests pass it on the others. Each worker
 * keeps the games it has seen (botWorker.ts); a request to a worker that holds the room's game
 * sends only the actions since, as the page's bot client does (src/ai/client.ts).
 */
import { cpus } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { BotLevel, GameSetup } from '../core';
import { BotHost, type BotAnswer, type BotRequest, type BotResponse } from '../ai/protocol';
import { startTsWorker } from './tsWorker';

/** What a room asks: the action of the player to move in its game. */
export interface BotQuestion {
  room: string;
  setup: GameSetup;
  actions: readonly string[];
  level: BotLevel;
  seed: string;
}

export interface BotPlayer {
  think(question: BotQuestion): Promise<BotAnswer>;
  close(): Promise<void>;
}

/** A request to a worker thread and its answer. */
export interface BotJob {
  room: string;
  request: BotRequest;
}
export interface BotJobAnswer {
  room: string;
  response: BotResponse;
}

/** The request for `question` to a host holding `since` of its actions (or none: the whole game). */
function requestFor(question: BotQuestion, since: number | undefined, id: number): BotRequest {
  const { setup, actions, level, seed } = question;
  return since !== undefined && since <= actions.length
    ? { id, since, actions: actions.slice(since), level, seed }
    : { id, setup, actions: [...actions], level, seed };
}

interface Pending {
  question: BotQuestion;
  resolve: (answer: BotAnswer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** Per room: how many actions of its game this worker holds. */
  held: Map<string, number>;
}

const WORKER_URL = new URL('./botWorker.ts', import.meta.url);

/** Worker threads running botWorker.ts. */
export class BotPool implements BotPlayer {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(size = Math.max(1, Math.min(2, cpus().length - 1))) {
    for (let i = 0; i < size; i++) this.slots.push(this.start());
  }

  private start(): Slot {
    const worker = startTsWorker(WORKER_URL);
    const slot: Slot = { worker, busy: null, held: new Map() };
    worker.on('message', (answer: BotJobAnswer) => this.answered(slot, answer));
    worker.on('error', (e) => {
      // A crashed worker: fail its request, replace it.
      const pending = slot.busy;
      slot.busy = null;
      pending?.reject(new Error(`the bot failed: ${e.message}`));
      this.slots[this.slots.indexOf(slot)] = this.start();
      this.dispatch();
    });
    worker.unref();
    return slot;
  }

  think(question: BotQuestion): Promise<BotAnswer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ question, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (;;) {
      const idle = this.slots.filter((s) => !s.busy);
      if (!idle.length || !this.queue.length) return;
      const pending = this.queue.shift()!;
      const room = pending.question.room;
      // Prefer a worker that already follows this room's game.
      const slot = idle.find((s) => s.held.has(room)) ?? idle[0];
      slot.busy = pending;
      slot.worker.ref(); // a question keeps the process alive until answered
      this.post(slot, pending, slot.held.get(room));
    }
  }

  private post(slot: Slot, pending: Pending, since: number | undefined): void {
    const { room, actions } = pending.question;
    const request = requestFor(pending.question, since, this.nextId++);
    slot.held.set(room, actions.length);
    slot.worker.postMessage({ room, request } satisfies BotJob);
  }

  private answered(slot: Slot, { response }: BotJobAnswer): void {
    const pending = slot.busy;
    if (!pending) return;
    if ('resync' in response) return this.post(slot, pending, undefined);
    slot.busy = null;
    slot.worker.unref();
    if ('error' in response) {
      slot.held.delete(pending.question.room);
      pending.reject(new Error(response.error));
    } else pending.resolve(response);
    this.dispatch();
  }

  async close(): Promise<void> {
    for (const p of this.queue.splice(0)) p.reject(new Error('the server is stopping'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * Bots in the server's own thread (tests, or a machine without worker threads): the same
 * BotHost, one per room, answering on the next turn of the event loop.
 */
export class InlineBots implements BotPlayer {
  private readonly hosts = new Map<string, { host: BotHost; held: number }>();

  think(question: BotQuestion): Promise<BotAnswer> {
    const entry = this.hosts.get(question.room) ?? { host: new BotHost(), held: -1 };
    this.hosts.set(question.room, entry);
    const request = requestFor(question, entry.held < 0 ? undefined : entry.held, 0);
    entry.held = question.actions.length;
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        let response = entry.host.answer(request);
        if ('resync' in response) response = entry.host.answer(requestFor(question, undefined, 0));
        if ('action' in response) resolve(response);
        else {
          entry.held = -1;
          reject(new Error('error' in response ? response.error : 'the bot lost the game'));
        }
      }),
    );
  }

  async close(): Promise<void> {
    this.hosts.clear();
  }
}
