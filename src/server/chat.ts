/**
 * A room's table chat (issue #49 item 4): who said what, kept in memory while the room lives
 * (the last CHAT_LIMITS.history lines) and never saved with the record. The sender is the room's
 * member as the room knows it; each connection has its own rate. Players' lines go to everyone,
 * spectators' lines to the spectators only.
 */
import {
  CHAT_LIMITS,
  CHAT_MSG,
  readChat,
  type ChatLine,
  type ChatMessage,
  type ErrorMessage,
} from '../net';
import { TokenBucket } from './rateLimit';

/** A connection as the chat sees it. */
export interface ChatMember {
  client: { send(type: string, message: unknown): void };
  /** The seat it holds (setup order), or null: a spectator. */
  seat: number | null;
}

export interface ChatRoom {
  now(): number;
  /** The name of seat i's player. */
  nameOf(seat: number): string;
  /** Everyone connected to the room now. */
  members(): Iterable<ChatMember>;
}

const mayRead = (line: ChatLine, reader: ChatMember): boolean =>
  line.channel === 'players' || reader.seat === null;

export class TableChat {
  private readonly lines: ChatLine[] = [];
  private nextId = 1;
  private readonly buckets = new WeakMap<ChatMember['client'], TokenBucket>();
  /** Each spectator connection's number, in the order they first spoke. */
  private readonly spectators = new WeakMap<ChatMember['client'], number>();
  private spectatorCount = 0;

  constructor(private readonly room: ChatRoom) {}

  /** `member` says `payload`: the line goes to who may read it, or the error to the sender. */
  say(member: ChatMember, payload: unknown): ErrorMessage | null {
    const read = readChat(payload);
    if (!read.ok) return read.error;
    const now = this.room.now();
    let bucket = this.buckets.get(member.client);
    if (!bucket) {
      bucket = new TokenBucket(CHAT_LIMITS.perSecond, CHAT_LIMITS.burst, now);
      this.buckets.set(member.client, bucket);
    }
    if (!bucket.take(now))
      return { code: 'rate-limited', message: 'you are chatting too fast: wait a moment' };
    const line: ChatLine = { id: this.nextId++, ...this.sender(member), text: read.value, at: now };
    this.lines.push(line);
    if (this.lines.length > CHAT_LIMITS.history) this.lines.shift();
    const message: ChatMessage = { lines: [line], history: false };
    for (const reader of this.room.members())
      if (mayRead(line, reader)) reader.client.send(CHAT_MSG, message);
    return null;
  }

  /** The lines kept that `member` may read, sent to it (on joining or coming back), if any. */
  sendHistory(member: ChatMember): void {
    const lines = this.lines.filter((line) => mayRead(line, member));
    if (lines.length) member.client.send(CHAT_MSG, { lines, history: true } satisfies ChatMessage);
  }

  private sender(member: ChatMember): Pick<ChatLine, 'from' | 'name' | 'spectator' | 'channel'> {
    if (member.seat !== null)
      return {
        from: `seat-${member.seat}`,
        name: this.room.nameOf(member.seat),
        spectator: null,
        channel: 'players',
      };
    let n = this.spectators.get(member.client);
    if (n === undefined) {
      n = ++this.spectatorCount;
      this.spectators.set(member.client, n);
    }
    return { from: `spectator-${n}`, name: null, spectator: n, channel: 'spectators' };
  }
}
