/** The seats slice (seats.ts): who sits where, and what the bots are doing. */
import type { BotThought } from '../../drivers/bots';
import type { GameConfig } from '../config';

/** Who sits at each seat (the setup), and what the bots are doing. */
export interface SeatsSlice {
  config: GameConfig;
  /** Label of the bot seat thinking now (see bots.ts), or null. */
  thinking: string | null;
  /** How the last bot action of the record shown was found (see bots.ts), or null. */
  lastThought: BotThought | null;
  /** Whether the game is saved in the browser (a demo show is not). */
  persist: boolean;
}
