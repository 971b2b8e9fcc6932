/**
 * The Redis record store (REDIS_URL; issue #15): the record store contract on a Redis of the
 * test's own (redis.ts), and what only Redis does: its keys expire as keepFor says (a finished
 * game after 30 days, one that never started after a day, a game in play never; a finished
 * game's replay never until its game is archived, then with its record).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../src/server/redisStore';
import { replayIdOf } from '../../src/server/replays';
import { randomToken } from '../../src/server/tokens';
import { startRedis, type TestRedis } from '../../bench/localRedis';
import { recordStoreContract, stored } from './storeContract';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 20_000);
afterAll(async () => {
  await redis?.stop();
});

describe('Redis record store', () => {
  recordStoreContract(async () => new RedisStore(redis.url));

  it('a game in play is kept; a finished one expires after 30 days, one never started after a day; replays stay until archived, then go with the record', async () => {
    const store = new RedisStore(redis.url);
    const peek = new Redis(redis.url);
    try {
      const [playing, finished, lone] = [randomToken(), randomToken(), randomToken()];
      await store.save(stored(playing, ['a']));
      await store.save(stored(finished, ['a'], true));
      await store.save({ ...stored(lone, []), started: false });
      expect(await peek.ttl(`ndchess:game:${playing}`)).toBe(-1);
      expect(await peek.ttl(`ndchess:game:${finished}`)).toBe(30 * 24 * 3600);
      expect(await peek.ttl(`ndchess:game:${lone}`)).toBe(24 * 3600);
      // Once the game starts, its key no longer expires.
      await store.save(stored(lone, ['a']));
      expect(await peek.ttl(`ndchess:game:${lone}`)).toBe(-1);
      // A finished game's replay (issue #47) never expires, though its room's record does,
      const replay = `ndchess:replay:${replayIdOf(finished, stored(finished, []).hostTokenHash)}`;
      await store.saveReplay(replay.slice('ndchess:replay:'.length), '{}');
      await store.keepForArchive(stored(finished, ['a'], true));
      expect(await peek.ttl(replay)).toBe(-1);
      // until its game is archived (#64): it then expires with the record.
      await store.archived(stored(finished, ['a'], true));
      const [left, record] = [await peek.pttl(replay), await peek.pttl(`ndchess:game:${finished}`)];
      expect(left).toBeGreaterThan(0);
      expect(Math.abs(left - record)).toBeLessThan(5_000);
    } finally {
      await peek.quit();
      await store.close();
    }
  });
});
