/**
 * The table chat of the online room this page is in (issue #49 item 4): the lines the room sent
 * (it sends each client only what it may read), and whom this device muted. A mute is this
 * device's own and lasts for the game: a muted sender's lines are not shown, and a new room
 * (another game) starts with nobody muted.
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

export const useTableChat = create<ChatState>()(() => ({ roomId: null, lines: [], muted: [] }));

let room: RoomConnection | null = null;

/** Listen to `next`'s chat (each connection to a room); another room's chat starts afresh. */
export function wireChat(next: RoomConnection): void {
  room = next;
  if (useTableChat.getState().roomId !== next.roomId)
    useTableChat.setState({ roomId: next.roomId, lines: [], muted: [] });
  next.onMessage(CHAT_MSG, (m: ChatMessage) =>
    useTableChat.setState((s) => ({
      lines: (m.history ? m.lines : [...s.lines, ...m.lines]).slice(-CHAT_LIMITS.history),
    })),
  );
}

/** Say `text` to the table (the room checks it; a refusal comes back as an error notice). */
export function sendChat(text: string): void {
  room?.send(CHAT_MSG, { text } satisfies ChatSend);
}

/** Mute `from` for the rest of the game, or unmute them. */
export function toggleMute(from: string): void {
  useTableChat.setState((s) => ({
    muted: s.muted.includes(from) ? s.muted.filter((m) => m !== from) : [...s.muted, from],
  }));
}
