/**
 * The draw-offer slice (issue #45 item 5; R8.2: a draw by agreement of every remaining player)
 * for a game on this device, against bots or pass-and-play. The offer is kept here, beside the
 * record, by the core's rules (drawOffer.ts), with the record shown it was made in: it lapses
 * when an action is played or another record is shown. Bots answer at
 * once by their evaluation (src/ai/drawAnswer.ts); the humans on this device are asked in turn.
 * Once every remaining player has accepted, DRAW_TEXT is played like any action, so the record
 * (and a saved game) keeps the draw. Online the room keeps the offer (src/online/onlineClient.ts).
 */
import { drawStep, type DrawStep } from '../../ai/drawAnswer';
import {
  DRAW_TEXT,
  currentOffer,
  drawAgreed,
  drawWaitingFor,
  type DrawOffer,
  type Game,
} from '../../core';
import { DRAW_OFFER_TEXT } from '../../text';
import { seatLevel } from '../config';
import type { Slice, State } from '../state';
import type { DrawSlice, LocalDraw } from './drawOffer.types';
import { refusalWords, turnAccess } from '../turnAccess';

/** The draw offer standing in the record shown (this device's games), or null. */
export function standingDraw(s: Pick<State, 'draw' | 'view'>): LocalDraw | null {
  const { draw, view } = s;
  return draw && view && draw.view === view && currentOffer(draw.offer, view) ? draw : null;
}

export const createDrawSlice: Slice<DrawSlice> = (set, get) => {
  /**
   * Player `p` takes `step`, then the bots still to answer do (drawStep, the room's rule too);
   * their words are added to `words`. The offer then, or null when refused (said as a notice).
   */
  const step = (p: number, kind: DrawStep, view: Game, words: string[]): DrawOffer | null => {
    const { config } = get();
    const offer = standingDraw(get())?.offer ?? null;
    const done = drawStep(offer, view, p, kind, (b) => seatLevel(view, config, b) !== null);
    if (!done.ok) {
      refuse(done.error.message);
      return null;
    }
    for (const { p: bot, judgement } of done.value.answers)
      words.push(DRAW_OFFER_TEXT.botAnswer(view.players[bot].name, judgement));
    return done.value.offer;
  };

  /** Keep `offer`, or play the agreed draw (the bots' answers then said in a notice). */
  const settle = (offer: DrawOffer, view: Game, words: string[]) => {
    if (!drawAgreed(offer, view)) return set({ draw: { offer, view, answers: words } });
    const drawn = view.play(DRAW_TEXT);
    if (!drawn.ok) return set({ notice: { kind: 'error', text: drawn.error.message } });
    set({ draw: null });
    get().extend(drawn.value, DRAW_TEXT);
    if (words.length) set({ notice: { kind: 'info', text: words.join(' ') } });
  };

  /** The result of a refused offer or answer, said as a notice. */
  const refuse = (text: string) => set({ notice: { kind: 'error', text } });

  return {
    draw: null,

    offerDraw() {
      const { view, online } = get();
      if (!view || online) return;
      // Only where this device's input counts: not a bot's turn, a read-only game, or a
      // position the clocks have counted past (turnAccess).
      const access = turnAccess(get());
      if (!access.may) return refuse(refusalWords(access));
      const words: string[] = [];
      const offer = step(view.position.turn, 'offer', view, words);
      if (offer) settle(offer, view, words);
    },

    answerDraw(accept) {
      const { view, online } = get();
      const draw = standingDraw(get());
      if (!view || online || !draw) return;
      const [asked] = drawWaitingFor(draw.offer, view);
      if (asked === undefined) return refuse('there is no draw offer to answer');
      const words = [...draw.answers];
      const offer = step(asked, accept ? 'accept' : 'decline', view, words);
      if (offer) settle(offer, view, words);
    },
  };
};
