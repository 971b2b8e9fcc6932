/**
 * Waiting for a move to land. When the turn passes to another human at the table, the mover
 * should see their piece arrive before anything else changes: the table turning to the next
 * player (Scene.tsx) and the hand-over screen that covers the boards (HandOver.tsx) both follow
 * the new player only once the scene stands still.
 */
import { useLayoutEffect, useState } from 'react';
import type { Animation } from './slices/record.types';

/** What the wait needs of the live scene (its SceneHandle). */
export interface LandingWatch {
  /** Is a move still landing: `animation` (the store's) about to start or running, boards moving? */
  landing(animation: Animation | null): boolean;
  /** A change waits: the scene counts as busy meanwhile. */
  holdTurn(held: boolean): void;
}

/** How often a waiting value looks whether the scene stands still (ms). */
const LANDING_POLL_MS = 40;

/**
 * `value`, but a change of it waits while a move lands: the value before is returned until the
 * move's animation has landed and the boards stand still. With `holdsTurn` the wait counts as the
 * scene being busy, so that tests and bots see one animation, not a gap.
 */
export function useAfterLanding<T>(
  value: T,
  animation: Animation | null,
  scene: LandingWatch,
  holdsTurn = false,
): T {
  const [shown, setShown] = useState(value);
  if (shown !== value && !scene.landing(animation)) setShown(value);
  useLayoutEffect(() => {
    const held = shown !== value;
    if (holdsTurn) scene.holdTurn(held);
    if (!held) return;
    const poll = setInterval(() => {
      if (!scene.landing(null)) setShown(value);
    }, LANDING_POLL_MS);
    return () => {
      clearInterval(poll);
      if (holdsTurn) scene.holdTurn(false);
    };
  }, [scene, shown, value, holdsTurn]);
  return shown;
}
