/**
 * A PostgreSQL server of its own for a test or the bench: Debian's `postgresql` package (its
 * initdb and pg_ctl), a fresh cluster in a temporary folder on a free loopback port, without
 * fsync. initdb and postgres refuse to run as root: as root they run as the `postgres` user, who
 * then owns the folder. `stop()` and `start()` take the same server down and up again (an outage);
 * `remove()` stops it and deletes its folder. `stopPostgres(folder)` stops a server from another
 * process (the unit tests' global teardown, test/server/databasesSetup.ts).
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

/** Run one of PostgreSQL's programs; as root, as the `postgres` user. */
function pg(program: string, args: string[]) {
  const file = path.join(binDir(), program);
  return process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', file, ...args])
    : run(file, args);
}

/** Stop the server of the cluster in `folder` (startPostgres's), if it runs. */
export async function stopPostgres(folder: string): Promise<void> {
  const data = path.join(folder, 'data');
  if (existsSync(path.join(data, 'postmaster.pid')))
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
}

/**
 * A fresh cluster in a new folder under `parent` (which the `postgres` user must be able to
 * enter when we are root), its server started.
 */
export async function startPostgres(parent = tmpdir()): Promise<TestPostgres> {
  const port = await freePort();
  const folder = await mkdtemp(path.join(parent, 'ndchess-pg-'));
  const data = path.join(folder, 'data');
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', folder]);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-o', options, '-w', 'start']);
  };
  const stop = () => stopPostgres(folder);
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
