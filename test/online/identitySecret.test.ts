import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IDENTITY_KEY,
  forgetIdentity,
  loadIdentity,
  loadSecret,
  saveIdentity,
} from '../../src/online/identitySecret';
import { memoryStorage } from '../fixtures/memoryStorage';

describe('the identity kept on this device (#64 item 1)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it('is none until saved, then read back, then forgotten', () => {
    expect(loadIdentity()).toEqual({ ok: true, value: null });
    expect(saveIdentity({ secret: 's3cret', id: 'p1', name: 'Ada' })).toBe(true);
    expect(loadIdentity()).toEqual({
      ok: true,
      value: { secret: 's3cret', id: 'p1', name: 'Ada' },
    });
    expect(loadSecret()).toBe('s3cret');
    forgetIdentity();
    expect(loadSecret()).toBeNull();
  });

  it('reports a corrupt entry with its key and why, keeps it, and plays as a guest', () => {
    localStorage.setItem(IDENTITY_KEY, '{"secret":"x","id":"p1"');
    const read = loadIdentity();
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(/ndchess\.identity.*not JSON.*guest/);
    expect(loadSecret()).toBeNull();
    expect(localStorage.getItem(IDENTITY_KEY)).toBe('{"secret":"x","id":"p1"');
    localStorage.setItem(IDENTITY_KEY, JSON.stringify({ secret: 'x', id: 'p1' }));
    const noName = loadIdentity();
    expect(!noName.ok && noName.error).toMatch(/no name/);
  });
});
