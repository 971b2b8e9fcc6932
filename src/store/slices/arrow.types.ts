/** The arrow slice (arrow.ts): a move drawn on the boards. */
import type { BetterMove } from '../../ai/moments';

/** The arrow drawn on the boards (slices/arrow.ts). */
export interface ArrowSlice {
  /**
   * A move drawn as an arrow over the position shown (a key moment's better move): its text
   * (R10.2), legal in the position before action `index` of the record; null: none.
   */
  arrow: BetterMove | null;
  showArrow(arrow: BetterMove | null): void;
}
