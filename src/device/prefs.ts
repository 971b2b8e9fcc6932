/**
 * This device's preferences (not part of any game): how the player likes to see the game, and
 * what the device may do. One zustand store of its own, apart from the game's, kept in
 * localStorage and read strictly: a stored value of the wrong type is ignored and the default
 * kept.
 */
import { create } from 'zustand';
import type { BotLevel } from '../store/config';
import { pageAutomated } from './automation';

export interface Prefs {
  /** Pieces as flat badges facing the camera (small screens). */
  flatPieces: boolean;
  /** "My boards" on or off; null: the default (on for a human to move at 6–8 players). */
  myBoards: boolean | null;
  /** A short pulse on check and capture, where the device can vibrate. */
  vibrate: boolean;
  /** The screen kept on during a game, where the browser can (the Screen Wake Lock). */
  keepAwake: boolean;
  /** No sound. */
  muted: boolean;
  /** With several humans on this device: a hand-over screen when the turn passes between them. */
  passAndPlay: boolean;
  /** The bots' level of "Play against bots" (beginner until the player picks another). */
  quickLevel: BotLevel;
  /** The Threats switch: each opponent's strongest answer drawn while a human is to move. */
  threats: boolean;
  /** The tutorial's lessons done (their ids). */
  lessonsDone: string[];
  /** The game hints dismissed for good ("Got it"), by the moment they explain (see text/hints). */
  hintsDismissed: string[];
}

export const PREFS_KEY = 'ndchess.prefs';

/**
 * The defaults. On a page driven by a script (automation.ts) the hand-over screen starts
 * switched off, as sound does, so that a script is not stopped by it; a person always gets it.
 * Threats, likewise, are on for a person until they turn them off (issue 45 item 2); a script
 * turns them on where it looks at them, so that their arrows do not change what others count.
 */
export function defaultPrefs(automated = pageAutomated()): Prefs {
  return {
    flatPieces: false,
    myBoards: null,
    vibrate: true,
    keepAwake: true,
    muted: false,
    passAndPlay: !automated,
    quickLevel: 1,
    threats: !automated,
    lessonsDone: [],
    hintsDismissed: [],
  };
}

/** A list of short texts (ids), at most a few hundred. */
function isTextList(v: unknown): v is string[] {
  return (
    Array.isArray(v) &&
    v.length <= 200 &&
    v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 40)
  );
}

/** Which stored values each preference accepts. */
const ACCEPTS: { [K in keyof Prefs]: (v: unknown) => v is Prefs[K] } = {
  flatPieces: (v) => typeof v === 'boolean',
  myBoards: (v): v is boolean | null => v === null || typeof v === 'boolean',
  vibrate: (v) => typeof v === 'boolean',
  keepAwake: (v) => typeof v === 'boolean',
  muted: (v) => typeof v === 'boolean',
  passAndPlay: (v) => typeof v === 'boolean',
  quickLevel: (v): v is BotLevel => v === 1 || v === 2 || v === 3,
  threats: (v) => typeof v === 'boolean',
  lessonsDone: isTextList,
  hintsDismissed: isTextList,
};

/** The stored preferences over the defaults; anything unreadable is left at its default. */
export function readPrefs(raw: string | null, defaults: Prefs = defaultPrefs()): Prefs {
  const prefs: Prefs = { ...defaults };
  let stored: unknown = null;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    return prefs;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return prefs;
  const set = <K extends keyof Prefs>(key: K) => {
    const v: unknown = (stored as Record<string, unknown>)[key];
    if (Object.hasOwn(stored, key) && ACCEPTS[key](v)) prefs[key] = v;
  };
  for (const key of Object.keys(ACCEPTS) as (keyof Prefs)[]) set(key);
  return prefs;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

interface PrefsState extends Prefs {
  setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): void;
  /** Add `item` to a list preference (once). */
  addTo(key: 'lessonsDone' | 'hintsDismissed', item: string): void;
}

export const usePrefs = create<PrefsState>()((set, get) => ({
  ...readPrefs(storage()?.getItem(PREFS_KEY) ?? null),
  setPref(key, value) {
    set({ [key]: value } as Partial<Prefs>);
    const state = get();
    const prefs = Object.fromEntries(Object.keys(ACCEPTS).map((k) => [k, state[k as keyof Prefs]]));
    try {
      storage()?.setItem(PREFS_KEY, JSON.stringify(prefs));
    } catch {
      // Storage full or blocked: the preference holds for this visit.
    }
  },
  addTo(key, item) {
    const list = get()[key];
    if (!list.includes(item)) get().setPref(key, [...list, item]);
  },
}));

/** Whether "my boards" is on for a game of n players (the default: from 6 players up). */
export const myBoardsOn = (setting: boolean | null, n: number): boolean => setting ?? n >= 6;
