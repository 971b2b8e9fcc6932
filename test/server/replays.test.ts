/**
 * Online games' permanent replays (issue #47 item 4): when a room's game ends, the room keeps its
 * record (setup, names, seats, actions; no token) under an unguessable id that it tells its
 * clients, kept past the room's own record; GET /replay/<id> answers it, and 404s any id that is
 * unknown or malformed.
 */
import { describe, expect, it } from 'vitest';
import { loadSavedGame } from '../../src/core';
import { MAX_REPLAY_BYTES, REPLAY_PATH } from '../../src/net';
import { FileStore } from '../../src/server/fileStore';
import { replayIdOf } from '../../src/server/replays';
import { hashToken, randomToken } from '../../src/server/tokens';
import { finishedRoom as finishedIn, type TestWorld, eachWorld } from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

const finishedRoom = () => finishedIn(world);
const get = (path: string, method = 'GET') =>
  fetch(`http://127.0.0.1:${world.server.port}${path}`, { method });

describe('replays of finished online games', () => {
  it('the room tells its replay id once the end is stored, and the route serves the record', async () => {
    const { a, b, id, tokens } = await finishedRoom();
    for (const p of [a, b]) await p.until(() => !!p.last('room')?.replay, 'the replay id');
    const replayId = a.last('room').replay!;
    expect(b.last('room').replay).toBe(replayId);
    expect(replayId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(replayId).not.toBe(id);
    // Before the end, no status said a replay.
    expect(a.inbox.room.filter((s) => s.replay).length).toBeLessThan(a.inbox.room.length);

    const res = await get(REPLAY_PATH + replayId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const text = await res.text();
    const loaded = loadSavedGame(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.game.actions).toEqual(a.game!.actions);
    expect(loaded.value.game.setup.players.map((p) => p.name)).toEqual(['Ada', 'Bo']);
    expect(loaded.value.seats).toEqual([{ kind: 'human' }, { kind: 'human' }]);
    expect(loaded.value.game.status().phase).toBe('over');
    // No token, no token's hash, no room id.
    for (const secret of [...tokens, ...tokens.map(hashToken), id])
      expect(text).not.toContain(secret);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual([
      'actions',
      'format',
      'seats',
      'setup',
      'version',
    ]);
    // HEAD answers the same without the body.
    const head = await get(REPLAY_PATH + replayId, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('a replay outlives its room record on a server without an archive (never swept), and is the same after the room saves again', async () => {
    const { a, id } = await finishedRoom();
    await a.until(() => !!a.last('room')?.replay, 'the replay id');
    const replayId = a.last('room').replay!;
    const store = new FileStore(world.dataDir);
    const before = await store.loadReplay(replayId);
    // Years later the room's record is swept; the replay stays.
    expect(await store.sweep(Date.now() + 10 * 365 * 24 * 3600 * 1000)).toBeGreaterThan(0);
    expect(await store.load(id)).toBeNull();
    expect((await get(REPLAY_PATH + replayId)).status).toBe(200);
    expect(await store.loadReplay(replayId)).toBe(before);
  });

  it('404s unknown and malformed ids, refuses other methods, and nothing leaks from the room store', async () => {
    const { id } = await finishedRoom();
    for (const path of [
      REPLAY_PATH + randomToken(),
      REPLAY_PATH + 'short',
      REPLAY_PATH + 'A'.repeat(23),
      REPLAY_PATH + '..%2Fgames%2F' + id,
      REPLAY_PATH + id, // a room's id is not a replay's
      REPLAY_PATH,
    ])
      expect((await get(path)).status, path).toBe(404);
    expect((await get(REPLAY_PATH + randomToken(), 'POST')).status).toBe(405);
  });

  it('ids are derived from the room id and its host token: unguessable, and the same on every save', () => {
    const [room, host] = [randomToken(), hashToken(randomToken())];
    expect(replayIdOf(room, host)).toBe(replayIdOf(room, host));
    expect(replayIdOf(room, host)).not.toBe(replayIdOf(room, hashToken(randomToken())));
    expect(MAX_REPLAY_BYTES).toBeGreaterThan(100_000);
  });
});
