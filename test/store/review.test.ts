/**
 * The review in the store (issue #47): opening it starts the review of the record, reports of
 * another run are ignored, and a review holds only for its record (a new game, an import or an
 * action played discards it; browsing the history keeps it). The driver runs it and stops it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewClient, ReviewProgressReport } from '../../src/ai/reviewClient';
import { ReviewCancelledError } from '../../src/ai/reviewClient';
import type { GameReview } from '../../src/ai/review';
import { OVER, RESIGN } from '../../src/core';
import { driveReview } from '../../src/drivers/reviewDriver';
import { defaultConfig } from '../../src/store/config';
import { createGameStore, reviewRefusal, type GameStore } from '../../src/store/store';

let store: GameStore;
beforeEach(() => {
  store = createGameStore();
  store.getState().newGame({ ...defaultConfig(3, 'review-slice'), placement: 'balanced' });
  store.getState().play(store.getState().view!.legalActions()[0]);
});

const emptyReview = (n: number): GameReview => ({
  actions: new Array(n).fill(null),
  players: [],
  moments: [],
});

describe('the review slice', () => {
  it('opens the panel and starts a review of the record shown', () => {
    const s = store.getState();
    expect(reviewRefusal(s)).toBeNull();
    s.openReview();
    const { review, reviewOpen } = store.getState();
    expect(reviewOpen).toBe(true);
    expect(review).toMatchObject({ status: 'running', done: 0, total: s.game!.length });
    expect(review!.game).toBe(s.game);
  });

  it('takes progress and the result of its own run only, and a cancel stops taking them', () => {
    store.getState().openReview();
    const run = store.getState().review!.run;
    store.getState().reviewProgress(run + 1, 5, [null]);
    expect(store.getState().review!.done).toBe(0);
    store.getState().reviewProgress(run, 2, [null, null]);
    expect(store.getState().review).toMatchObject({ done: 2, actions: [null, null] });
    store.getState().cancelReview();
    store.getState().reviewProgress(run, 3, [null]);
    expect(store.getState().review).toMatchObject({ status: 'cancelled', done: 2 });
    store.getState().startReview();
    const again = store.getState().review!;
    expect(again.run).toBeGreaterThan(run);
    store.getState().reviewFinished(again.run, emptyReview(again.total));
    expect(store.getState().review).toMatchObject({ status: 'done', done: again.total });
  });

  it('a new game discards the review and closes the panel', () => {
    store.getState().openReview();
    store.getState().newGame(defaultConfig(3, 'another'));
    expect(store.getState().review).toBeNull();
    expect(store.getState().reviewOpen).toBe(false);
  });

  it('another record discards it (an action played, an import); browsing the history keeps it', () => {
    store.getState().openReview();
    const review = store.getState().review;
    const { game } = store.getState();
    store.getState().goTo(3);
    store.getState().goTo(game!.length);
    expect(store.getState().review).toBe(review);
    store.getState().play(store.getState().view!.legalActions()[0]);
    expect(store.getState().review).toBeNull();

    store.getState().openReview();
    expect(store.getState().importGame(store.getState().exportGame()!)).toBe(true);
    // The same record again, loaded: the review still holds for it.
    expect(store.getState().review).not.toBeNull();
    store.getState().goTo(2);
    expect(store.getState().importGame(store.getState().exportGame()!)).toBe(true);
    expect(store.getState().review).toBeNull();
  });

  it('offers no review of a game still played against bots with the hints off, but once it is over', () => {
    const config = { ...defaultConfig(2, 'bots'), placement: 'balanced' as const };
    config.players = config.players.map((p, i) => (i ? { ...p, kind: 'bot', level: 1 } : p));
    store.getState().newGame(config);
    store.getState().play(store.getState().view!.legalActions()[0]);
    expect(reviewRefusal(store.getState())).toBe('off');
    store.getState().openReview();
    expect(store.getState().review).toBeNull();
    store.getState().play(RESIGN);
    expect(store.getState().game!.position.phase).toBe(OVER);
    expect(reviewRefusal(store.getState())).toBeNull();
    store.getState().newGame({ ...config, hintButton: true });
    store.getState().play(store.getState().view!.legalActions()[0]);
    expect(reviewRefusal(store.getState())).toBeNull();
  });

  it('offers no review of a game without actions', () => {
    store.getState().newGame(defaultConfig(3, 'hand'));
    expect(reviewRefusal(store.getState())).toBe('none');
    store.getState().openReview();
    expect(store.getState().reviewOpen).toBe(false);
  });
});

/** A review client stand-in: the test reports progress and finishes by hand. */
function manualClient() {
  const log: string[] = [];
  let progress: ((p: ReviewProgressReport) => void) | null = null;
  let finish: ((r: GameReview) => void) | null = null;
  let fail: ((e: Error) => void) | null = null;
  const client: ReviewClient = {
    review(request, onProgress) {
      log.push(`review ${'save' in request ? 'save' : 'start'}`);
      progress = onProgress;
      return new Promise((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    cancel() {
      log.push('cancel');
      fail?.(new ReviewCancelledError());
    },
  };
  return {
    client,
    log,
    progress: (p: ReviewProgressReport) => progress!(p),
    finish: (r: GameReview) => finish!(r),
    fail: (e: Error) => fail!(e),
  };
}

describe('driveReview', () => {
  it('runs the review started, reports its progress and result to the store', async () => {
    const manual = manualClient();
    driveReview(store, { createClient: () => manual.client });
    store.getState().openReview();
    expect(manual.log).toEqual(['review save']);
    manual.progress({ done: 1, total: store.getState().review!.total, reviews: [null] });
    expect(store.getState().review!.done).toBe(1);
    manual.finish(emptyReview(store.getState().review!.total));
    await Promise.resolve();
    expect(store.getState().review!.status).toBe('done');
  });

  it('stops the worker when the review is cancelled or discarded, and says why one failed', async () => {
    const manual = manualClient();
    driveReview(store, { createClient: () => manual.client });
    store.getState().openReview();
    store.getState().cancelReview();
    expect(manual.log).toEqual(['review save', 'cancel']);
    store.getState().startReview();
    store.getState().newGame(defaultConfig(3, 'another'));
    expect(manual.log).toEqual(['review save', 'cancel', 'review save', 'cancel']);
    store.getState().play(store.getState().view!.legalActions()[0]);
    store.getState().openReview();
    manual.fail(new Error('the review stopped at action 1 (AB:+Nb1): no'));
    await Promise.resolve();
    expect(store.getState().review).toMatchObject({
      status: 'failed',
      error: 'the review stopped at action 1 (AB:+Nb1): no',
    });
  });
});
