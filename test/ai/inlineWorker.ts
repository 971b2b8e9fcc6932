/** A bot worker stand-in for tests: answers in-process (the worker's own `answer`), on a later tick. */
import type { BotWorker } from '../../src/ai/client';
import { answer, type BotRequest, type BotResponse } from '../../src/ai/protocol';

export function inlineWorker(delayMs = 1): BotWorker {
  const w: BotWorker = {
    onmessage: null,
    onerror: null,
    postMessage(message: BotRequest) {
      setTimeout(() => {
        const response: BotResponse = answer(message);
        w.onmessage?.({ data: response } as MessageEvent<BotResponse>);
      }, delayMs);
    },
    terminate() {},
  };
  return w;
}
