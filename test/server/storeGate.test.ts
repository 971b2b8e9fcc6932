/** The store check behind /healthz and matchmaking (issue #48 item 4). */
import { describe, expect, it } from 'vitest';
import type { RecordStore } from '../../src/server/store';
import { storeDown } from '../../src/server/storeGate';

/** A store whose checks wait until `finish` is called, counting them. */
function slowStore(fails: boolean) {
  let finish = () => {};
  const store = {
    checks: 0,
    check() {
      store.checks++;
      return new Promise<void>((resolve, reject) => {
        finish = () => (fails ? reject(new Error('disk full')) : resolve());
      });
    },
  };
  return { store, finish: () => finish() };
}

describe('store check', () => {
  it('requests arriving while a check is under way share it (one probe, not one each)', async () => {
    const { store, finish } = slowStore(true);
    const answers = Array.from({ length: 50 }, () => storeDown(store as unknown as RecordStore));
    finish();
    expect(await Promise.all(answers)).toEqual(Array(50).fill('disk full'));
    expect(store.checks).toBe(1);
    // The next request checks again.
    const next = storeDown(store as unknown as RecordStore);
    finish();
    expect(await next).toBe('disk full');
    expect(store.checks).toBe(2);
  });

  it('a store that can save is reported up', async () => {
    const { store, finish } = slowStore(false);
    const answer = storeDown(store as unknown as RecordStore);
    finish();
    expect(await answer).toBeNull();
  });
});
