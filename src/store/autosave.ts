/**
 * Autosave as a subscriber: the app connects it to its store (src/app/main.tsx), so that every
 * change of the record, the cursor or the setup of a game that persists is saved in the browser
 * (src/store/persist.ts). A demo show (persist false) is never saved.
 */
import { autosave } from './persist';
import type { State } from './state';

interface Subscribable {
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

/** Save the store's game whenever it changes; returns the unsubscribe function. */
export function saveOnChange(store: Subscribable): () => void {
  return store.subscribe((s, prev) => {
    if (!s.persist || !s.game) return;
    if (
      s.game !== prev.game ||
      s.cursor !== prev.cursor ||
      s.config !== prev.config ||
      !prev.persist
    )
      autosave(s.game, s.cursor, s.config);
  });
}
