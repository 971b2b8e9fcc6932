/** The review's worker protocol (runReview) and the page's client (review, cancel). */
import { describe, expect, it } from 'vitest';
import { STANDARD_FEN, defaultSetup, makePosition, saveGame, Game } from '../../src/core';
import {
  ReviewCancelledError,
  createReviewClient,
  type ReviewWorker,
} from '../../src/ai/reviewClient';
import { runReview, type ReviewRequest, type ReviewResponse } from '../../src/ai/reviewProtocol';
import { fen, newGame } from './helpers';

/** A 3-player game placed and played a few actions by its legal actions' first choice. */
function shortGame(): Game {
  const placed = newGame(3, 'review-worker').autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  let game = placed.value;
  for (let i = 0; i < 4; i++) {
    const next = game.play(game.legalActions()[0]);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

function run(request: ReviewRequest, now?: () => number): ReviewResponse[] {
  const messages: ReviewResponse[] = [];
  runReview(request, (m) => messages.push(m), now);
  return messages;
}

describe('runReview (the worker body)', () => {
  it('posts progress up to the last action with every action reviewed once, then the review', () => {
    const game = shortGame();
    const messages = run({ id: 3, save: saveGame(game), nodes: 200 });
    const result = messages.at(-1)!;
    if (!('result' in result)) throw new Error(JSON.stringify(result));
    const progress = messages.slice(0, -1).filter((m) => 'reviews' in m);
    expect(progress.length).toBe(messages.length - 1);
    expect(progress.at(-1)).toMatchObject({ id: 3, done: game.length, total: game.length });
    expect(progress.flatMap((m) => ('reviews' in m ? m.reviews : []))).toEqual(
      result.result.actions,
    );
    expect(result.result.actions.filter((r) => r !== null)).toHaveLength(4);
  });

  it('posts after every action when each takes its time (a clock that moves on)', () => {
    let t = 0;
    const game = shortGame();
    const messages = run({ id: 1, save: saveGame(game), nodes: 100 }, () => (t += 100));
    expect(messages.filter((m) => 'reviews' in m).map((m) => ('done' in m ? m.done : 0))).toEqual(
      game.actions.map((_, i) => i + 1),
    );
  });

  it('reviews a game set up from a position (it has no saved form)', () => {
    const made = Game.fromPosition(defaultSetup(2, 'w'), fen(STANDARD_FEN));
    if (!made.ok) throw new Error(made.error.message);
    const game = made.value.play('AB:e2-e4');
    if (!game.ok) throw new Error(game.error.message);
    const start = makePosition(game.value.positionAt(0));
    const messages = run({
      id: 2,
      setup: game.value.setup,
      start,
      actions: ['AB:e2-e4'],
      nodes: 200,
    });
    const last = messages.at(-1)!;
    expect('result' in last && last.result.actions[0]?.played).toBe('AB:e2-e4');
  });

  it('says what is wrong with a request, and where', () => {
    const game = shortGame();
    const save = saveGame(game);
    const bad = { ...save, actions: [...save.actions.slice(0, 2), 'AB:Ke1-e8'] };
    expect(run({ id: 4, save: bad })).toEqual([
      { id: 4, error: expect.stringMatching(/^the game cannot be read: .*action 3 \(AB:Ke1-e8\)/) },
    ]);
    expect(run({ id: 5, save, level: 7 as never })).toEqual([
      { id: 5, error: 'the level must be 1, 2 or 3, got 7' },
    ]);
    expect(run({ id: 6, save, nodes: -1 })).toEqual([
      { id: 6, error: '"nodes" must be a whole number above 0, got -1' },
    ]);
    const start = makePosition(fen(STANDARD_FEN));
    expect(run({ id: 7, setup: defaultSetup(2, 'w'), start, actions: ['AB:e2-e5'] })).toEqual([
      { id: 7, error: expect.stringMatching(/^the game cannot be read: action 1 \("AB:e2-e5"\)/) },
    ]);
  });
});

/** A worker stand-in: runs the review in-process on a later tick, unless terminated first. */
function inlineReviewWorker(log: string[]): ReviewWorker {
  let ended = false;
  const w: ReviewWorker = {
    onmessage: null,
    onerror: null,
    postMessage(request) {
      log.push('start');
      setTimeout(() => {
        if (ended) return;
        runReview(request, (data) => w.onmessage?.({ data } as MessageEvent<ReviewResponse>));
      }, 1);
    },
    terminate() {
      ended = true;
      log.push('terminate');
    },
  };
  return w;
}

describe('createReviewClient (the page side)', () => {
  it('reports progress and resolves with the review; cancel rejects it and ends the worker', async () => {
    const log: string[] = [];
    const client = createReviewClient({ createWorker: () => inlineReviewWorker(log) });
    const game = shortGame();
    const seen: number[] = [];
    const review = await client.review({ save: saveGame(game), nodes: 100 }, (p) =>
      seen.push(p.done),
    );
    expect(seen.at(-1)).toBe(game.length);
    expect(review.actions).toHaveLength(game.length);

    const cancelled = client.review({ save: saveGame(game), nodes: 100 }, () => {
      throw new Error('no progress after a cancel');
    });
    client.cancel();
    await expect(cancelled).rejects.toBeInstanceOf(ReviewCancelledError);
    expect(log).toEqual(['start', 'start', 'terminate']);
    // A fresh worker for the next review.
    await expect(
      client.review({ save: saveGame(game), nodes: 100 }, () => {}),
    ).resolves.toBeTruthy();
    expect(log).toEqual(['start', 'start', 'terminate', 'start']);
  });

  it('rejects with the worker’s error', async () => {
    const client = createReviewClient({ createWorker: () => inlineReviewWorker([]) });
    await expect(client.review({ save: { format: 'x' } }, () => {})).rejects.toThrow(
      /^the game cannot be read: /,
    );
  });
});
