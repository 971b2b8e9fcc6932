/**
 * `npm run serve`: the built app and the game rooms on one port. Environment: PORT (default
 * 2567), HOST (default 0.0.0.0), DATA_DIR (default ./data), REDIS_URL (records in Redis).
 */
import path from 'node:path';
import { startServer, storeFromEnv } from './server';

const env = process.env;
const port = Number(env.PORT ?? 2567);
const host = env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(env.DATA_DIR ?? 'data');
const server = await startServer({
  port,
  host,
  store: await storeFromEnv(env, dataDir),
  appDir: path.resolve(env.APP_DIR ?? 'dist'),
});
console.log(
  `n-Dimensional Chess: http://${host === '0.0.0.0' ? 'localhost' : host}:${server.port}/ (records: ${env.REDIS_URL ? 'Redis' : dataDir})`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
