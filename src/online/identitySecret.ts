/**
 * This device's player identity (issue #64 item 1) in localStorage: the secret the server gave
 * it, with the player's id and name as last known. An entry that cannot be read is reported in
 * words and left where it is (nothing is deleted behind the player's back); the page then plays
 * online as a guest, unrated.
 */
export const IDENTITY_KEY = 'ndchess.identity';

export interface StoredIdentity {
  secret: string;
  id: string;
  name: string;
}

export type IdentityRead =
  { ok: true; value: StoredIdentity | null } | { ok: false; error: string };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The identity stored on this device: none, one, or why the stored entry cannot be used. */
export function loadIdentity(): IdentityRead {
  const raw = storage()?.getItem(IDENTITY_KEY) ?? null;
  if (raw === null) return { ok: true, value: null };
  const bad = (why: string): IdentityRead => ({
    ok: false,
    error: `The player identity stored on this device (${IDENTITY_KEY}) cannot be used: ${why}. You play online as a guest; the entry is kept.`,
  });
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return bad('it is not JSON');
  }
  const d = data as Partial<StoredIdentity> | null;
  if (!d || typeof d !== 'object') return bad('it is not an object');
  if (!text(d.secret)) return bad('it has no secret');
  if (!text(d.id)) return bad('it has no player id');
  if (!text(d.name)) return bad('it has no name');
  return { ok: true, value: { secret: d.secret, id: d.id, name: d.name } };
}

/** The secret to send with a join, or null (no identity, or an unreadable entry). */
export function loadSecret(): string | null {
  const read = loadIdentity();
  return read.ok ? (read.value?.secret ?? null) : null;
}

/** Keep `identity` on this device; false when the browser refused to store it. */
export function saveIdentity(identity: StoredIdentity): boolean {
  try {
    storage()?.setItem(IDENTITY_KEY, JSON.stringify(identity));
    return true;
  } catch {
    return false;
  }
}

export function forgetIdentity(): void {
  storage()?.removeItem(IDENTITY_KEY);
}
