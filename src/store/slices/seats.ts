/** The seats slice: the setup (who sits where, bot levels) and what the bots are doing. */
import { defaultConfig } from '../config';
import type { SeatsSlice, Slice } from '../state';

export const createSeatsSlice: Slice<SeatsSlice> = () => ({
  config: defaultConfig(),
  thinking: null,
  lastThought: null,
  persist: true,
});
