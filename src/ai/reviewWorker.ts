/**
 * The review's Web Worker (a module worker): each message is a ReviewRequest; it answers with a
 * progress message after each action and then the whole review (reviewProtocol.ts). Start it
 * with `new Worker(new URL('./reviewWorker.ts', import.meta.url), { type: 'module' })`
 * (reviewClient.ts does).
 */
import { runReview, type ReviewRequest, type ReviewResponse } from './reviewProtocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewResponse): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => runReview(event.data, (message) => scope.postMessage(message));
