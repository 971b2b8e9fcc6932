/** The analysis board's judgement in numbers and words (issue 47 item 3). */
import { describe, expect, it } from 'vitest';
import { MATE_BOUND, WIN } from '../../src/ai/search';
import { playerJudgement, scoreNumber, scoreWords } from '../../src/text/analysis';

describe('scores in numbers and words', () => {
  it('pawns with their sign, and forced results as mates', () => {
    expect(scoreNumber(125)).toBe('+1.25');
    expect(scoreNumber(-40)).toBe('-0.40');
    expect(scoreNumber(0)).toBe('0.00');
    expect(scoreNumber(WIN - 3)).toBe('+mate');
    expect(scoreNumber(-MATE_BOUND)).toBe('-mate');
  });

  it('words from a forced loss to a forced win, each band at its edge, alike on both sides', () => {
    const bands: [number, string][] = [
      [-WIN + 2, 'loses by force'],
      [-300, 'losing'],
      [-299, 'worse'],
      [-100, 'worse'],
      [-99, 'slightly worse'],
      [-30, 'slightly worse'],
      [-29, 'about even'],
      [29, 'about even'],
      [30, 'slightly better'],
      [100, 'better'],
      [300, 'winning'],
      [MATE_BOUND, 'wins by force'],
    ];
    for (const [score, words] of bands) expect(scoreWords(score), String(score)).toBe(words);
    expect(playerJudgement('Sky', 125)).toBe('Sky: +1.25, better');
  });
});
