/**
 * The words this device's help texts use: a finger's ("tap", "pinch") on a touch screen, a
 * mouse's ("click", "wheel") otherwise. The one place that decides: the device's main pointer
 * when the page loads (a coarse one is a finger), then the pointer of the last press on the page
 * (a finger or a pen taps, a mouse clicks).
 */
import { useSyncExternalStore } from 'react';
import { inTouchWords } from '../text';

let touch = typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches;
const listeners = new Set<() => void>();

if (typeof window !== 'undefined')
  window.addEventListener(
    'pointerdown',
    (e) => {
      const finger = e.pointerType !== 'mouse';
      if (finger === touch) return;
      touch = finger;
      for (const listener of listeners) listener();
    },
    { capture: true, passive: true },
  );

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const asWritten = (text: string) => text;

/** Puts a help text into this device's words (and follows a change of pointer). */
export function useDeviceWords(): (text: string) => string {
  return useSyncExternalStore(subscribe, () => touch) ? inTouchWords : asWritten;
}
