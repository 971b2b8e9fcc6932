/**
 * What every record store (store.ts) must do, run against each: the file store and the Redis
 * store (store.test.ts, redisStore.test.ts).
 */
import { expect, it } from 'vitest';
import {
  STORED_FORMAT,
  STORED_VERSION,
  type ArchiveOutbox,
  type RecordStore,
  type StoredGame,
} from '../../src/server/store';
import { replayIdOf } from '../../src/server/replays';
import { randomToken } from '../../src/server/tokens';

export const stored = (id: string, actions: string[], over = false): StoredGame => ({
  format: STORED_FORMAT,
  version: STORED_VERSION,
  id,
  setup: { players: [], seed: 's' },
  actions,
  settings: {
    seats: [],
    placement: 'hand',
    timeControl: null,
    graceMs: 60_000,
    afterGrace: { kind: 'eliminate' },
  },
  tokenHashes: [],
  hostTokenHash: 'h',
  started: true,
  remainingMs: null,
  over,
  savedAt: 0,
});

/** The contract's tests, each on a fresh store from `open` (closed afterwards). */
export function recordStoreContract(open: () => Promise<RecordStore & ArchiveOutbox>): void {
  const withStore = (test: (store: RecordStore & ArchiveOutbox) => Promise<void>) => async () => {
    const store = await open();
    try {
      await test(store);
    } finally {
      await store.close();
    }
  };

  it(
    'saves and loads a game by room id; an unknown or malformed id loads nothing',
    withStore(async (store) => {
      const id = randomToken();
      await store.save(stored(id, ['pass']));
      expect(await store.load(id)).toEqual(stored(id, ['pass']));
      expect(await store.load(randomToken())).toBeNull();
      expect(await store.load('../../etc/passwd')).toBeNull();
    }),
  );

  it(
    'a save replaces the game before it; finished games load too',
    withStore(async (store) => {
      const id = randomToken();
      await store.save(stored(id, ['a']));
      await store.save(stored(id, ['a', 'b'], true));
      expect(await store.load(id)).toEqual(stored(id, ['a', 'b'], true));
    }),
  );

  it(
    'saves racing reads: every read sees a whole record (a room saves one at a time)',
    withStore(async (store) => {
      const id = randomToken();
      await store.save(stored(id, ['x']));
      const saves = Array.from({ length: 20 }, (_, i) =>
        store.save(
          stored(
            id,
            Array.from({ length: i + 1 }, () => 'x'),
          ),
        ),
      );
      const reads = Array.from({ length: 20 }, () => store.load(id));
      for (const r of await Promise.all(reads)) expect(r?.id).toBe(id);
      await Promise.all(saves);
      const last = await store.load(id);
      expect(last?.actions.every((a) => a === 'x')).toBe(true);
    }),
  );

  it(
    'keeps replays apart from rooms: saved, replaced by the same, loaded by id; unknown or malformed ids load nothing (#47)',
    withStore(async (store) => {
      const id = randomToken();
      await store.save(stored(id, ['x'], true));
      await store.saveReplay(id, '{"a": 1}');
      await store.saveReplay(id, '{"a": 2}');
      expect(await store.loadReplay(id)).toBe('{"a": 2}');
      // The room's record under the same id is another thing.
      expect(await store.load(id)).toEqual(stored(id, ['x'], true));
      expect(await store.loadReplay(randomToken())).toBeNull();
      expect(await store.loadReplay('../games/' + id)).toBeNull();
    }),
  );

  it(
    "keeps finished games in the archive's outbox until archived, apart from rooms, never swept (#64)",
    withStore(async (store) => {
      const [a, b] = [randomToken(), randomToken()].sort();
      // Other tests' games may share the outbox (one Redis): only these two are looked at.
      const waiting = async () =>
        (await store.awaitingArchive())
          .filter((g) => g.id === a || g.id === b)
          .sort((x, y) => (x.id < y.id ? -1 : 1));
      await store.keepForArchive(stored(a, ['x'], true));
      await store.keepForArchive(stored(b, ['y'], true));
      await store.keepForArchive(stored(a, ['x', 'z'], true));
      expect(await store.load(a)).toBeNull();
      await store.sweep?.(Date.now() + 10 * 365 * 24 * 3600 * 1000);
      expect(await waiting()).toEqual([stored(a, ['x', 'z'], true), stored(b, ['y'], true)]);
      await store.archived(stored(a, ['x', 'z'], true));
      expect(await waiting()).toEqual([stored(b, ['y'], true)]);
      await store.archived(stored(b, ['y'], true));
      await store.archived(stored(b, ['y'], true));
      expect(await waiting()).toEqual([]);
    }),
  );

  it(
    "an archived game's replay stays while its record does, and goes at once when its record went before (#64)",
    withStore(async (store) => {
      const [kept, swept] = [randomToken(), randomToken()];
      const replayOf = (id: string) => replayIdOf(id, stored(id, []).hostTokenHash);
      await store.save(stored(kept, ['x'], true));
      for (const id of [kept, swept]) {
        await store.saveReplay(replayOf(id), `{"id": "${id}"}`);
        await store.keepForArchive(stored(id, ['x'], true));
        await store.archived(stored(id, ['x'], true));
      }
      expect(await store.loadReplay(replayOf(kept))).toBe(`{"id": "${kept}"}`);
      expect(await store.loadReplay(replayOf(swept))).toBeNull();
    }),
  );

  it(
    'check() resolves while the store can save (the health check asks it)',
    withStore(async (store) => {
      await expect(store.check()).resolves.toBeUndefined();
    }),
  );

  it(
    'a stored text that is not a room record is refused with its id',
    withStore(async (store) => {
      const id = randomToken();
      await store.save({ ...stored(id, []), version: 99 as never });
      await expect(store.load(id)).rejects.toThrow(new RegExp(`stored game ${id}`));
    }),
  );
}
