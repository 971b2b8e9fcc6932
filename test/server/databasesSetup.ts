/**
 * The unit lane's global setup: a folder for this run's database servers and PGlite templates
 * (archiveBackends.ts), made by the first test file of each worker that needs one, so a run
 * without database tests starts nothing. At the end of the run the servers are stopped and the
 * folder deleted.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopPostgres } from '../../bench/localPostgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databasesFolder: string;
  }
}

export default async function setup(project: TestProject) {
  // In memory where Linux offers it (/dev/shm): the servers' and PGlite's files are written and
  // copied for every test file, and on disk they waited on I/O.
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const folder = await mkdtemp(path.join(parent, 'ndchess-test-databases-'));
  // As root the servers run as the `postgres` user, who must enter the folder to reach theirs.
  await chmod(folder, 0o755);
  project.provide('databasesFolder', folder);
  return async () => {
    const servers = (await readdir(folder)).filter((name) => name.startsWith('ndchess-pg-'));
    await Promise.all(servers.map((name) => stopPostgres(path.join(folder, name))));
    await rm(folder, { recursive: true, force: true });
  };
}
