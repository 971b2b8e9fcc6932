/**
 * The bot's Web Worker (a module worker): each message is a BotRequest; the answer is a
 * BotResponse with the chosen action's text. Start it with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` (client.ts does).
 */
import { answer, type BotRequest, type BotResponse } from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => scope.postMessage(answer(event.data));
