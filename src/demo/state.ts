/** What the demo shows besides the game: its controls' state and the captions of the show. */
import { create } from 'zustand';
import type { DemoSpeed } from './config';

export interface DemoState {
  running: boolean;
  paused: boolean;
  speed: DemoSpeed;
  /** Playing on at full speed, without animation, until the next event. */
  skipping: boolean;
  /** A quiet stretch: moves play briskly until something happens. */
  brisk: boolean;
  /** The seed of the show playing, and how many shows came before it. */
  seed: string;
  show: number;
  /** What just happened (or is about to), in plain words. */
  caption: string;
  /** Number of actions in the record when the caption was set. */
  captionAt: number;
  /** The last move, in plain words. */
  move: string;
  /** Every event caption of the show so far, oldest first. */
  log: string[];
  /** When the show is over: the players by place (names), best first. */
  ranking: string[][] | null;
  winner: string | null;
  /** The show ended before the game did: nothing notable was left to see. */
  endedEarly: boolean;
  /**
   * The show's own clock (ms at 1×): the pauses and camera leads the director has asked for so
   * far, each pause as long as the piece animation it waits for when that runs longer, whatever
   * the speed, the machine or the bots' thinking time.
   */
  clock: number;
  /** The show's clock when its first Dimensional Collapse was played (null: none yet). */
  firstCollapseAt: number | null;
}

/** What each show starts with (the controls' state and the show's number and seed aside). */
export const NEW_SHOW = {
  caption: '',
  captionAt: 0,
  move: '',
  log: [],
  ranking: null,
  winner: null,
  endedEarly: false,
  clock: 0,
  firstCollapseAt: null,
} satisfies Partial<DemoState>;

export const INITIAL_DEMO: DemoState = {
  running: false,
  paused: false,
  speed: 1,
  skipping: false,
  brisk: false,
  seed: '',
  show: 0,
  ...NEW_SHOW,
};

export const useDemo = create<DemoState>()(() => ({ ...INITIAL_DEMO }));
