/** The file record store: one file per game, replaced atomically (issue #14 item 6). */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/server/fileStore';
import { replayIdOf } from '../../src/server/replays';
import { randomToken } from '../../src/server/tokens';
import { recordStoreContract, stored } from './storeContract';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ndchess-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file store', () => {
  recordStoreContract(async () => new FileStore(dir));

  it('check() fails with the reason while the folder cannot be written, and passes once it can', async () => {
    const store = new FileStore(dir);
    await writeFile(path.join(dir, 'games'), 'a file where the folder goes');
    await expect(store.check()).rejects.toThrow(/EEXIST|ENOTDIR/);
    await rm(path.join(dir, 'games'));
    await expect(store.check()).resolves.toBeUndefined();
    // The probe is not a record.
    expect(await store.load('probe')).toBeNull();
  });

  it("a finished game's replay is swept with its record once archived, never before (#64)", async () => {
    const store = new FileStore(dir);
    const DAY = 24 * 3600 * 1000;
    const [archived, waiting] = [randomToken(), randomToken()];
    const replayOf = (id: string) => replayIdOf(id, stored(id, []).hostTokenHash);
    for (const id of [archived, waiting]) {
      await store.save(stored(id, ['x'], true));
      await store.saveReplay(replayOf(id), '{}');
      await store.keepForArchive(stored(id, ['x'], true));
    }
    await store.archived(stored(archived, ['x'], true));
    // Within the record's 30 days both replays stay.
    expect(await store.sweep(29 * DAY)).toBe(0);
    expect(await store.loadReplay(replayOf(archived))).toBe('{}');
    // After them the records go, and the archived game's replay (and its mark) with its record;
    // the replay of the game the archive does not have yet stays.
    expect(await store.sweep(31 * DAY)).toBe(2);
    expect(await store.load(archived)).toBeNull();
    expect(await store.loadReplay(replayOf(archived))).toBeNull();
    expect(await store.loadReplay(replayOf(waiting))).toBe('{}');
    expect(await readdir(path.join(dir, 'replays'))).toEqual([`${replayOf(waiting)}.json`]);
    expect((await store.awaitingArchive()).map((g) => g.id)).toEqual([waiting]);
  });

  it('a malformed id never reaches a file name', () => {
    expect(() => new FileStore(dir).fileOf('a/b')).toThrow(/not a room id/);
  });

  it('a crash mid-write leaves the old record: the new one is written aside and renamed over it', async () => {
    const store = new FileStore(dir);
    const id = randomToken();
    await store.save(stored(id, ['a']));
    // A crash after part of the next write: a half-written temporary file beside the record.
    const half = JSON.stringify(stored(id, ['a', 'b'])).slice(0, 40);
    await writeFile(`${store.fileOf(id)}.999.crash.tmp`, half);
    expect((await store.load(id))?.actions).toEqual(['a']);
    // Saves racing (as in the contract) leave no temporary file behind.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.save(stored(id, Array(i + 1).fill('x')))),
    );
    const files = await readdir(path.join(dir, 'games'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([`${id}.json.999.crash.tmp`]);
  });
});
