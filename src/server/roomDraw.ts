/**
 * A room's draw offer (issue #48 item 2; R7.2, R8.2: a draw by agreement of every remaining
 * player). The rules of an offer are the core's (drawOffer.ts); the room keeps the offer between
 * messages, lets its bots answer by their evaluation (src/ai/drawAnswer.ts: a bot clearly behind
 * accepts, any other declines), and shows it by seats. A client's `draw` action is refused:
 * the room plays it itself once every remaining player has accepted.
 */
import {
  DRAW_TEXT,
  answerDraw,
  currentOffer,
  drawAgreed,
  drawWaitingFor,
  offerDraw,
  type DrawOffer,
  type Game,
} from '../core';
import { botsAnswerDraw, type DrawJudgement } from '../ai/drawAnswer';
import type { DrawAnswer, DrawOfferStatus, ErrorMessage } from '../net';

/** A client's action text that would end the game as a draw on its own. */
export const isDrawAction = (text: string): boolean => text.trim() === DRAW_TEXT;

export const DRAW_BY_OFFER: ErrorMessage = {
  code: 'draw-offer',
  message: 'a draw needs the agreement of every remaining player: offer one (draw message)',
};

export class RoomDraw {
  private offer: DrawOffer | null = null;
  /** How the room's bots answered the last offer (turn order). */
  private bots: { p: number; judgement: DrawJudgement }[] = [];

  /**
   * Player `p` (turn order) offers, accepts or declines. The remaining players held by bots
   * answer an offer at once, in turn order, by their evaluation; a decline ends it. The error
   * to send, or whether the draw is agreed (the room then plays DRAW_TEXT).
   */
  answer(
    game: Game,
    p: number,
    answer: DrawAnswer,
    bots: readonly number[],
  ): { error: ErrorMessage } | { agreed: boolean } {
    const next =
      answer === 'offer'
        ? offerDraw(this.offer, game, p)
        : answerDraw(this.offer, game, p, answer === 'accept');
    if (!next.ok) return { error: { code: 'draw-offer', message: next.error.message } };
    let offer = next.value;
    if (answer === 'offer') {
      const answered = botsAnswerDraw(offer, game, (b) => bots.includes(b));
      offer = answered.offer;
      this.bots = answered.answers;
    }
    this.offer = offer;
    return { agreed: drawAgreed(offer, game) };
  }

  /** The offer standing in `game`'s position, by seats (setup order), or null. */
  status(game: Game): DrawOfferStatus | null {
    const offer = currentOffer(this.offer, game);
    if (!offer) return null;
    const seat = (p: number) => game.players[p].setupIndex;
    return {
      by: seat(offer.by),
      accepted: offer.accepted.map(seat),
      waitingFor: drawWaitingFor(offer, game).map(seat),
      declinedBy: offer.declinedBy === null ? null : seat(offer.declinedBy),
      botAnswers: this.bots.map(({ p, judgement: { accept, standing } }) => ({
        seat: seat(p),
        accept,
        standing,
      })),
    };
  }
}
