/**
 * A room's draw offer (issue #48 item 2; R7.2, R8.2: a draw by agreement of every remaining
 * player). The rules of an offer are the core's (drawOffer.ts); the room keeps the offer between
 * messages, lets its bots answer by their evaluation (drawStep in src/ai/drawAnswer.ts, the same
 * rule as a game on the page: a bot clearly behind accepts, any other declines), and shows it by
 * seats. A client's `draw` action is refused: the room plays it itself once every remaining
 * player has accepted.
 */
import {
  DRAW_TEXT,
  currentOffer,
  drawAgreed,
  drawWaitingFor,
  type DrawOffer,
  type Game,
} from '../core';
import { drawStep, type DrawJudgement } from '../ai/drawAnswer';
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
   * Player `p` (turn order) offers, accepts or declines; the remaining players held by bots
   * then answer by their evaluation (drawStep); a decline ends the offer. The error
   * to send, or whether the draw is agreed (the room then plays DRAW_TEXT).
   */
  answer(
    game: Game,
    p: number,
    answer: DrawAnswer,
    bots: readonly number[],
  ): { error: ErrorMessage } | { agreed: boolean } {
    const next = drawStep(this.offer, game, p, answer, (b) => bots.includes(b));
    if (!next.ok) return { error: { code: 'draw-offer', message: next.error.message } };
    const { offer, answers } = next.value;
    // The bots' answers to this offer, shown beside it; a new offer starts them anew.
    this.bots = answer === 'offer' ? answers : [...this.bots, ...answers];
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
