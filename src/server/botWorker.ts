/**
 * A bot worker thread of the game server: the Node twin of src/ai/worker.ts. It answers
 * BotRequests (src/ai/protocol.ts) for several rooms, keeping one BotHost (the game it
 * follows) per room, so that a room's next request sends only the actions since its last.
 */
import { parentPort } from 'node:worker_threads';
import { BotHost } from '../ai/protocol';
import type { BotJob, BotJobAnswer } from './bots';

/** Rooms whose games a worker keeps at most; the least recently asked is dropped. */
const HELD_ROOMS = 32;

const hosts = new Map<string, BotHost>();

parentPort?.on('message', (job: BotJob) => {
  let host = hosts.get(job.room);
  hosts.delete(job.room); // re-inserted last: the map's order is the order of use
  host ??= new BotHost();
  hosts.set(job.room, host);
  if (hosts.size > HELD_ROOMS) hosts.delete(hosts.keys().next().value!);
  const answer: BotJobAnswer = { room: job.room, response: host.answer(job.request) };
  parentPort!.postMessage(answer);
});
