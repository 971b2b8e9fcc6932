/** The draw offer (R7.2, R8.2: a draw by agreement of every remaining player), pure. */
import { describe, expect, it } from 'vitest';
import {
  PLAY,
  answerDraw,
  currentOffer,
  drawAgreed,
  drawWaitingFor,
  offerDraw,
  type DrawOffer,
  type Game,
} from '../../src/core';
import { newGame, placedGame } from './helpers';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const firstLegal = (game: Game): Game => value(game.play(game.legalActions()[0]));

describe('draw offers (R7.2, R8.2)', () => {
  it('R8.2: a draw is agreed only once every remaining player has accepted', () => {
    const game = placedGame(3);
    expect(game.position.phase).toBe(PLAY);
    let offer: DrawOffer = value(offerDraw(null, game, 1));
    expect(drawWaitingFor(offer, game)).toEqual([0, 2]);
    expect(drawAgreed(offer, game)).toBe(false);
    offer = value(answerDraw(offer, game, 2, true));
    expect(drawAgreed(offer, game)).toBe(false);
    expect(answerDraw(offer, game, 2, true).ok).toBe(false); // once each
    offer = value(answerDraw(offer, game, 0, true));
    expect(drawAgreed(offer, game)).toBe(true);
    expect(drawWaitingFor(offer, game)).toEqual([]);
  });

  it('R8.2: one decline ends the offer; its offerer offers again only after the next action', () => {
    const game = placedGame(3);
    const declined = value(answerDraw(value(offerDraw(null, game, 0)), game, 1, false));
    expect(drawAgreed(declined, game)).toBe(false);
    expect(answerDraw(declined, game, 2, true).ok).toBe(false);
    expect(offerDraw(declined, game, 0).ok).toBe(false);
    expect(offerDraw(declined, game, 2).ok).toBe(true);
    expect(offerDraw(declined, firstLegal(game), 0).ok).toBe(true);
  });

  it('R8.2: an offer lapses as soon as another action is played', () => {
    const game = placedGame(3);
    const offer = value(answerDraw(value(offerDraw(null, game, 0)), game, 1, true));
    const next = firstLegal(game);
    expect(currentOffer(offer, next)).toBeNull();
    expect(drawAgreed(value(answerDraw(offer, game, 2, true)), next)).toBe(false);
    expect(answerDraw(offer, next, 2, true).ok).toBe(false);
  });

  it('R7.2: a draw is offered in play only, not during placement; one offer at a time', () => {
    expect(newGame(3).position.phase).not.toBe(PLAY);
    expect(offerDraw(null, newGame(3), 0).ok).toBe(false);
    const game = newGame(2); // a two-player game starts in play
    expect(game.position.phase).toBe(PLAY);
    const offer = value(offerDraw(null, game, 0));
    expect(offerDraw(offer, game, 1).ok).toBe(false);
    expect(drawAgreed(value(answerDraw(offer, game, 1, true)), game)).toBe(true);
  });
});
