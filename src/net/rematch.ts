/**
 * A rematch online (issue #49 item 3): once the game is over, any seated person may ask for the
 * same table again; when every person still seated has accepted (bots always do), the room
 * stores a new game — the same players, colours, options and room settings, a new seed, and the
 * turn order rotated (the second player moves first, the first last) — opens it under a new
 * room id, and moves everyone there: each player gets the new seat's token privately, watchers
 * follow as watchers. A decline, or a seated person leaving, cancels the request.
 *
 *   client → server  REMATCH_MSG    RematchSend    { accept }: ask or accept (true), decline
 *   server → client  REMATCH_MSG    RematchStatus  the request as it stands, to everyone
 *   server → client  REMATCH_START  RematchStart   the new room, one's seat and its token
 */
import type { Read } from './protocol';
import { checkSize } from './validate';

export const REMATCH_MSG = 'rematch';
export const REMATCH_START = 'rematch-start';

export interface RematchSend {
  /** true: ask for a rematch, or accept the one asked; false: decline it. */
  accept: boolean;
}

export interface RematchStatus {
  /** The seats that asked or accepted (setup order), the asker first. */
  accepted: number[];
  /** The seats whose people have not answered yet. */
  waitingFor: number[];
  /** Who cancelled the last request, and how; null while none was cancelled. */
  cancelled: { seat: number; by: 'declined' | 'left' } | null;
  /** The new game's room once every person accepted, or null. */
  next: string | null;
}

export interface RematchStart {
  roomId: string;
  /** One's seat in the new game (setup order), or null: watching. */
  seat: number | null;
  /** The new seat's token (keep it like MSG.seated's), or null: watching. */
  token: string | null;
}

export function readRematch(v: unknown): Read<boolean> {
  const size = checkSize(v);
  if (size) return { ok: false, error: size };
  const accept = typeof v === 'object' && v !== null ? (v as Record<string, unknown>).accept : null;
  if (typeof accept !== 'boolean')
    return {
      ok: false,
      error: { code: 'malformed', message: 'a rematch message must be {"accept": true | false}' },
    };
  return { ok: true, value: accept };
}
