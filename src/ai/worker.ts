/**
 * The bot's Web Worker (a module worker): each message is a BotRequest; the answer is a
 * BotResponse with the chosen action's text. The worker keeps the game between requests (see
 * protocol.ts). Start it with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` (client.ts does).
 */
import { BotHost, type BotRequest, type BotResponse } from './protocol';
import { TEST_BUILD } from './testBuild';

interface WorkerScope {
  onmessage: ((event: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
}

const scope = self as unknown as WorkerScope;
// A test build searches by node budgets only, as the unit tests do: the levels' safety caps in
// time would make a loaded machine change the bots' moves.
const host = new BotHost(TEST_BUILD ? { timeMs: Infinity } : {});
scope.onmessage = (event) => scope.postMessage(host.answer(event.data));
