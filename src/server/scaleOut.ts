/**
 * Several game processes sharing one Redis (issue #15): Colyseus' Redis presence (messages
 * between processes, seat reservations in another process's room) and Redis driver (the room
 * listing every process reads), each process announcing its public address so that a client is
 * sent to the process that holds its room. Records go to the Redis record store (server.ts).
 *
 * A process that dies leaves its listings in Redis. Colyseus clears them only when a request
 * times out on them, and not at all once the process is dropped from the room counts; meanwhile
 * a listing of a dead process would stop its game from being reopened. So every process sweeps
 * the listings of processes that have left Redis (their request channel is gone), and the
 * reopening guard clears the listing of a dead holder before recreating its room.
 */
import type { EventEmitter } from 'node:events';
import { matchMaker, type Room } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { watchConnection } from './logLines';
import type { ReopenGuard } from './reopen';

/** How long a reopening may take before another process may try (a crashed reopener). */
const REOPEN_LOCK_MS = 15_000;
/** How often each process sweeps the listings of dead processes (by default). */
export const SWEEP_MS = 5_000;

/** The presence with Redis' SET NX and compare-and-delete, for the reopening lock. */
class SharedPresence extends RedisPresence {
  /** Set `key` to `value` for `ms` unless it is set: whether this call set it. */
  async setOnce(key: string, value: string, ms: number): Promise<boolean> {
    return (await this.pub.set(key, value, 'PX', ms, 'NX')) === 'OK';
  }

  /** Its two Redis connections (publishing, subscribing). */
  connections(): EventEmitter[] {
    return [this.pub, this.sub];
  }

  /** Delete `key` if it still holds `value` (a lock that expired and was taken is left alone). */
  async deleteIf(key: string, value: string): Promise<void> {
    await this.pub.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      1,
      key,
      value,
    );
  }
}

export interface ScaleOut {
  presence: RedisPresence;
  driver: RedisDriver;
  /** host:port (or host/path) where clients reach this process; none: the address they used. */
  publicAddress?: string;
  reopen: ReopenGuard;
  /** Sweep the listings of dead processes now and every sweepMs; `rooms` are this process's. */
  startSweeping(rooms: () => Iterable<Room>): void;
  stopSweeping(): void;
}

export function redisScaleOut(
  url: string,
  publicAddress?: string,
  log: (message: string) => void = (m) => console.error(m),
  sweepMs = SWEEP_MS,
): ScaleOut {
  const presence = new SharedPresence(url);
  const driver = new RedisDriver(url);
  // One line per outage and per recovery on each connection (issue #48 item 7).
  const [pub, sub] = presence.connections();
  watchConnection(pub, 'presence (Redis)', log);
  watchConnection(sub, 'presence subscriber (Redis)', log);
  watchConnection(
    (driver as unknown as { _client: EventEmitter })._client,
    'room listing (Redis)',
    log,
  );
  const lockKey = (id: string) => `ndchess:reopening:${id}`;
  const held = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  /** Processes seen without a request channel at the last sweep. */
  let missing = new Set<string>();

  const hasChannel = async (processId: string) =>
    (await presence.channels(`p:${processId}`)).length > 0;

  /** Whether the process holding a listing still answers (a hung one fails the health check). */
  const alive = async (processId: string) =>
    processId === matchMaker.processId ||
    ((await hasChannel(processId)) && (await matchMaker.healthCheckProcessId(processId)) === true);

  /** Drop a dead process: from the room counts (no rooms sent to it) and its listings. */
  const forget = async (processId: string) => {
    await matchMaker.stats.excludeProcess(processId);
    await driver.cleanup(processId);
  };

  const reopen: ReopenGuard = {
    async claim(id) {
      if (!(await presence.setOnce(lockKey(id), matchMaker.processId, REOPEN_LOCK_MS)))
        return false;
      held.add(id);
      try {
        const [listing] = await matchMaker.query({ roomId: id });
        if (!listing) return true;
        if (!(await alive(listing.processId))) {
          await forget(listing.processId);
          return true;
        }
      } catch (e) {
        await reopen.release(id);
        throw e;
      }
      await reopen.release(id);
      return false;
    },
    async release(id) {
      if (!held.delete(id)) return;
      await presence.deleteIf(lockKey(id), matchMaker.processId);
    },
  };

  /**
   * Forget processes missing from Redis at two sweeps in a row (a starting process counts its
   * rooms a moment before it listens), and list again a room of this process whose listing a
   * concurrent clean-up removed.
   */
  const sweep = async (rooms: () => Iterable<Room>) => {
    const live = new Set((await presence.channels('p:*')).map((c) => c.slice(2)));
    const listings = await matchMaker.query({});
    const counted = Object.keys((await presence.hgetall('roomcount')) ?? {});
    const gone = new Set(
      [...listings.map((l) => l.processId as string), ...counted].filter(
        (p) => p !== matchMaker.processId && !live.has(p),
      ),
    );
    for (const p of gone) if (missing.has(p)) await forget(p);
    missing = gone;
    const listed = new Set(listings.map((l) => l.roomId as string));
    for (const room of rooms())
      if (room.listing?.roomId && !listed.has(room.roomId)) await room.listing.save();
  };

  return {
    presence,
    driver,
    publicAddress,
    reopen,
    startSweeping(rooms) {
      const run = () =>
        void sweep(rooms)
          .catch((e: Error) => console.error(`sweeping dead processes' rooms: ${e.message}`))
          .finally(() => {
            if (timer) timer = setTimeout(run, sweepMs).unref();
          });
      timer = setTimeout(run, 0).unref();
    },
    stopSweeping() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
