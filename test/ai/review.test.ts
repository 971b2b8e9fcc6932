/** The review of a whole game (src/ai/review.ts): progress, cancelling, and the summary's figures. */
import { describe, expect, it } from 'vitest';
import { evalSeries } from '../../src/ai/evalSeries';
import { LOSS_CAP, reviewGame, type GameReview } from '../../src/ai/review';
import { Game, STANDARD_FEN, defaultSetup, type Game as GameType } from '../../src/core';
import { fen, newGame } from './helpers';

/** A two-player game from the standard start (board AB: A is South, B North), scripted. */
function scripted(moves: string[]): GameType {
  const made = Game.fromPosition(defaultSetup(2, 'review'), fen(STANDARD_FEN));
  if (!made.ok) throw new Error(made.error.message);
  let game = made.value;
  for (const text of moves) {
    const next = game.play(`AB:${text}`);
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    game = next.value;
  }
  return game;
}

/** Run a review to its end; every progress report, and the result. */
function runAll(game: GameType, nodes: number) {
  const steps = reviewGame(game, { nodes, timeMs: Infinity });
  const reports = [];
  for (;;) {
    const next = steps.next();
    if (next.done) return { reports, review: next.value };
    reports.push(next.value);
  }
}

// A wins a pawn (exd5), B takes it back and then the queen A gives away (Qg4?? Bxg4): B holds more
// material on AB in 7 of the 12 positions.
const MOVES = [
  'e2-e4',
  'd7-d5',
  'e4xd5',
  'Qd8xd5',
  'Qd1-g4',
  'Bc8xg4',
  'Nb1-c3',
  'Qd5-a5',
  'd2-d4',
  'Nb8-c6',
  'Ng1-f3',
  'e7-e6',
];

describe('reviewGame: every action judged, and each player summed up', () => {
  it('reports progress after every action up to the end, with that action reviewed', () => {
    const game = scripted(MOVES.slice(0, 4));
    const { reports, review } = runAll(game, 300);
    expect(reports.map((r) => r.done)).toEqual([1, 2, 3, 4]);
    expect(reports.every((r) => r.total === 4)).toBe(true);
    expect(reports.map((r) => r.review)).toEqual(review.actions);
    expect(review.actions.map((r) => r?.played)).toEqual(game.actions);
  });

  it('stops when no longer iterated (cancelled): no action after it is searched', () => {
    const game = scripted(MOVES);
    const steps = reviewGame(game, { nodes: 300, timeMs: Infinity });
    expect(steps.next().value).toMatchObject({ done: 1, total: MOVES.length });
    expect(steps.return(undefined as never).done).toBe(true);
    expect(steps.next().done).toBe(true);
  });

  it('counts captures made and suffered, the boards dominated, and the average capped loss', () => {
    const game = scripted(MOVES);
    const { review } = runAll(game, 800);
    const [a, b] = review.players;
    expect([a.capturesMade, a.capturesSuffered]).toEqual([1, 2]);
    expect([b.capturesMade, b.capturesSuffered]).toEqual([2, 1]);
    expect(a.dominated).toEqual([]);
    expect(b.dominated).toEqual([0]);
    // Giving the queen away is seen as the mistake it is.
    expect(review.actions[4]!.loss).toBeGreaterThan(500);
    for (const p of review.players) {
      const own = review.actions.filter((r) => r?.player === p.player);
      expect(p.judged).toBe(own.length);
      const capped = own.map((r) => Math.min(r!.loss, LOSS_CAP));
      expect(p.averageLoss).toBeCloseTo(capped.reduce((x, y) => x + y, 0) / own.length, 9);
    }
  });

  it('judges no resignation: it is no move', () => {
    const game = scripted(MOVES.slice(0, 2)).play('resign');
    if (!game.ok) throw new Error(game.error.message);
    const { review } = runAll(game.value, 300);
    expect(review.actions.map((r) => r?.played ?? null)).toEqual(['AB:e2-e4', 'AB:d7-d5', null]);
    expect(review.players[0].judged).toBe(1);
  });

  it('judges no placement, and draws one evaluation series per player at their judged actions', () => {
    const placed = newGame(3, 'review').autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const { review } = runAll(placed.value, 200) as { review: GameReview };
    expect(review.actions.every((r) => r === null)).toBe(true);
    expect(review.players.map((p) => p.judged)).toEqual([0, 0, 0]);
    const { review: played } = runAll(scripted(MOVES.slice(0, 6)), 300);
    const series = evalSeries(played.actions, 2);
    expect(series.map((s) => s.map((p) => p.index))).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
    expect(series[0][2].score).toBe(played.actions[4]!.playedScore);
  });
});
