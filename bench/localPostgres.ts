/**
 * A PostgreSQL server of its own for a test or the bench: Debian's `postgresql` package (its
 * initdb and pg_ctl), a fresh cluster in a temporary folder on a free loopback port, without
 * fsync. initdb and postgres refuse to run as root: as root they run as the `postgres` user, who
 * then owns the folder. `stop()` and `start()` take the same server down and up again (an outage);
 * `remove()` stops it and deletes its folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './localRedis';

const run = promisify(execFile);

export interface TestPostgres {
  url: string;
  port: number;
  /** Take the server down (fast shutdown: its connections are cut). */
  stop(): Promise<void>;
  /** Start the stopped server again, on the same port with the same data. */
  start(): Promise<void>;
  /** Stop it and delete its data. */
  remove(): Promise<void>;
}

/** The newest installed PostgreSQL's programs (/usr/lib/postgresql/<version>/bin). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql): no initdb found');
  return path.join(root, versions[0], 'bin');
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const port = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'ndchess-pg-'));
  const data = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', folder]);
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-o', options, '-w', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async remove() {
      await stop().catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
