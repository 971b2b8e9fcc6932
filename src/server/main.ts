/**
 * `npm run serve`: the built app (dist/) and the game rooms on one port; `npm run server`
 * (--rooms-only): the rooms alone, behind the dev server's proxy. Environment: PORT (default
 * 2567), HOST (default 0.0.0.0; 127.0.0.1 with --rooms-only), DATA_DIR (default ./data),
 * REDIS_URL (records, presence and room listing in Redis: several processes, README "Several
 * processes"), DATABASE_URL (the game archive on a PostgreSQL server; without it PGlite under
 * DATA_DIR/archive; several processes need it), PUBLIC_ADDRESS (host:port where clients reach this process), APP_DIR (default
 * ./dist), TRUST_PROXY (how many proxies stand in front: the client's address is then read from
 * X-Forwarded-For; default 0). SIGTERM or SIGINT drains the process (shutdown.ts).
 */
import path from 'node:path';
import { openArchive } from './archive';
import { keepServing } from './lastResort';
import { drainOnSignals } from './shutdown';
import { scaleOutFromEnv, startServer, storeFromEnv, trustedProxiesFromEnv } from './server';

keepServing((m) => console.error(m));
const env = process.env;
const roomsOnly = process.argv.includes('--rooms-only');
const port = Number(env.PORT ?? 2567);
const host = env.HOST ?? (roomsOnly ? '127.0.0.1' : '0.0.0.0');
const dataDir = path.resolve(env.DATA_DIR ?? 'data');
const store = await storeFromEnv(env, dataDir);
const opening = Date.now();
const archive = await openArchive(env, dataDir, store).catch((e: Error) => {
  console.error(`n-Dimensional Chess cannot start: ${e.message}`);
  process.exit(1);
});
const server = await startServer({
  port,
  host,
  store,
  archive,
  appDir: roomsOnly ? undefined : path.resolve(env.APP_DIR ?? 'dist'),
  scaleOut: await scaleOutFromEnv(env),
  trustedProxies: trustedProxiesFromEnv(env),
});
const shown = host === '0.0.0.0' ? 'localhost' : host;
const shared = env.REDIS_URL
  ? `Redis, public address ${env.PUBLIC_ADDRESS || 'as reached'}`
  : dataDir;
const archived = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : path.join(dataDir, 'archive');
console.log(
  `n-Dimensional Chess${roomsOnly ? ' game server' : ''}: http://${shown}:${server.port}/ (records: ${shared}; archive: ${archived}, opened in ${Date.now() - opening} ms)`,
);
drainOnSignals(server);
