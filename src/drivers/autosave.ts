/**
 * Autosave as a subscriber: the app connects it to its store (src/app/main.tsx), so that every
 * change of the record, the cursor or the setup of a game that persists is saved in the browser
 * (src/device/persist.ts). Changes are coalesced: a burst of them (bot replies, browsing the
 * history) is written once, with the latest state, and whatever is still waiting is written when
 * the page is hidden or left. A demo show (persist false) is never saved.
 */
import { autosave, type SavedClocks } from '../device/persist';
import type { State } from '../store/state';

interface Subscribable {
  getState(): State;
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

/** A timed game's clocks as saved beside its record: the times as they stood at their last update. */
const savedClocks = (s: State): SavedClocks | undefined =>
  s.localClocks
    ? { remainingMs: [...s.localClocks.clocks.remainingMs], at: s.localClocks.clocks.at }
    : undefined;

/** When a waiting save is written: `flush` runs once, later. */
export type Schedule = (flush: () => void) => void;

/** About a frame later (a timer, so that a hidden tab saves too). */
export const soon: Schedule = (flush) => void setTimeout(flush, 16);

/** Save the store's game whenever it changes; returns the unsubscribe function. */
export function saveOnChange(store: Subscribable, schedule: Schedule = soon): () => void {
  let waiting = false;
  const write = () => {
    if (!waiting) return;
    waiting = false;
    const s = store.getState();
    if (s.persist && s.game) autosave(s.game, s.cursor, s.config, s.hintsUsed, savedClocks(s));
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (!s.persist || !s.game) return;
    const changed =
      s.game !== prev.game ||
      s.cursor !== prev.cursor ||
      s.config !== prev.config ||
      s.hintsUsed !== prev.hintsUsed ||
      s.localClocks !== prev.localClocks ||
      !prev.persist;
    if (!changed || waiting) return;
    waiting = true;
    schedule(write);
  });
  const page = typeof window === 'undefined' ? null : window;
  page?.addEventListener('pagehide', write);
  const hidden = () => document.visibilityState === 'hidden' && write();
  page?.addEventListener('visibilitychange', hidden);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', write);
    page?.removeEventListener('visibilitychange', hidden);
  };
}
