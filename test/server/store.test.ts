/** The file record store: one file per game, replaced atomically (issue #14 item 6). */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/server/fileStore';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../../src/server/store';
import { randomToken } from '../../src/server/tokens';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ndchess-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stored = (id: string, actions: string[]): StoredGame => ({
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
  over: false,
  savedAt: 0,
});

describe('file store', () => {
  it('saves and loads a game by room id; an unknown or malformed id loads nothing', async () => {
    const store = new FileStore(dir);
    const id = randomToken();
    await store.save(stored(id, ['pass']));
    expect((await store.load(id))?.actions).toEqual(['pass']);
    expect(await store.load(randomToken())).toBeNull();
    expect(await store.load('../../etc/passwd')).toBeNull();
    expect(() => store.fileOf('a/b')).toThrow(/not a room id/);
  });

  it('a crash mid-write leaves the old record: the new one is written aside and renamed over it', async () => {
    const store = new FileStore(dir);
    const id = randomToken();
    await store.save(stored(id, ['a']));
    // A crash after part of the next write: a half-written temporary file beside the record.
    const half = JSON.stringify(stored(id, ['a', 'b'])).slice(0, 40);
    await writeFile(`${store.fileOf(id)}.999.crash.tmp`, half);
    expect((await store.load(id))?.actions).toEqual(['a']);
    // Saves racing reads: every read sees a whole record, and no temporary file is left behind.
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
    const files = await readdir(path.join(dir, 'games'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([`${id}.json.999.crash.tmp`]);
  });
});
