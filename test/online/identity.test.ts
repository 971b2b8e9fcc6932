/**
 * The page's identity store (#64 item 1) against a stand-in for the server's identity API: a
 * guest asks nothing of the server; a new player is kept on the device; a name changed on another
 * device is taken over; a secret the server does not know is reported and kept until the person
 * forgets it; a refusal is shown in the server's words and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIdentity,
  forgetThisDevice,
  loadIdentityOnce,
  mainRating,
  refreshMe,
  useIdentity,
} from '../../src/online/identity';
import { IDENTITY_KEY, loadIdentity, saveIdentity } from '../../src/online/identitySecret';
import { memoryStorage } from '../fixtures/memoryStorage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const initial = useIdentity.getState();

describe('the page’s player identity (#64 item 1)', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
    vi.stubGlobal('fetch', fetch);
    useIdentity.setState(initial, true);
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
    vi.unstubAllGlobals();
    fetch.mockReset();
  });

  it('a guest asks nothing of the server', async () => {
    await loadIdentityOnce();
    expect(useIdentity.getState()).toMatchObject({ loaded: true, identity: null, me: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a new player is kept on this device, then read with its secret', async () => {
    fetch
      .mockResolvedValueOnce(json(201, { id: 'p1', name: 'Ada', secret: 's1' }))
      .mockResolvedValueOnce(json(200, { id: 'p1', name: 'Ada', ratings: [], passkeys: 0 }));
    expect(await createIdentity('Ada')).toBe(true);
    expect(loadIdentity()).toEqual({ ok: true, value: { id: 'p1', name: 'Ada', secret: 's1' } });
    const [, [url, init]] = fetch.mock.calls;
    expect(url).toBe('/api/me');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer s1');
    expect(useIdentity.getState().me).toEqual({ id: 'p1', name: 'Ada', ratings: [], passkeys: 0 });
  });

  it('a refused name is said in the server’s words and nothing is kept', async () => {
    const message = 'The name "Ada" (or one that looks the same) is taken.';
    fetch.mockResolvedValueOnce(json(409, { error: { code: 'name-taken', message } }));
    expect(await createIdentity('ada')).toBe(false);
    expect(useIdentity.getState()).toMatchObject({ error: message, identity: null, busy: false });
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
  });

  it('takes over a name changed on another device', async () => {
    saveIdentity({ id: 'p1', name: 'Ada', secret: 's1' });
    fetch.mockResolvedValueOnce(json(200, { id: 'p1', name: 'Ada K.', ratings: [], passkeys: 1 }));
    await loadIdentityOnce();
    expect(useIdentity.getState().identity?.name).toBe('Ada K.');
    expect(loadIdentity()).toEqual({ ok: true, value: { id: 'p1', name: 'Ada K.', secret: 's1' } });
  });

  it('a secret the server does not know is reported and kept until forgotten here', async () => {
    saveIdentity({ id: 'p1', name: 'Ada', secret: 'stale' });
    const message = "This device's player identity is not known to the server";
    fetch.mockResolvedValueOnce(json(401, { error: { code: 'unknown-identity', message } }));
    await loadIdentityOnce();
    expect(useIdentity.getState()).toMatchObject({ problem: message, me: null });
    expect(loadIdentity().ok && loadIdentity()).toMatchObject({ value: { secret: 'stale' } });
    forgetThisDevice();
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
    expect(useIdentity.getState()).toMatchObject({ identity: null, problem: null });
  });

  it('a server that cannot be reached changes nothing', async () => {
    saveIdentity({ id: 'p1', name: 'Ada', secret: 's1' });
    useIdentity.setState({ identity: { id: 'p1', name: 'Ada', secret: 's1' } });
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await refreshMe();
    expect(useIdentity.getState()).toMatchObject({ problem: null, identity: { secret: 's1' } });
  });

  it('shows the rating of the pool with the most games', () => {
    const r = (pool: '3' | '4' | '5-8', games: number) => ({
      pool,
      rating: 1500 + games,
      games,
      provisional: games < 5,
    });
    expect(mainRating(null)).toBeNull();
    expect(mainRating({ id: 'p', name: 'A', ratings: [], passkeys: 0 })).toBeNull();
    expect(
      mainRating({ id: 'p', name: 'A', ratings: [r('3', 2), r('4', 9), r('5-8', 1)], passkeys: 0 }),
    ).toEqual(r('4', 9));
  });
});
