/**
 * The screen stays on while a game is played on it. A tablet in the middle of the table dims
 * and locks after a minute or two without a touch, which is how long a player may think: the
 * Screen Wake Lock is held while the game screen shows a game that is not over (a demo and a
 * lesson included) and the page is visible, unless switched off in Settings. The browser lets
 * the lock go when the page is hidden; it is asked for again when the page comes back.
 */
import { OVER } from '../core';
import { usePrefs } from '../device/prefs';
import type { GameStore } from '../store/store';

/** The parts of the Screen Wake Lock API used here (navigator.wakeLock). */
export interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockHold>;
}

/** A held lock (a WakeLockSentinel): `released` turns true when let go, by us or the browser. */
export interface WakeLockHold {
  readonly released: boolean;
  release(): Promise<void>;
}

/** Where the page's visibility is read and watched (the document). */
export interface PageVisibility {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Should the screen be kept on now? */
function wanted(store: GameStore, page: PageVisibility): boolean {
  const s = store.getState();
  return (
    usePrefs.getState().keepAwake &&
    page.visibilityState === 'visible' &&
    s.screen === 'game' &&
    !!s.game &&
    s.game.position.phase !== OVER
  );
}

/**
 * Hold the lock whenever it is wanted, from now on; returns the function that stops (and lets the
 * lock go). Without the API (older browsers) it does nothing. A refused request (a battery saver,
 * a policy) changes nothing in the game; it is tried again after the next action of the game, or
 * when the page comes back or the setting changes, not at every change of the store (a hover).
 */
export function keepScreenOn(
  store: GameStore,
  api: WakeLockApi | undefined = typeof navigator === 'undefined' ? undefined : navigator.wakeLock,
  page: PageVisibility = document,
): () => void {
  if (!api) return () => {};
  let hold: WakeLockHold | null = null;
  let asking = false;
  let stopped = false;
  /** The game record as it was when a request was refused (not asked again until it changes). */
  let refusedAt: unknown = null;

  const sync = () => {
    const want = !stopped && wanted(store, page);
    if (hold?.released) hold = null;
    if (want && !hold && !asking && store.getState().game !== refusedAt) {
      asking = true;
      api.request('screen').then(
        (h) => {
          asking = false;
          hold = h;
          sync(); // no longer wanted while asked for: let it go at once
        },
        () => {
          asking = false;
          refusedAt = store.getState().game;
        },
      );
    } else if (!want && hold) {
      const h = hold;
      hold = null;
      void h.release().catch(() => {});
    }
  };

  const askAgain = () => {
    refusedAt = null;
    sync();
  };
  const unsubscribeGame = store.subscribe(sync);
  const unsubscribePrefs = usePrefs.subscribe(askAgain);
  page.addEventListener('visibilitychange', askAgain);
  sync();
  return () => {
    stopped = true;
    unsubscribeGame();
    unsubscribePrefs();
    page.removeEventListener('visibilitychange', askAgain);
    sync();
  };
}
