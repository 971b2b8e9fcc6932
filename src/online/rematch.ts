/**
 * A rematch online (issue #49 item 3), on this page: the room's request as it stands, this
 * device's answer, and the move to the next game's room once everyone accepted (the new seat's
 * token is kept like a claimed seat's, so a reload finds the seat). A part of the online client
 * (onlineClient.ts), which says which room the page is in and makes the move.
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

export type Rematch = ReturnType<typeof createRematch>;

/**
 * The rematch of the room `room()` gives (the one the client is in now, null: none); `move`
 * opens the next game's room.
 */
export function createRematch(room: () => RoomConnection | null, move: (roomId: string) => void) {
  /** The request as it stands (a zustand store: the HUD reads it as a hook). */
  const state = create<RematchState>()(() => ({ roomId: null, status: null }));
  return {
    state,
    /** Listen to `next`'s rematch (each connection to a room). */
    wire(next: RoomConnection): void {
      if (state.getState().roomId !== next.roomId)
        state.setState({ roomId: next.roomId, status: null });
      next.onMessage(REMATCH_MSG, (status: RematchStatus) => state.setState({ status }));
      next.onMessage(REMATCH_START, (start: RematchStart) => {
        if (start.seat !== null && start.token !== null)
          writeSeat(start.roomId, { seat: start.seat, token: start.token });
        move(start.roomId);
      });
    },
    /** Ask for a rematch or accept the one asked (true), or decline it (false). */
    answer(accept: boolean): void {
      room()?.send(REMATCH_MSG, { accept } satisfies RematchSend);
    },
  };
}
