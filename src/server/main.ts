/**
 * `npm run serve`: the built app (dist/) and the game rooms on one port; `npm run server`
 * (--rooms-only): the rooms alone, behind the dev server's proxy. Environment: PORT (default
 * 2567), HOST (default 0.0.0.0; 127.0.0.1 with --rooms-only), DATA_DIR (default ./data),
 * REDIS_URL (records in Redis), APP_DIR (default ./dist).
 */
import path from 'node:path';
import { startServer, storeFromEnv } from './server';

const env = process.env;
const roomsOnly = process.argv.includes('--rooms-only');
const port = Number(env.PORT ?? 2567);
const host = env.HOST ?? (roomsOnly ? '127.0.0.1' : '0.0.0.0');
const dataDir = path.resolve(env.DATA_DIR ?? 'data');
const server = await startServer({
  port,
  host,
  store: await storeFromEnv(env, dataDir),
  appDir: roomsOnly ? undefined : path.resolve(env.APP_DIR ?? 'dist'),
});
const shown = host === '0.0.0.0' ? 'localhost' : host;
console.log(
  `n-Dimensional Chess${roomsOnly ? ' game server' : ''}: http://${shown}:${server.port}/ (records: ${env.REDIS_URL ? 'Redis' : dataDir})`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
