/** The draw offer slice (drawOffer.ts): an offer in a game on this device. */
import type { DrawOffer, Game } from '../../core';

/** A draw offer on this device, with the record shown it was made in. */
export interface LocalDraw {
  offer: DrawOffer;
  /** The record shown when it was made: the offer lapses once another is shown. */
  view: Game;
  /** The bots' answers so far, in words. */
  answers: string[];
}

/** A draw offer in a game on this device (R8.2; slices/drawOffer.ts). Online the room keeps it. */
export interface DrawSlice {
  /** The last offer made (see standingDraw for whether it still stands), or null. */
  draw: LocalDraw | null;
  /** The human to move offers a draw; bots answer at once, by their evaluation. */
  offerDraw(): void;
  /** The first remaining human still asked accepts or declines the standing offer. */
  answerDraw(accept: boolean): void;
}
