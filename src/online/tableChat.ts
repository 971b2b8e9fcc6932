/**
 * The table chat of the online client's room (issue #49 item 4): the lines the room sent (it
 * sends each client only what it may read), and whom this device muted. A mute is this device's
 * own and lasts for the game: a muted sender's lines are not shown, and a new room (another game)
 * starts with nobody muted. A part of the online client (onlineClient.ts), which says which room
 * the page is in.
 */
import { create } from 'zustand';
import { CHAT_LIMITS, CHAT_MSG, type ChatLine, type ChatMessage, type ChatSend } from '../net';
import type { RoomConnection } from './roomConnection';

export type { ChatLine };

/** The longest chat message, in characters. */
export const MAX_CHAT = CHAT_LIMITS.length;

interface ChatState {
  /** The room these lines are of. */
  roomId: string | null;
  lines: ChatLine[];
  /** Muted senders (ChatLine.from). */
  muted: string[];
}

export type TableChat = ReturnType<typeof createTableChat>;

/** The chat of the room `room()` gives: the one the client is in now (null: none). */
export function createTableChat(room: () => RoomConnection | null) {
  /** The lines and mutes (a zustand store: the HUD reads it as a hook). */
  const state = create<ChatState>()(() => ({ roomId: null, lines: [], muted: [] }));
  return {
    state,
    /** Listen to `next`'s chat (each connection to a room); another room's chat starts afresh. */
    wire(next: RoomConnection): void {
      if (state.getState().roomId !== next.roomId)
        state.setState({ roomId: next.roomId, lines: [], muted: [] });
      next.onMessage(CHAT_MSG, (m: ChatMessage) =>
        state.setState((s) => ({
          lines: (m.history ? m.lines : [...s.lines, ...m.lines]).slice(-CHAT_LIMITS.history),
        })),
      );
    },
    /** Say `text` to the table (the room checks it; a refusal comes back as an error notice). */
    send(text: string): void {
      room()?.send(CHAT_MSG, { text } satisfies ChatSend);
    },
    /** Mute `from` for the rest of the game, or unmute them. */
    toggleMute(from: string): void {
      state.setState((s) => ({
        muted: s.muted.includes(from) ? s.muted.filter((m) => m !== from) : [...s.muted, from],
      }));
    },
  };
}
