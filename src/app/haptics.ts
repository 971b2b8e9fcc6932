/**
 * A short vibration on check and capture (tablets and phones), for the action just played at
 * the end of the record — never while browsing history, and not when switched off.
 */
import { cuesOf } from '../store/cues';
import { usePrefs } from '../device/prefs';
import type { GameStore } from '../store/store';

/** Pulse patterns in milliseconds: a check is felt as two pulses, a capture as one. */
export const PULSES = { check: [40, 60, 40], capture: [30] } as const;

export function startHaptics(
  store: GameStore,
  vibrate: (pattern: readonly number[]) => void = (p) => navigator.vibrate?.([...p]),
) {
  return store.subscribe((s, prev) => {
    // A new action at the end of the record (undo, redo and browsing keep the record).
    if (!s.game || s.game === prev.game || s.cursor !== s.game.length) return;
    if (s.cursor !== prev.cursor + 1) return;
    if (!usePrefs.getState().vibrate) return;
    const cues = cuesOf(s.game, s.cursor);
    if (cues.includes('check') || cues.includes('checkmate')) vibrate(PULSES.check);
    else if (cues.includes('capture')) vibrate(PULSES.capture);
  });
}
