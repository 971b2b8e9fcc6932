/**
 * This device's seat tokens, one per room, in localStorage: with its token a page takes its
 * seat back (a reload, a closed tab, a server restart). A stored entry that cannot be read is
 * reported in words and left where it is (nothing is deleted behind the player's back); the
 * room is then joined without a seat.
 */
export const SEAT_KEY_PREFIX = 'ndchess.seat.';

/** A seat held in a room: which seat, its token, and Colyseus's reconnection token if any. */
export interface StoredSeat {
  seat: number;
  token: string;
  /** The room's reconnection token of the last connection (a quick way back in). */
  reconnection?: string;
}

/** The creator's host token of a room (fills open seats with bots), kept beside the seat. */
export const HOST_KEY_PREFIX = 'ndchess.host.';

export type SeatRead = { ok: true; value: StoredSeat | null } | { ok: false; error: string };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const keyOf = (roomId: string) => `${SEAT_KEY_PREFIX}${roomId}`;

/** The seat stored for `roomId`: none, one, or why the stored entry cannot be used. */
export function readSeat(roomId: string): SeatRead {
  const raw = storage()?.getItem(keyOf(roomId)) ?? null;
  if (raw === null) return { ok: true, value: null };
  const bad = (why: string): SeatRead => ({
    ok: false,
    error: `The seat stored for room ${roomId} (${keyOf(roomId)}) cannot be used: ${why}. You join as a spectator; the entry is kept.`,
  });
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return bad('it is not JSON');
  }
  const d = data as Partial<StoredSeat> | null;
  if (!d || typeof d !== 'object') return bad('it is not an object');
  if (!Number.isInteger(d.seat) || (d.seat as number) < 0 || (d.seat as number) > 7)
    return bad('its seat is not a number from 0 to 7');
  if (typeof d.token !== 'string' || !d.token) return bad('it has no token');
  if (d.reconnection !== undefined && typeof d.reconnection !== 'string')
    return bad('its reconnection token is not text');
  return {
    ok: true,
    value: { seat: d.seat as number, token: d.token, reconnection: d.reconnection },
  };
}

/** Keep the seat of `roomId`; false when the browser refused to store it. */
export function writeSeat(roomId: string, seat: StoredSeat): boolean {
  try {
    storage()?.setItem(keyOf(roomId), JSON.stringify(seat));
    return true;
  } catch {
    return false;
  }
}

export function forgetSeat(roomId: string): void {
  storage()?.removeItem(keyOf(roomId));
}

export function readHost(roomId: string): string | null {
  const v = storage()?.getItem(`${HOST_KEY_PREFIX}${roomId}`) ?? null;
  return v && /^[\w-]{1,64}$/.test(v) ? v : null;
}

export function writeHost(roomId: string, token: string): void {
  try {
    storage()?.setItem(`${HOST_KEY_PREFIX}${roomId}`, token);
  } catch {
    // Without it the creator cannot fill seats with bots after a reload; the game is unaffected.
  }
}
