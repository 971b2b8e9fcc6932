/**
 * A rematch online (issue #49 item 3), on this page: the room's request as it stands, this
 * device's answer, and the move to the next game's room once everyone accepted (the new seat's
 * token is kept like a claimed seat's, so a reload finds the seat).
 */
import { create } from 'zustand';
import {
  REMATCH_MSG,
  REMATCH_START,
  type RematchSend,
  type RematchStart,
  type RematchStatus,
} from '../net';
import { writeSeat } from './seatTokens';
import type { RoomConnection } from './roomConnection';

export type { RematchStatus };

interface RematchState {
  /** The room the status is of. */
  roomId: string | null;
  status: RematchStatus | null;
}

export const useRematch = create<RematchState>()(() => ({ roomId: null, status: null }));

let room: RoomConnection | null = null;

/** Listen to `next`'s rematch (each connection to a room); `move` opens the next game's room. */
export function wireRematch(next: RoomConnection, move: (roomId: string) => void): void {
  room = next;
  if (useRematch.getState().roomId !== next.roomId)
    useRematch.setState({ roomId: next.roomId, status: null });
  next.onMessage(REMATCH_MSG, (status: RematchStatus) => useRematch.setState({ status }));
  next.onMessage(REMATCH_START, (start: RematchStart) => {
    if (start.seat !== null && start.token !== null)
      writeSeat(start.roomId, { seat: start.seat, token: start.token });
    move(start.roomId);
  });
}

/** Ask for a rematch or accept the one asked (true), or decline it (false). */
export function answerRematch(accept: boolean): void {
  room?.send(REMATCH_MSG, { accept } satisfies RematchSend);
}
