/**
 * Server bots answer a draw offer by their evaluation (issue #45 item 5; R8.2): the room's offer
 * (src/server/roomDraw.ts) asks the bots at once; a losing bot accepts, a winning one declines.
 */
import { describe, expect, it } from 'vitest';
import { RoomDraw } from '../../src/server/roomDraw';
import { lopsidedGame } from '../fixtures/drawPositions';

describe('server bots answer a draw offer', () => {
  it('R8.2: losing bots accept: a human offer with every other seat a losing bot is agreed', () => {
    const game = lopsidedGame(); // A far ahead; B and C bots
    const draw = new RoomDraw();
    expect(draw.answer(game, 0, 'offer', [1, 2])).toEqual({ agreed: true });
  });

  it('R8.2: a winning bot declines: the offer ends, declined by the bot', () => {
    const game = lopsidedGame(); // B offers; A, far ahead, is a bot; C a human still to answer
    const draw = new RoomDraw();
    expect(draw.answer(game, 1, 'offer', [0])).toEqual({ agreed: false });
    expect(draw.status(game)).toMatchObject({
      by: 1,
      declinedBy: 0,
      waitingFor: [],
      botAnswers: [{ seat: 0, accept: false, standing: 'ahead' }],
    });
  });

  it('R8.2: a losing bot accepts and the offer waits for the human still to answer', () => {
    const game = lopsidedGame();
    const draw = new RoomDraw();
    expect(draw.answer(game, 0, 'offer', [1])).toEqual({ agreed: false });
    expect(draw.status(game)).toMatchObject({
      accepted: [0, 1],
      waitingFor: [2],
      declinedBy: null,
    });
    expect(draw.answer(game, 2, 'accept', [1])).toEqual({ agreed: true });
  });

  it('R8.2: bots still to answer answer after a human answer too, as on the page (one rule: drawStep)', () => {
    const game = lopsidedGame(); // B (1) is behind
    const draw = new RoomDraw();
    // No bot when the offer is made; B is a bot by the time C answers: B answers then.
    expect(draw.answer(game, 0, 'offer', [])).toEqual({ agreed: false });
    expect(draw.answer(game, 2, 'accept', [1])).toEqual({ agreed: true });
    expect(draw.status(game)).toMatchObject({ botAnswers: [{ seat: 1, accept: true }] });
  });
});
