/**
 * The review slice (issue #47): the review of the game in the store, opened from the end dialog
 * or the controls. The review driver (../reviewDriver.ts) runs it in a worker and reports
 * through reviewProgress, reviewFinished and reviewFailed. A review belongs to one record: when
 * the store shows another (a new game, an import, an action played), the record slice discards
 * it (its `show`).
 */
import { OVER } from '../../core';
import { hintsOffered } from '../config';
import type { Slice, State } from '../state';
import type { ReviewSlice, ReviewState } from './review.types';

let reviewRun = 0;

/**
 * Why the record cannot be reviewed now, or null: there is none (or no action yet), a lesson is
 * shown, or a game still played where a review would be help no seat may have (online, or on
 * this device with the hints off: the review names the best move of every position).
 */
export function reviewRefusal(
  s: Pick<State, 'game' | 'lesson' | 'online' | 'config'> & Partial<Pick<State, 'openedFrom'>>,
): 'none' | 'lesson' | 'online' | 'off' | null {
  if (!s.game || s.game.length === 0) return 'none';
  if (s.lesson) return 'lesson';
  // A finished game, or one opened read-only from a link: nobody plays it on with the review's help.
  if (s.game.position.phase === OVER || s.openedFrom) return null;
  if (s.online) return 'online';
  return hintsOffered(s.config) ? null : 'off';
}

export const createReviewSlice: Slice<ReviewSlice> = (set, get) => {
  /** Change the review of `run` if it is still the one running. */
  const report = (run: number, patch: (r: ReviewState) => Partial<ReviewState>) => {
    const r = get().review;
    if (r?.run === run && r.status === 'running') set({ review: { ...r, ...patch(r) } });
  };

  return {
    reviewOpen: false,
    review: null,

    openReview() {
      if (reviewRefusal(get()) !== null) return;
      set({ reviewOpen: true, dialog: null });
      const status = get().review?.status;
      if (status !== 'running' && status !== 'done') get().startReview();
    },

    closeReview() {
      set({ reviewOpen: false });
    },

    startReview() {
      const { game } = get();
      if (!game || reviewRefusal(get()) !== null) return;
      set({
        review: {
          run: ++reviewRun,
          game,
          status: 'running',
          done: 0,
          total: game.length,
          actions: [],
          result: null,
        },
      });
    },

    cancelReview() {
      const r = get().review;
      if (r) report(r.run, () => ({ status: 'cancelled' }));
    },

    reviewProgress(run, done, reviews) {
      report(run, (r) => ({ done, actions: [...r.actions, ...reviews] }));
    },

    reviewFinished(run, result) {
      report(run, (r) => ({ status: 'done', done: r.total, actions: result.actions, result }));
    },

    reviewFailed(run, error) {
      report(run, () => ({ status: 'failed', error }));
    },
  };
};
