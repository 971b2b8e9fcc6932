/**
 * The messages between the page and the review's Web Worker (reviewWorker.ts), and the worker's
 * work: read the game a request describes, review it action by action (review.ts) and post a
 * progress message after each action, then the whole review. Kept free of worker globals so that
 * it runs in tests too. The worker reviews one game at a time; to cancel, the page ends the
 * worker (a search cannot be interrupted otherwise, reviewClient.ts).
 */
import {
  Game,
  loadGame,
  parsePosition,
  type GameSetup,
  type PositionJson,
  type Result,
} from '../core';
import type { ActionReview } from './analyse';
import { isLevel, type Level } from './bot';
import { reviewGame, type GameReview } from './review';

export interface ReviewRequest {
  /** Echoed in every answer, so that messages of an earlier review can be recognised. */
  id: number;
  /** The game as saveGame() wrote it (object or JSON text). */
  save?: unknown;
  /** Or a game set up from a position (no saved form): its setup, start and action texts. */
  setup?: GameSetup;
  start?: PositionJson;
  actions?: string[];
  /** The level whose node budget each judged action gets (default 2, analyse.ts). */
  level?: Level;
  /** Or this node budget (tests). */
  nodes?: number;
}

/**
 * Progress is posted at most every PROGRESS_MS (and after the last action), with the reviews of
 * the actions since the one before: placements are reviewed by the hundred in a moment, and the
 * page should not handle a message for each.
 */
export const PROGRESS_MS = 100;

export type ReviewResponse =
  /** `done` of `total` actions are reviewed; `reviews`: those since the last progress (null: not judged). */
  | { id: number; done: number; total: number; reviews: (ActionReview | null)[] }
  | { id: number; result: GameReview }
  | { id: number; error: string };

/** The game a request describes, or why it cannot be read (which field, which action). */
export function reviewedGame(request: ReviewRequest): Result<Game> {
  if (request.save !== undefined) return loadGame(request.save);
  const bad = (message: string): Result<Game> => ({
    ok: false,
    error: { code: 'bad-save', message },
  });
  if (request.setup === undefined || request.start === undefined)
    return bad('the request has neither a saved game nor a setup with its start position');
  if (!Array.isArray(request.actions)) return bad('"actions" must be a list of action texts');
  const start = parsePosition(request.start);
  if (!start.ok) return bad(`"start": ${start.error.message}`);
  const made = Game.fromPosition(request.setup, start.value);
  if (!made.ok) return made;
  let game = made.value;
  for (const [i, text] of request.actions.entries()) {
    const next = typeof text === 'string' ? game.play(text) : null;
    if (!next?.ok)
      return bad(
        `action ${i + 1} (${JSON.stringify(text)}): ${next?.error.message ?? 'not a text'}`,
      );
    game = next.value;
  }
  return { ok: true, value: game };
}

/** Review the game of `request`, posting progress as it goes and then the result. */
export function runReview(
  request: ReviewRequest,
  post: (message: ReviewResponse) => void,
  now: () => number = () => performance.now(),
): void {
  const id = request?.id;
  if (request?.level !== undefined && !isLevel(request.level))
    return post({ id, error: `the level must be 1, 2 or 3, got ${JSON.stringify(request.level)}` });
  const nodes = request?.nodes;
  if (nodes !== undefined && !(Number.isInteger(nodes) && nodes > 0))
    return post({
      id,
      error: `"nodes" must be a whole number above 0, got ${JSON.stringify(nodes)}`,
    });
  const game = request ? reviewedGame(request) : null;
  if (!game?.ok)
    return post({ id, error: `the game cannot be read: ${game?.error.message ?? 'no request'}` });
  const steps = reviewGame(game.value, { level: request.level, nodes });
  let k = 0;
  let reviews: (ActionReview | null)[] = [];
  let posted = now();
  try {
    for (let next = steps.next(); ; next = steps.next()) {
      if (next.done) return post({ id, result: next.value });
      const { done, total, review } = next.value;
      k = done;
      reviews.push(review);
      if (done === total || now() - posted >= PROGRESS_MS) {
        post({ id, done, total, reviews });
        reviews = [];
        posted = now();
      }
    }
  } catch (e) {
    const text = game.value.actions[k] ?? '';
    const why = e instanceof Error ? e.message : String(e);
    post({ id, error: `the review stopped at action ${k + 1} (${text}): ${why}` });
  }
}
