/**
 * The clocks of a game on this device (R11.1), against bots or pass-and-play, when its setup has
 * a time control (off by default). The core's clock code (core/clock.ts) keeps the times, as the
 * online room does; this slice brings them up to date with the record and records `timeout X`
 * through the record's normal path when a flag falls (R11.2), a bot's as a human's. The time is
 * always passed in (`now`, the page's performance.now): the driver (src/drivers/clockDriver.ts)
 * calls tickClocks after every change and when the next flag is due.
 *
 * Offline the clocks may pause (R11 forbids it online only): they stand still while the page is
 * hidden or the pass-and-play hand-over covers the boards (the next player's clock starts when
 * they say they are there), and a game resumed from storage starts paused, with the times it
 * was saved with.
 */
import {
  LABELS,
  clocksAfter,
  flagFall,
  remainingAt,
  startClocks,
  type Clocks,
  type Game,
} from '../../core';
import type { OnlineClock } from '../../online/onlineState';
import type { Slice, State } from '../state';
import type { ClockSlice, LocalClocks } from './clocks.types';

/** Whether the game shown is timed on this device (its setup has a time control, not online nor a lesson). */
export const timedHere = (s: Pick<State, 'game' | 'config' | 'online' | 'lesson'>): boolean =>
  !!s.game && !!s.config.timeControl && !s.online && !s.lesson;

/** The clocks as the HUD shows them: per seat (setup index), like an online room's. */
export function seatClocks(local: LocalClocks, game: Game): OnlineClock {
  const { clocks, paused } = local;
  const left: number[] = [];
  game.players.forEach((p, i) => (left[p.setupIndex] = clocks.remainingMs[i]));
  const running =
    paused || clocks.running === null ? null : game.players[clocks.running].setupIndex;
  return { left, running, at: clocks.since };
}

/** Clocks resumed from storage: `remainingMs` per player (turn order) after `at` actions, paused. */
export function resumedClocks(
  control: NonNullable<State['config']['timeControl']>,
  game: Game,
  saved: { remainingMs: number[]; at: number },
): LocalClocks {
  const clocks: Clocks = {
    ...startClocks(control, game, 0),
    remainingMs: saved.remainingMs,
    at: saved.at,
  };
  return { clocks, setup: game.setup, paused: true };
}

export const createClockSlice: Slice<ClockSlice> = (set, get) => ({
  localClocks: null,
  clocksHeld: false,

  holdClocks(held) {
    if (held !== get().clocksHeld) set({ clocksHeld: held });
  },

  tickClocks(now) {
    const s = get();
    // A lesson shown meanwhile: the player's own game keeps its clocks, standing still.
    if (s.lesson) {
      get().pauseClocks(now);
      return null;
    }
    const control = s.config.timeControl;
    if (!timedHere(s) || !s.game || !control) {
      if (s.localClocks) set({ localClocks: null });
      return null;
    }
    const game = s.game;
    let local = s.localClocks;
    if (!local || local.setup !== game.setup || local.clocks.at > game.length)
      local = { clocks: startClocks(control, game, now), setup: game.setup, paused: false };
    else if (local.clocks.at < game.length)
      // Paused, the running clock is charged nothing (its time was counted when it paused).
      local = {
        ...local,
        clocks: clocksAfter(local.clocks, game, local.paused ? local.clocks.since : now),
      };
    if (local !== s.localClocks) set({ localClocks: local });
    if (local.paused) return null;
    const fall = flagFall(local.clocks, now);
    if (fall.fallen === null) return fall.fallsAt;
    // R11.2: out at that moment, whatever was pending; recorded at the end of the record.
    const text = `timeout ${LABELS[fall.fallen]}`;
    const next = game.play(text);
    if (!next.ok) return null;
    if (s.cursor !== game.length) get().goTo(game.length);
    get().extend(next.value, text);
    return get().tickClocks(now);
  },

  pauseClocks(now) {
    const local = get().localClocks;
    if (!local || local.paused) return;
    const clocks = { ...local.clocks, remainingMs: remainingAt(local.clocks, now), since: now };
    set({ localClocks: { ...local, clocks, paused: true } });
  },

  resumeClocks(now) {
    const local = get().localClocks;
    if (!local || !local.paused) return;
    set({ localClocks: { ...local, clocks: { ...local.clocks, since: now }, paused: false } });
  },
});
