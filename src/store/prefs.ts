/**
 * This device's preferences (not part of any game): kept in localStorage, read strictly — a
 * stored value of the wrong type is ignored and the default kept.
 */
import { create } from 'zustand';

export interface Prefs {
  /** A short pulse on check and capture, where the device can vibrate. */
  vibrate: boolean;
  /** No sound. */
  muted: boolean;
}

export const PREFS_KEY = 'ndchess.prefs';
const DEFAULTS: Prefs = { vibrate: true, muted: false };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored preferences over the defaults; anything unreadable is left at its default. */
export function readPrefs(raw: string | null): Prefs {
  const prefs = { ...DEFAULTS };
  try {
    const stored: unknown = raw === null ? null : JSON.parse(raw);
    if (stored && typeof stored === 'object' && !Array.isArray(stored))
      for (const key of Object.keys(DEFAULTS) as (keyof Prefs)[]) {
        const v = (stored as Record<string, unknown>)[key];
        if (Object.hasOwn(stored, key) && typeof v === typeof DEFAULTS[key])
          prefs[key] = v as boolean;
      }
  } catch {
    // Not JSON: the defaults stand.
  }
  return prefs;
}

interface PrefsState extends Prefs {
  setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): void;
}

export const usePrefs = create<PrefsState>()((set, get) => ({
  ...readPrefs(storage()?.getItem(PREFS_KEY) ?? null),
  setPref(key, value) {
    set({ [key]: value } as Partial<Prefs>);
    const { vibrate, muted } = get();
    try {
      storage()?.setItem(PREFS_KEY, JSON.stringify({ vibrate, muted } satisfies Prefs));
    } catch {
      // Storage full or blocked: the preference holds for this visit.
    }
  },
}));
