/**
 * The review's driver (issue #47), connected by the app like the bots' and the advice's: when the
 * review slice has a review running, it reviews that record in the review's Web Worker
 * (src/ai/reviewClient.ts) and reports progress, the result or the failure to the store; when the
 * review is cancelled or discarded (another record shown), it stops the worker. The page stays
 * usable meanwhile: the search runs in the worker, the page only takes its reports.
 */
import { createReviewClient, type ReviewClient } from '../ai/reviewClient';
import type { ReviewRequest } from '../ai/reviewProtocol';
import { makePosition, saveGame, type Game } from '../core';
import type { State } from '../store/state';
import { workerDriver } from './workerDriver';

/** The request for `game`: its saved form, or for a game set up from a position its start. */
export function reviewRequest(game: Game): Omit<ReviewRequest, 'id'> {
  return game.fromPosition
    ? { setup: game.setup, start: makePosition(game.positionAt(0)), actions: [...game.actions] }
    : { save: saveGame(game) };
}

export interface ReviewStore {
  getState(): State;
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

/** Drive the reviews of a store; `createClient` for tests (default: the review's Web Worker). */
export function driveReview(
  store: ReviewStore,
  options: { createClient?: () => ReviewClient } = {},
): { disconnect(): void } {
  /** The job in hand: the review run the worker reviews now. */
  const worker = workerDriver<ReviewClient, number>(
    options.createClient ?? (() => createReviewClient()),
  );
  const s = () => store.getState();

  const start = (run: number, game: Game) => {
    worker.start(run);
    worker.ask(
      run,
      (client) =>
        client.review(reviewRequest(game), (p) => s().reviewProgress(run, p.done, p.reviews)),
      (result) => {
        worker.finish(run);
        s().reviewFinished(run, result);
      },
      (e) => {
        worker.finish(run);
        s().reviewFailed(run, e.message);
      },
    );
  };

  const update = () => {
    const r = s().review;
    const wanted = r?.status === 'running' ? r.run : null;
    if (worker.job !== wanted) worker.stop();
    if (wanted !== null && worker.job === null) start(wanted, r!.game);
  };

  return { disconnect: worker.drive(store, update) };
}
