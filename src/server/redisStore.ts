/**
 * The record store on Redis (used when REDIS_URL is set; issue #15 runs it with several
 * processes): one key per game holding its JSON, written in one SET (atomic in Redis), expiring
 * as keepFor (store.ts) says.
 *
 * Once connected, a lost connection fails every call at once (issue #48 item 4): a room then
 * pauses and retries, rather than waiting on ioredis' queue while the game looks alive.
 */
import { Redis } from 'ioredis';
import { isReplayId } from '../net';
import { watchConnection } from './logLines';
import { replayIdOf } from './replays';
import {
  keepFor,
  readStored,
  type ArchiveOutbox,
  type RecordStore,
  type StoredGame,
} from './store';

const PREFIX = 'ndchess:game:';
/**
 * Finished games' replays (replays.ts), kept without expiry until their game is archived, then
 * expiring with its record.
 */
const REPLAY_PREFIX = 'ndchess:replay:';
/** The archive's outbox (archive.ts): one hash, room id → finished game, without expiry. */
const OUTBOX = 'ndchess:archive:outbox';

export class RedisStore implements RecordStore, ArchiveOutbox {
  private readonly redis: Redis;
  /** Connected at least once: before that, calls wait for the first connection (a start). */
  private connected = false;

  /** `log` gets one line when the connection is lost and one when it is back. */
  constructor(url: string, log: (message: string) => void = (m) => console.error(m)) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    watchConnection(this.redis, 'record store (Redis)', log);
    this.redis.on('ready', () => (this.connected = true));
  }

  async save(game: StoredGame): Promise<void> {
    this.failIfLost();
    const key = PREFIX + game.id;
    const text = JSON.stringify(game);
    const keep = keepFor(game);
    if (keep === null) await this.redis.set(key, text);
    else await this.redis.set(key, text, 'EX', Math.ceil(keep / 1000));
  }

  async load(id: string): Promise<StoredGame | null> {
    this.failIfLost();
    const text = await this.redis.get(PREFIX + id);
    return text === null ? null : readStored(text, id);
  }

  async saveReplay(id: string, json: string): Promise<void> {
    this.failIfLost();
    await this.redis.set(REPLAY_PREFIX + id, json);
  }

  async loadReplay(id: string): Promise<string | null> {
    if (!isReplayId(id)) return null;
    this.failIfLost();
    return this.redis.get(REPLAY_PREFIX + id);
  }

  async keepForArchive(game: StoredGame): Promise<void> {
    this.failIfLost();
    await this.redis.hset(OUTBOX, game.id, JSON.stringify(game));
  }

  async awaitingArchive(): Promise<StoredGame[]> {
    this.failIfLost();
    const all = await this.redis.hgetall(OUTBOX);
    return Object.entries(all).map(([id, text]) => readStored(text, id));
  }

  async archived(game: StoredGame): Promise<void> {
    this.failIfLost();
    // The archive serves the replay now: it expires when the record does (a later save of the
    // room writes it without expiry, and archives the game again).
    const replay = REPLAY_PREFIX + replayIdOf(game.id, game.hostTokenHash);
    const left = await this.redis.pttl(PREFIX + game.id);
    if (left > 0) await this.redis.pexpire(replay, left);
    else if (left === -2) await this.redis.del(replay); // the record expired already
    await this.redis.hdel(OUTBOX, game.id);
  }

  async check(): Promise<void> {
    this.failIfLost();
    await this.redis.ping();
  }

  private failIfLost(): void {
    if (this.connected && this.redis.status !== 'ready')
      throw new Error(`the connection to Redis is lost (${this.redis.status})`);
  }

  async close(): Promise<void> {
    // QUIT would wait for a connection that may not come back.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}
