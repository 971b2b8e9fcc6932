/** The review slice (review.ts): the review of the record shown. */
import type { ActionReview } from '../../ai/analyse';
import type { GameReview } from '../../ai/review';
import type { Game } from '../../core';

/** The review of a record (issue #47): its run, how far it got, what it found. */
export interface ReviewState {
  /** Counts the reviews started: reports of an earlier run are ignored. */
  run: number;
  /** The record reviewed: the review holds only while the store shows this record. */
  game: Game;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  /** Actions reviewed so far, of `total`. */
  done: number;
  total: number;
  /** The reviews of the first `done` actions (null: not judged). */
  actions: (ActionReview | null)[];
  /** The whole review, once done. */
  result: GameReview | null;
  /** Why it failed, in words. */
  error?: string;
}

/** The review of the game in the store (slices/review.ts; src/drivers/reviewDriver.ts runs it). */
export interface ReviewSlice {
  /** The review panel is open. */
  reviewOpen: boolean;
  /** The review of the record shown (null: none; another record discards it). */
  review: ReviewState | null;
  /** Open the review panel, starting the review of the record unless one is there already. */
  openReview(): void;
  closeReview(): void;
  /** Review the record (again). */
  startReview(): void;
  cancelReview(): void;
  /** The driver's reports for review `run`: actions reviewed, the whole review, a failure. */
  reviewProgress(run: number, done: number, reviews: (ActionReview | null)[]): void;
  reviewFinished(run: number, result: GameReview): void;
  reviewFailed(run: number, error: string): void;
}
