/**
 * A game server process for the scale-out tests whose many players all come from loopback: as
 * `src/server/main.ts --rooms-only`, with the per-address limits lifted (LOOPBACK_LOAD), which
 * one test's players sharing one address would otherwise spend. Environment: PORT, REDIS_URL,
 * PUBLIC_ADDRESS.
 */
import { LOOPBACK_LOAD } from '../../src/server/addressLimits';
import { scaleOutFromEnv, startServer, storeFromEnv } from '../../src/server/server';
import { drainOnSignals } from '../../src/server/shutdown';

const env = process.env;
const server = await startServer({
  port: Number(env.PORT),
  host: '127.0.0.1',
  store: await storeFromEnv(env, 'data'),
  caps: LOOPBACK_LOAD,
  scaleOut: await scaleOutFromEnv(env),
});
console.log(`n-Dimensional Chess game server: http://127.0.0.1:${server.port}/`);
drainOnSignals(server);
