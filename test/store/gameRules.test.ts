/**
 * The analysis board, "Play from here" and the review judge a game by its own rules (issue 62):
 * a game with Quiet shifts (R9.7) keeps it, and a game of four played as written (a record from
 * before the house rule) keeps the rules as written.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NO_OPTIONS, type Game } from '../../src/core';
import { reviewedGame } from '../../src/ai/reviewProtocol';
import { defaultConfig } from '../../src/store/config';
import { reviewRequest } from '../../src/drivers/reviewDriver';
import { createGameStore } from '../../src/store/store';
import { memoryStorage } from '../fixtures/memoryStorage';

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const texts = (g: Game) => g.legalActions().map((m) => g.actionText(m));

describe('R9.7 the analysis board, "Play from here" and the review use the game’s own rules', () => {
  test.each([
    ['with Quiet shifts (the default at four)', true],
    ['as written (a game from before the house rule)', false],
  ])('R9.7 a game of four %s', (_, quiet) => {
    const store = createGameStore();
    const config = { ...defaultConfig(4, `own-rules-${quiet}`), placement: 'balanced' as const };
    if (!quiet) config.options = { ...NO_OPTIONS };
    expect(store.getState().newGame(config)).toBe(true);
    for (let i = 0; i < 6; i++) {
      const view = store.getState().view!;
      expect(store.getState().play(view.legalActions()[0])).toBe(true);
    }
    const game = store.getState().game!;
    expect(game.options.quiet).toBe(quiet);

    // The review's worker rebuilds the same game, with its rules.
    const reviewed = reviewedGame({ id: 1, ...reviewRequest(game) });
    expect(reviewed.ok && reviewed.value.options).toEqual(game.options);

    // The analysis board: the same rules, the same legal moves as the game.
    store.getState().openAnalysis();
    const board = store.getState().view!;
    expect(board.options).toEqual(game.options);
    expect(texts(board)).toEqual(texts(game));

    // "Play from here": a game of the same rules, and so is its review.
    expect(store.getState().playFromHere()).toBe(true);
    const from = store.getState().game!;
    expect(from.setup.options).toEqual(game.options);
    expect(from.options).toEqual(game.options);
    expect(texts(from)).toEqual(texts(game));
    const again = reviewedGame({ id: 2, ...reviewRequest(from) });
    expect(again.ok && again.value.options).toEqual(game.options);
  });
});
