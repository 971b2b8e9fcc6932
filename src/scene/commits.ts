/**
 * How often each scene component has committed, for the test seam: a piece animation or a board
 * transition runs in useFrame and must commit nothing (the tests count these).
 */
import { useLayoutEffect } from 'react';
import { pageAutomated } from '../device/automation';

export const sceneCommits: Record<string, number> = {};

/** Counted only on a page driven by a script, which has the seam to read them. */
const counting = pageAutomated();

/** Count the commits of the calling component under `name`. */
export function useCommitCount(name: string): void {
  useLayoutEffect(() => {
    if (counting) sceneCommits[name] = (sceneCommits[name] ?? 0) + 1;
  });
}
