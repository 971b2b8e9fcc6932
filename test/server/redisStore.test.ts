/**
 * The Redis record store (REDIS_URL; issue #15): the record store contract on a Redis of the
 * test's own (redis.ts), and what only Redis does: finished games expire, unfinished ones stay.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../src/server/redisStore';
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

  it('an unfinished game is kept; a finished one expires after a while', async () => {
    const store = new RedisStore(redis.url);
    const peek = new Redis(redis.url);
    try {
      const [playing, finished] = [randomToken(), randomToken()];
      await store.save(stored(playing, ['a']));
      await store.save(stored(finished, ['a'], true));
      expect(await peek.ttl(`ndchess:game:${playing}`)).toBe(-1);
      expect(await peek.ttl(`ndchess:game:${finished}`)).toBeGreaterThan(24 * 3600);
    } finally {
      await peek.quit();
      await store.close();
    }
  });
});
