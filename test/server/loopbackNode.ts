/**
 * A game server process for the scale-out tests whose many players all come from loopback: as
 * `src/server/main.ts --rooms-only`, with the per-address limits lifted (LOOPBACK_LOAD), which
 * one test's players sharing one address would otherwise spend, dead processes' listings swept
 * every SWEEP_MS instead of every 5 s (a test waits for a killed process's rooms to go), and the
 * list of open tables read for each request.
 * Environment: PORT, REDIS_URL, PUBLIC_ADDRESS, SWEEP_MS.
 */
import { LOOPBACK_LOAD } from '../../src/server/addressLimits';
import { redisScaleOut } from '../../src/server/scaleOut';
import { startServer, storeFromEnv } from '../../src/server/server';
import { drainOnSignals } from '../../src/server/shutdown';

const env = process.env;
const server = await startServer({
  port: Number(env.PORT),
  host: '127.0.0.1',
  store: await storeFromEnv(env, 'data'),
  caps: LOOPBACK_LOAD,
  // The list of open tables read afresh for each request: a test sees a change at once.
  openTablesFreshMs: 0,
  scaleOut: redisScaleOut(env.REDIS_URL!, env.PUBLIC_ADDRESS, undefined, Number(env.SWEEP_MS)),
});
console.log(`n-Dimensional Chess game server: http://127.0.0.1:${server.port}/`);
drainOnSignals(server);
