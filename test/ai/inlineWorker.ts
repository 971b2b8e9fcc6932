/** A bot worker stand-in for tests: answers in-process (the worker's own `answer`), on a later tick. */
import type { BotWorker } from '../../src/ai/client';
import { answer, type BotRequest, type BotResponse } from '../../src/ai/protocol';

/**
 * `delayMs`: the tick the answer waits for. `asked`: sees each request as posted and returns the
 * one answered (for a test that needs the protocol, not the level's full search).
 */
export function inlineWorker(
  delayMs = 1,
  asked: (request: BotRequest) => BotRequest = (r) => r,
): BotWorker {
  const w: BotWorker = {
    onmessage: null,
    onerror: null,
    postMessage(message: BotRequest) {
      const request = asked(message);
      setTimeout(() => {
        const response: BotResponse = answer(request);
        w.onmessage?.({ data: response } as MessageEvent<BotResponse>);
      }, delayMs);
    },
    terminate() {},
  };
  return w;
}
