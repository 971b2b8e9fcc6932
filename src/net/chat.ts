/**
 * Table chat (issue #49 item 4): short messages to the people at a room, kept with the room
 * while it lives and never part of the game record (R10). The sender is who the room says
 * (a seat's player, or a spectator numbered by the room), never what a message claims.
 *
 *   client → server  CHAT_MSG  ChatSend     { text }: at most CHAT_LIMITS.length characters
 *   server → client  CHAT_MSG  ChatMessage  { lines, history }: the room's last lines the
 *                                           client may see (history: true, on joining), or one
 *                                           new line
 *
 * Players' lines reach everyone; spectators' lines reach spectators only, so players never see
 * the spectators' chat (as on lichess).
 */
import { CONTROL_CHARACTERS, DIRECTION_CONTROLS } from './names';
import type { Read } from './protocol';
import { checkSize } from './validate';

/** The message type, both ways. */
export const CHAT_MSG = 'chat';

export const CHAT_LIMITS = {
  /** A line's text, in characters after trimming. */
  length: 200,
  /** Lines a room keeps (the oldest go first) and sends to a joining client. */
  history: 50,
  /** Lines one connection may send a second on average, and in one burst. */
  perSecond: 0.5,
  burst: 4,
} as const;

/** Who may read a line: everyone (a player's), or the spectators only (a spectator's). */
export type ChatChannel = 'players' | 'spectators';

export interface ChatLine {
  /** Numbers the room's lines in order. */
  id: number;
  /** The sender as the room knows it ("seat-2", "spectator-5"): what a mute is about. */
  from: string;
  /** A player's name (their seat's), or null for a spectator. */
  name: string | null;
  /** A spectator's number in this room (they have no name), or null for a player. */
  spectator: number | null;
  channel: ChatChannel;
  text: string;
  /** The server's time when said (ms). */
  at: number;
}

export interface ChatSend {
  text: string;
}

export interface ChatMessage {
  lines: ChatLine[];
  /** true: these are all the lines kept (replace what is shown); false: one new line. */
  history: boolean;
}

const bad = (code: 'malformed' | 'too-large', message: string): Read<never> => ({
  ok: false,
  error: { code, message },
});

/**
 * A chat message from a client: NFC-normalised and trimmed, 1–CHAT_LIMITS.length characters of
 * one line, no control or direction-changing characters. Shown as text, never as HTML.
 */
export function readChat(v: unknown): Read<string> {
  const size = checkSize(v);
  if (size) return { ok: false, error: size };
  const raw = typeof v === 'object' && v !== null ? (v as Record<string, unknown>).text : undefined;
  if (typeof raw !== 'string') return bad('malformed', 'a chat message must be {"text": "…"}');
  const text = raw.normalize('NFC').trim();
  if (!text) return bad('malformed', 'the chat message is empty');
  if ([...text].length > CHAT_LIMITS.length)
    return bad('too-large', `a chat message has at most ${CHAT_LIMITS.length} characters`);
  if (CONTROL_CHARACTERS.test(text))
    return bad('malformed', 'the chat message has control characters or line breaks');
  if (DIRECTION_CONTROLS.test(text))
    return bad('malformed', 'the chat message has direction-changing characters');
  return { ok: true, value: text };
}
