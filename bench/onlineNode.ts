/**
 * One game server process of the scale-out bench (bench/onlineScale.ts), started with
 * --expose-gc and an IPC channel. Environment: PORT, DATA_DIR, and REDIS_URL for several
 * processes sharing Redis (each announcing 127.0.0.1:PORT). Answers 'heap' with its heap after a
 * collection and the rooms it holds; stopped by a signal.
 */
import { LOOPBACK_LOAD } from '../src/server/addressLimits';
import { InlineBots } from '../src/server/bots';
import { scaleOutFromEnv, startServer, storeFromEnv } from '../src/server/server';

const env = process.env;
const server = await startServer({
  port: Number(env.PORT),
  host: '127.0.0.1',
  store: await storeFromEnv(env, env.DATA_DIR!),
  bots: new InlineBots(),
  log: () => {},
  caps: LOOPBACK_LOAD,
  scaleOut: await scaleOutFromEnv({ ...env, PUBLIC_ADDRESS: `127.0.0.1:${env.PORT}` }),
});

process.on('message', (message) => {
  if (message !== 'heap') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send!({ heap: process.memoryUsage().heapUsed, rooms: server.rooms.size });
});
process.send!({ ready: true });
