/**
 * A bot's answer to a draw offer (R8.2: a draw by agreement of every remaining player): it
 * judges its standing by the static evaluation (eval.ts) of the position the offer was made in.
 * A bot clearly behind accepts, one ahead or level plays on. Static, so that it answers at once,
 * on the page and in the game server alike.
 */
import {
  MATED,
  answerDraw,
  drawWaitingFor,
  offerDraw,
  ok,
  type DrawOffer,
  type Game,
  type Result,
} from '../core';
import { Evaluator } from './eval';

/** At or below this evaluation (centipawns, about a minor piece) a bot takes the draw. */
export const DRAW_ACCEPT_AT = -250;
/** From this evaluation up a bot calls itself ahead (in words only: it declines either way). */
const AHEAD_AT = 250;

export interface DrawJudgement {
  accept: boolean;
  /** How the bot sees its standing: behind, level or ahead. */
  standing: 'behind' | 'level' | 'ahead';
  /** The evaluation it judged by (centipawns, its own point of view). */
  score: number;
}

let evaluator: Evaluator | null = null;

/** How player `p` (turn order), a bot, answers a draw offer standing in `game`'s position. */
export function judgeDraw(game: Game, p: number): DrawJudgement {
  // Checkmated and awaiting the capture (R6.3): lost, whatever the pieces say.
  if (game.position.playerState(p) === MATED)
    return { accept: true, standing: 'behind', score: -Infinity };
  evaluator ??= new Evaluator();
  const score = evaluator.evaluate(game.position, p);
  const standing = score <= DRAW_ACCEPT_AT ? 'behind' : score >= AHEAD_AT ? 'ahead' : 'level';
  return { accept: standing === 'behind', standing, score };
}

/**
 * The bots (`isBot`, turn order) among the remaining players still to answer `offer` answer it,
 * in turn order, until one declines: the offer then, and each bot's judgement.
 */
export function botsAnswerDraw(
  offer: DrawOffer,
  game: Game,
  isBot: (p: number) => boolean,
): { offer: DrawOffer; answers: { p: number; judgement: DrawJudgement }[] } {
  const answers: { p: number; judgement: DrawJudgement }[] = [];
  for (const p of drawWaitingFor(offer, game)) {
    if (offer.declinedBy !== null) break;
    if (!isBot(p)) continue;
    const judgement = judgeDraw(game, p);
    const answered = answerDraw(offer, game, p, judgement.accept);
    if (!answered.ok) continue;
    offer = answered.value;
    answers.push({ p, judgement });
  }
  return { offer, answers };
}

/** What a player does about a draw: offer one, or answer the standing offer. */
export type DrawStep = 'offer' | 'accept' | 'decline';

/**
 * Player `p` (turn order) offers, accepts or declines, then the bots still to answer do
 * (botsAnswerDraw): the one rule of the online room (src/server/roomDraw.ts) and of a game on
 * this device (src/store/slices/drawOffer.ts). Bots answer after every step; in practice all of
 * them answer as the offer is made, since a seat can turn into a bot only by a record action,
 * which ends the offer.
 */
export function drawStep(
  offer: DrawOffer | null,
  game: Game,
  p: number,
  step: DrawStep,
  isBot: (p: number) => boolean,
): Result<{ offer: DrawOffer; answers: { p: number; judgement: DrawJudgement }[] }> {
  const next =
    step === 'offer' ? offerDraw(offer, game, p) : answerDraw(offer, game, p, step === 'accept');
  return next.ok ? ok(botsAnswerDraw(next.value, game, isBot)) : next;
}
