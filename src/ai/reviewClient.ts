/**
 * The page's side of the review: a small client around its Web Worker (reviewWorker.ts).
 *
 *   const reviews = createReviewClient();
 *   const review = await reviews.review({ save: saveGame(game) }, (p) => show(p.done, p.total));
 *   reviews.cancel(); // stops the review at once; its promise rejects with ReviewCancelledError
 *
 * One review at a time: a new one cancels the one running. cancel() ends the worker (a search
 * cannot be interrupted otherwise); the next review starts a fresh one. Progress comes a few
 * times a second at most, with the reviews of the actions since the last report.
 */
import type { ActionReview } from './analyse';
import type { GameReview } from './review';
import type { ReviewRequest, ReviewResponse } from './reviewProtocol';

/** What the client needs of a worker (a DOM Worker, or a stand-in in tests). */
export interface ReviewWorker {
  postMessage(message: ReviewRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<ReviewResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface ReviewProgressReport {
  done: number;
  total: number;
  /** The reviews of the actions since the last report (null: not judged). */
  reviews: (ActionReview | null)[];
}

export interface ReviewClient {
  /** Review the game described, reporting each action reviewed; resolves with the review. */
  review(
    request: Omit<ReviewRequest, 'id'>,
    onProgress: (progress: ReviewProgressReport) => void,
  ): Promise<GameReview>;
  /** Stop the review in progress; its promise rejects with ReviewCancelledError. */
  cancel(): void;
}

export class ReviewCancelledError extends Error {
  override name = 'ReviewCancelledError';
  constructor() {
    super('the review was cancelled');
  }
}

const defaultWorker = (): ReviewWorker =>
  new Worker(new URL('./reviewWorker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as ReviewWorker;

export function createReviewClient(
  options: { createWorker?: () => ReviewWorker } = {},
): ReviewClient {
  const make = options.createWorker ?? defaultWorker;
  let worker: ReviewWorker | null = null;
  let nextId = 1;
  let running: { id: number; reject: (e: Error) => void } | null = null;

  const stop = (error: Error) => {
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      worker = null;
    }
    const was = running;
    running = null;
    was?.reject(error);
  };

  return {
    review(request, onProgress) {
      if (running) stop(new ReviewCancelledError());
      const id = nextId++;
      const w = (worker ??= make());
      return new Promise<GameReview>((resolve, reject) => {
        running = { id, reject };
        w.onmessage = (event) => {
          const message = event.data;
          if (message.id !== id) return;
          if ('result' in message) {
            running = null;
            resolve(message.result);
          } else if ('error' in message) stop(new Error(message.error));
          else onProgress(message);
        };
        w.onerror = (event) =>
          stop(new Error(`the review's worker failed: ${event.message ?? 'worker error'}`));
        w.postMessage({ ...request, id });
      });
    },
    cancel() {
      if (running) stop(new ReviewCancelledError());
    },
  };
}
