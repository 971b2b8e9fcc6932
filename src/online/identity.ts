/**
 * This page's player identity (issue #64 item 1): a small store of its own over what the device
 * keeps (identitySecret.ts), with the actions that ask the server's identity API (src/server/
 * identityApi.ts): make a player, read "me" (name, ratings, passkeys), rename, delete, show a
 * transfer code, take an identity from another device by transfer code or by passkey, and add a
 * passkey. The Account dialog (src/ui/account/) shows it. Without an identity the page plays
 * online as a guest, and nothing is asked of the server.
 */
import { create } from 'zustand';
import type { RatingShown } from '../net';
import { forgetIdentity, loadIdentity, saveIdentity, type StoredIdentity } from './identitySecret';

export type { RatingShown };

/** The player as the server knows them (GET /api/me). */
export interface Me {
  id: string;
  name: string;
  ratings: RatingShown[];
  passkeys: number;
}

export interface TransferCode {
  code: string;
  expiresAt: string;
}

export interface IdentityState {
  /** The identity kept on this device, or null (a guest). */
  identity: StoredIdentity | null;
  /** What the server last said of it (null until it answered). */
  me: Me | null;
  /** Why the identity on this device cannot be used (unreadable, or unknown to the server). */
  problem: string | null;
  /** Why the last action failed (shown in the Account dialog), or null. */
  error: string | null;
  busy: boolean;
  /** The transfer code shown on this device, if any. */
  transfer: TransferCode | null;
  /** Whether the Account dialog is open. */
  open: boolean;
  /** Whether the stored identity was read (load). */
  loaded: boolean;
}

/** A refusal of the identity API: its status, code and words. */
export class IdentityApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One call of the identity API (same origin); refusals and failures throw in words. */
async function api<T>(
  method: string,
  path: string,
  { body, secret }: { body?: unknown; secret?: string } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(secret && { authorization: `Bearer ${secret}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new IdentityApiError(0, 'offline', 'The game server cannot be reached.');
  }
  if (res.status === 204) return undefined as T;
  const answer = (await res.json().catch(() => null)) as
    (T & { error?: { code: string; message: string } }) | null;
  if (!res.ok || !answer)
    throw new IdentityApiError(
      res.status,
      answer?.error?.code ?? 'unavailable',
      answer?.error?.message ?? `The game server answered ${res.status}.`,
    );
  return answer;
}

export const useIdentity = create<IdentityState>()(() => ({
  identity: null,
  me: null,
  problem: null,
  error: null,
  busy: false,
  transfer: null,
  open: false,
  loaded: false,
}));

const set = (patch: Partial<IdentityState>) => useIdentity.setState(patch);

/** Run `work` with the dialog's busy flag; its failure becomes the dialog's error. */
async function act(work: () => Promise<void>): Promise<boolean> {
  set({ busy: true, error: null });
  try {
    await work();
    return true;
  } catch (e) {
    set({ error: (e as Error).message });
    return false;
  } finally {
    set({ busy: false });
  }
}

/** Keep a new identity of this device (made here or brought from another device). */
function adopt(identity: StoredIdentity): void {
  if (!saveIdentity(identity))
    throw new Error('This browser refused to keep the identity (storage full or blocked).');
  set({ identity, me: null, problem: null, transfer: null });
}

/** Read the identity kept on this device, then what the server says of it (once a page). */
export async function loadIdentityOnce(): Promise<void> {
  if (useIdentity.getState().loaded) return;
  const read = loadIdentity();
  set({
    loaded: true,
    identity: read.ok ? read.value : null,
    problem: read.ok ? null : read.error,
  });
  await refreshMe();
}

/**
 * Ask the server for "me". A secret it does not know (deleted, or another server's) is reported
 * and kept: the player decides to forget it. A server that cannot answer changes nothing.
 */
export async function refreshMe(): Promise<void> {
  const { identity } = useIdentity.getState();
  if (!identity) return;
  try {
    const me = await api<Me>('GET', '/api/me', { secret: identity.secret });
    set({ me, problem: null });
    if (me.name !== identity.name) {
      const renamed = { ...identity, name: me.name };
      saveIdentity(renamed);
      set({ identity: renamed });
    }
  } catch (e) {
    if (e instanceof IdentityApiError && e.status === 401) set({ me: null, problem: e.message });
  }
}

type NewIdentity = StoredIdentity;

/** Make a player named `name` for this device; false (with the reason in `error`) if refused. */
export const createIdentity = (name: string): Promise<boolean> =>
  act(async () => {
    adopt(await api<NewIdentity>('POST', '/api/players', { body: { name } }));
    await refreshMe();
  });

const secretOf = () => {
  const { identity } = useIdentity.getState();
  if (!identity) throw new Error('This device has no player identity.');
  return identity.secret;
};

export const renameIdentity = (name: string): Promise<boolean> =>
  act(async () => {
    await api('POST', '/api/me/name', { body: { name }, secret: secretOf() });
    await refreshMe();
  });

/** Delete the player on the server (their games stay under "deleted player") and here. */
export const deleteIdentity = (): Promise<boolean> =>
  act(async () => {
    await api('DELETE', '/api/me', { secret: secretOf() });
    forgetIdentity();
    set({ identity: null, me: null, transfer: null });
  });

/** Forget the identity on this device only (the server and other devices keep it). */
export function forgetThisDevice(): void {
  forgetIdentity();
  set({ identity: null, me: null, problem: null, transfer: null, error: null });
}

export const showTransferCode = (): Promise<boolean> =>
  act(async () => {
    set({ transfer: await api<TransferCode>('POST', '/api/me/transfer', { secret: secretOf() }) });
  });

/** Make this device the player whose transfer code (shown on their other device) is `code`. */
export const enterTransferCode = (code: string): Promise<boolean> =>
  act(async () => {
    adopt(await api<NewIdentity>('POST', '/api/transfer', { body: { code } }));
    await refreshMe();
  });

/** The words of a passkey ceremony the browser ended (cancelled, not supported). */
const passkeyFailure = (e: unknown) =>
  e instanceof IdentityApiError
    ? e
    : new Error(`The passkey did not work here: ${(e as Error).message}`);

/** Add a passkey (made by this device or a phone) that opens this identity elsewhere. */
export const addPasskey = (): Promise<boolean> =>
  act(async () => {
    const secret = secretOf();
    const { startRegistration } = await import('@simplewebauthn/browser');
    try {
      const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        '/api/me/passkeys/options',
        { secret },
      );
      const response = await startRegistration({ optionsJSON });
      await api('POST', '/api/me/passkeys', { body: { response }, secret });
    } catch (e) {
      throw passkeyFailure(e);
    }
    await refreshMe();
  });

/** Make this device the player whose passkey the browser offers. */
export const signInWithPasskey = (): Promise<boolean> =>
  act(async () => {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let identity: NewIdentity;
    try {
      const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        'POST',
        '/api/passkey/options',
      );
      const response = await startAuthentication({ optionsJSON });
      identity = await api<NewIdentity>('POST', '/api/passkey', { body: { response } });
    } catch (e) {
      throw passkeyFailure(e);
    }
    adopt(identity);
    await refreshMe();
  });

export const openAccount = () => set({ open: true, error: null });
export const closeAccount = () => set({ open: false, error: null, transfer: null });

/** The rating to show beside the name: the pool with the most rated games, or null. */
export function mainRating(me: Me | null): RatingShown | null {
  if (!me || me.ratings.length === 0) return null;
  return me.ratings.reduce((a, b) => (b.games > a.games ? b : a));
}
