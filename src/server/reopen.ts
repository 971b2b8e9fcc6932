/**
 * Reopening a stored game (issue #14 item 6, issue #15 item 2): opening the link of a game no
 * process holds recreates its room from the record. Only one process may do that at a time, and
 * not while a living process holds the room. The single-process guard is here; the one shared
 * through Redis is in scaleOut.ts.
 */
import { matchMaker } from '@colyseus/core';

export interface ReopenGuard {
  /**
   * Whether this process may recreate room `id` now: nobody else is recreating it and no living
   * process holds it. True reserves it until release(id).
   */
  claim(id: string): Promise<boolean>;
  /** The room of `id` is listed (or reopening it failed): others may look for it again. */
  release(id: string): Promise<void>;
}

/** One process: the rooms being reopened here, and the matchmaker's own listing. */
export function localReopenGuard(): ReopenGuard {
  const reopening = new Set<string>();
  return {
    async claim(id) {
      if (reopening.has(id)) return false;
      reopening.add(id);
      if ((await matchMaker.query({ roomId: id })).length === 0) return true;
      reopening.delete(id);
      return false;
    },
    async release(id) {
      reopening.delete(id);
    },
  };
}
