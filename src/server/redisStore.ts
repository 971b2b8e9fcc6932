/**
 * The record store on Redis (used when REDIS_URL is set; issue #15 runs it with several
 * processes): one key per game holding its JSON, written in one SET (atomic in Redis). Finished
 * games expire after a while; unfinished ones are kept.
 */
import { Redis } from 'ioredis';
import { readStored, type RecordStore, type StoredGame } from './store';

const PREFIX = 'ndchess:game:';
const FINISHED_TTL_S = 30 * 24 * 3600;

export class RedisStore implements RecordStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  }

  async save(game: StoredGame): Promise<void> {
    const key = PREFIX + game.id;
    const text = JSON.stringify(game);
    if (game.over) await this.redis.set(key, text, 'EX', FINISHED_TTL_S);
    else await this.redis.set(key, text);
  }

  async load(id: string): Promise<StoredGame | null> {
    const text = await this.redis.get(PREFIX + id);
    return text === null ? null : readStored(text, id);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
