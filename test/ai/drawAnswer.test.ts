/**
 * Bots answer a draw offer by their evaluation (issue #45 item 5; R8.2: a draw by agreement of
 * every remaining player): a bot clearly behind accepts, one clearly ahead declines.
 */
import { describe, expect, it } from 'vitest';
import { judgeDraw } from '../../src/ai/drawAnswer';
import { DRAW_OFFER_TEXT } from '../../src/text';
import { lopsidedGame } from '../fixtures/drawPositions';

describe('a bot answers a draw offer by its evaluation', () => {
  it('R8.2: a bot clearly behind accepts, one clearly ahead declines, and says why', () => {
    const game = lopsidedGame();
    const ahead = judgeDraw(game, 0); // A has both full armies
    const behind = judgeDraw(game, 1); // B has a king and pawns only
    expect(ahead).toMatchObject({ accept: false, standing: 'ahead' });
    expect(behind).toMatchObject({ accept: true, standing: 'behind' });
    expect(ahead.score).toBeGreaterThan(behind.score);
    expect(DRAW_OFFER_TEXT.botAnswer('Bot A', ahead)).toBe(
      'Bot A declines the draw: it stands better.',
    );
    expect(DRAW_OFFER_TEXT.botAnswer('Bot B', behind)).toBe(
      'Bot B accepts the draw: it stands worse.',
    );
  });

  it('R8.2: in an even position a bot plays on', () => {
    const game = lopsidedGame('even');
    for (const p of [0, 1, 2]) expect(judgeDraw(game, p).accept).toBe(false);
  });
});
