/**
 * The store's state: the slices' types (each in src/store/slices/<slice>.types.ts, beside the
 * function that makes the slice) composed into one State (zustand's slice pattern), and the type
 * of a slice's creator. The types live apart from the creators because a creator sees the whole
 * State, and an import cycle (even of types) is refused (eslint/cycles.js).
 */
import type { StateCreator } from 'zustand';
import type { OnlineInfo } from '../online/onlineState';
import type { RecordSlice } from './slices/record.types';
import type { InteractionSlice } from './slices/interaction.types';
import type { InterfaceSlice } from './slices/interface.types';
import type { SeatsSlice } from './slices/seats.types';
import type { AdviceSlice } from './slices/advice.types';
import type { DrawSlice } from './slices/drawOffer.types';
import type { ClockSlice } from './slices/clocks.types';
import type { PremoveSlice } from './slices/premove.types';
import type { ArrowSlice } from './slices/arrow.types';
import type { ReviewSlice } from './slices/review.types';
import type { ShareSlice } from './slices/share.types';
import type { AnalysisSlice } from './slices/analysis.types';

/** The online room the game is played in (src/online/onlineClient.ts keeps it). */
export interface OnlineSlice {
  /** null: a game on this device. */
  online: OnlineInfo | null;
}

export type State = RecordSlice &
  AnalysisSlice &
  ShareSlice &
  InteractionSlice &
  InterfaceSlice &
  SeatsSlice &
  AdviceSlice &
  DrawSlice &
  ClockSlice &
  PremoveSlice &
  ArrowSlice &
  ReviewSlice &
  OnlineSlice;

/** A slice's creator: it sees (and may set) the whole State. */
export type Slice<T> = StateCreator<State, [], [], T>;
