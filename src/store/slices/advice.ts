/** The advice slice: the hints used, the hint shown and the Threats switch (see ../advice.ts). */
import { hintRefusal } from '../../drivers/advice';
import type { Slice } from '../state';
import type { AdviceSlice } from './advice.types';

export const createAdviceSlice: Slice<AdviceSlice> = (set, get) => ({
  hintsUsed: [],
  hint: null,
  threatsOn: false,
  threats: null,

  askHint() {
    const s = get();
    if (!s.view || hintRefusal(s) !== null || s.hint?.view === s.view) return;
    const player = s.view.players[s.view.position.turn];
    const hintsUsed = s.game!.setup.players.map((_, i) => s.hintsUsed[i] ?? 0);
    hintsUsed[player.setupIndex]++;
    set({ hintsUsed, hint: { view: s.view, status: 'thinking', found: null } });
  },

  setThreatsOn(on) {
    set({ threatsOn: on, threats: on ? get().threats : null });
  },
});
