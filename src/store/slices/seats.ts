/** The seats slice: the setup (who sits where, bot levels) and what the bots are doing. */
import { defaultConfig } from '../config';
import type { Slice } from '../state';
import type { SeatsSlice } from './seats.types';

export const createSeatsSlice: Slice<SeatsSlice> = () => ({
  config: defaultConfig(),
  thinking: null,
  lastThought: null,
  persist: true,
});
