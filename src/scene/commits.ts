/**
 * How often each scene component has committed, for the test seam: a piece animation or a board
 * transition runs in useFrame and must commit nothing (the tests count these).
 */
import { useLayoutEffect } from 'react';

export const sceneCommits: Record<string, number> = {};

/** Count the commits of the calling component under `name`. */
export function useCommitCount(name: string): void {
  useLayoutEffect(() => {
    sceneCommits[name] = (sceneCommits[name] ?? 0) + 1;
  });
}
