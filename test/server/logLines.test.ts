/**
 * Issue #48 item 7: the log stays readable under attack and outage. A refused message is one
 * line, at most LINES_PER_SECOND a second (the rest counted in one line); a malformed frame is
 * one line, not a stack trace; a Redis outage is one line when lost and one when back, not an
 * "Unhandled error event" per reconnection attempt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../bench/localRedis';
import { LINES_PER_SECOND } from '../../src/server/logLines';
import { RedisStore } from '../../src/server/redisStore';
import { MSG, pollUntil, startWorld, twoPlayerRoom, type TestWorld } from './helpers';

let world: TestWorld | null = null;
let redis: TestRedis | null = null;
afterEach(async () => {
  await world?.stop();
  await redis?.stop();
  world = redis = null;
});

describe('log lines (issue #48 item 7)', () => {
  it('one line per refused message, at most LINES_PER_SECOND a second, the rest counted', async () => {
    world = await startWorld();
    const w = world;
    const { id, a } = await twoPlayerRoom(w);
    const sent = LINES_PER_SECOND + 5;
    for (let i = 0; i < sent; i++) await a.errorAfter(() => a.room.send(`nope\n${i}`, 1));
    expect(a.inbox.error).toHaveLength(sent);
    expect(w.refused).toHaveLength(LINES_PER_SECOND);
    expect(w.refused[0]).toBe(
      `room ${id}: refused ${a.room.sessionId}: unknown-message: there is no message "nope?0"`,
    );
    w.timers.advance(1000);
    await a.errorAfter(() => a.room.send('nope', 1));
    expect(w.refused.slice(LINES_PER_SECOND)).toEqual([
      '… and 5 more such lines in that second, not logged',
      `room ${id}: refused ${a.room.sessionId}: unknown-message: there is no message "nope"`,
    ]);
    for (const line of w.refused) expect(line).not.toContain('\n');
    expect(w.logged).toEqual([]);
  });

  it('a malformed frame is one line, not a stack trace, and the room plays on', async () => {
    world = await startWorld();
    const w = world;
    const { a, b } = await twoPlayerRoom(w);
    // ROOM_DATA (13), the type "act" as a msgpack string, then a string cut short.
    const frame = Uint8Array.from([13, 0xa3, ...Buffer.from('act'), 0xd9, 0xff, 0x61]);
    const left = new Promise<number>((resolve) => a.room.onLeave(resolve));
    a.room.connection.send(frame);
    await left; // Colyseus closes the sender's connection
    expect(w.refused).toHaveLength(1);
    expect(w.refused[0]).toMatch(/^colyseus: /);
    expect(w.refused[0]).not.toContain('\n');
    // The room goes on serving the other player.
    const records = b.inbox.record.length;
    b.room.send(MSG.resync);
    await b.until(() => b.inbox.record.length > records, 'the record again');
  });

  it('a Redis outage is one line when lost and one when back', async () => {
    redis = await startRedis();
    const lines: string[] = [];
    const store = new RedisStore(redis.url, (m) => lines.push(m));
    await pollUntil(
      async () =>
        await store.check().then(
          () => true,
          () => false,
        ),
      'Redis',
    );
    await redis.stop();
    await pollUntil(async () => lines.length >= 1, 'the outage line');
    redis = await startRedis(redis.port);
    await pollUntil(async () => lines.length >= 2, 'the recovery line');
    await store.close();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^record store \(Redis\): connection lost \(.+\)$/);
    expect(lines[1]).toBe('record store (Redis): connection back');
  }, 30_000);
});
