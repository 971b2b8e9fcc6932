/**
 * The bot's Web Worker (a module worker): each message is a BotRequest; the answer is a
 * BotResponse with the chosen action's text. The worker keeps the game between requests (see
 * protocol.ts). Start it with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` (client.ts does).
 */
import { BotHost, type BotRequest, type BotResponse } from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
}

const scope = self as unknown as WorkerScope;
const host = new BotHost();
scope.onmessage = (event) => scope.postMessage(host.answer(event.data));
