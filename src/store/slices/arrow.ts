/**
 * The arrow on the boards (issue 47 item 2): a move to look at, as a key moment of the review
 * shows its better move. It belongs to the position shown: showing another one (a step of the
 * history cursor, a new record, a new game) clears it (record.ts).
 */
import type { Slice } from '../state';
import type { ArrowSlice } from './arrow.types';

export const createArrowSlice: Slice<ArrowSlice> = (set) => ({
  arrow: null,
  showArrow(arrow) {
    set({ arrow });
  },
});
