import { describe, expect, it } from 'vitest';
import { analysePosition, reviewAction } from '../../src/ai/analyse';
import { chooseAction } from '../../src/ai/bot';
import { makeAction, parseAction } from '../../src/core';
import { fen, newGame } from './helpers';

describe('analyse: the bots judge a position and an action played in it', () => {
  it('finds the mate in one and scores every other action below it', () => {
    const pos = fen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    const analysis = analysePosition(pos, { nodes: 5_000 })!;
    expect(analysis.best).toBe(makeAction(pos, parse(pos, 'AB:Ra1-a8')));
    expect(analysis.scores.size).toBeGreaterThan(10);
    const quiet = analysis.scores.get(parse(pos, 'AB:Ra1-a2'))!;
    expect(analysis.score - quiet).toBeGreaterThan(10_000);
  });

  it('judges nothing during placement (R2.3) and gives an action its loss against the best', () => {
    const game = newGame(3, 'analyse').autoPlace('balanced', 'all');
    if (!game.ok) throw new Error(game.error.message);
    const placed = game.value;
    expect(reviewAction(placed, 0)).toBeNull();
    const k = placed.length;
    const bot = chooseAction(placed.position.clone(), { level: 2, timeMs: Infinity })!;
    const next = placed.play(bot.text);
    if (!next.ok) throw new Error(next.error.message);
    const review = reviewAction(next.value, k)!;
    expect(review.player).toBe(placed.position.turn);
    expect(review.played).toBe(bot.text);
    expect(review.loss).toBeGreaterThanOrEqual(0);
    expect(review.bestScore - review.playedScore).toBe(review.loss);
  });
});

function parse(pos: ReturnType<typeof fen>, text: string): number {
  const r = parseAction(pos, text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
