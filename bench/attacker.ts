/**
 * A hostile client beside the online bench's players (issue 48 item 5): on loopback, it joins
 * and leaves a room of its own in a loop and creates another room every CREATE_EVERY joins,
 * until stopped or at its bound. The server under test lifts the per-address limits (every
 * client of the bench shares one address), so this measures what the churn itself costs the
 * players, with presence updates coalesced.
 */
import { Client } from 'colyseus.js';
import { ROOM_NAME } from '../src/net';
import { BENCH_SETUP } from './onlineSetup';

const MAX_JOINS = 20_000;
const CREATE_EVERY = 10;

export interface Attack {
  /** Stop, and say how much it did. */
  stop(): Promise<{ joins: number; creates: number }>;
}

export function startAttacker(port: number): Attack {
  const client = new Client(`ws://127.0.0.1:${port}`);
  let stopped = false;
  let joins = 0;
  let creates = 0;
  // It reads nothing the rooms send.
  const deaf = <R extends { onMessage(type: '*', run: () => void): unknown }>(room: R) => {
    room.onMessage('*', () => {});
    return room;
  };
  const run = (async () => {
    const target = deaf(await client.create(ROOM_NAME, { setup: BENCH_SETUP }));
    creates++;
    while (!stopped && joins < MAX_JOINS) {
      const room = deaf(await client.joinById(target.roomId));
      joins++;
      await room.leave();
      if (joins % CREATE_EVERY === 0) {
        const made = deaf(await client.create(ROOM_NAME, { setup: BENCH_SETUP }));
        creates++;
        await made.leave();
      }
    }
    await target.leave();
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return { joins, creates };
    },
  };
}
