/**
 * The store around the rules core, composed of its slices (src/store/slices/): the record and
 * history cursor, the interaction on the boards, the interface, the seats, the advice and the
 * analysis board. Components call
 * its actions; they never change the game through the core themselves.
 *
 * Creating a store starts nothing: the app (src/app/main.tsx) connects the bot driver
 * (src/drivers/bots.ts) and autosave (src/drivers/autosave.ts) to it as subscribers. A test creates
 * its own store with createGameStore().
 */
import { create } from 'zustand';
import { parseAction, type Game } from '../core';
import { createInteractionSlice } from './slices/interaction';
import { createAnalysisSlice } from './slices/analysis';
import { createAdviceSlice } from './slices/advice';
import { createClockSlice } from './slices/clocks';
import { createDrawSlice } from './slices/drawOffer';
import { createInterfaceSlice } from './slices/interface';
import { createRecordSlice } from './slices/record';
import { createPremoveSlice } from './slices/premove';
import { createArrowSlice } from './slices/arrow';
import { createReviewSlice } from './slices/review';
import { createSeatsSlice } from './slices/seats';
import { createShareSlice } from './slices/share';
import { localSource, switchableSource, type RecordSource } from './source';
import type { State } from './state';

export type { State } from './state';
export type { Animation, LessonSession } from './slices/record.types';
export type { CameraRequest, Dialog, Notice, Screen } from './slices/interface.types';
export { configOf } from './slices/record';
export { seatsOf } from './config';
export { flightDestinations, tapTargets, trayPieces } from './slices/interaction';
export { standingDraw } from './slices/drawOffer';
export { premovePlayer } from './slices/premove';
export { reviewRefusal } from './slices/review';

/** A store whose record comes from `source` (a local record by default). */
export function createGameStore(source: RecordSource = localSource()) {
  return create<State>()((...a) => ({
    ...createSeatsSlice(...a),
    ...createAdviceSlice(...a),
    ...createInterfaceSlice(...a),
    ...createInteractionSlice(...a),
    ...createRecordSlice(source)(...a),
    ...createDrawSlice(...a),
    ...createClockSlice(...a),
    ...createPremoveSlice(...a),
    ...createShareSlice(...a),
    ...createArrowSlice(...a),
    ...createReviewSlice(...a),
    ...createAnalysisSlice(...a),
    online: null,
  }));
}

export type GameStore = ReturnType<typeof createGameStore>;

/** The page's record source: local, or an online room's while one is played (onlineClient.ts). */
export const pageSource = switchableSource();

/** The page's store. */
export const useGame = createGameStore(pageSource);

/** The action's text as parsed back (used by the test seam). */
export function parseIn(game: Game, text: string): number | null {
  const r = parseAction(game.position, text);
  return r.ok ? r.value : null;
}
