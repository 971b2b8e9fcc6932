/** Room ids and seat tokens: unguessable random texts; only their hashes are stored. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 random bits as 22 URL-safe characters (a room id, a seat token, a host token). */
export const randomToken = (): string => randomBytes(16).toString('base64url');

/** A room id as randomToken makes it: anything else is refused before it reaches a file name. */
export const isRoomId = (id: unknown): id is string =>
  typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id);

/** What the store keeps of a token (SHA-256, hex): a leaked record does not give seats away. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one whose hash is `hash` (constant time). */
export function tokenMatches(token: string, hash: string | null): boolean {
  if (hash === null) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
