/**
 * The archive's two back ends for its tests (issue #64 item 2): PGlite in a temporary folder, and
 * a database of its own on a real PostgreSQL server (bench/localPostgres.ts). A test file opens
 * each once and empties it before each test; either can be taken down and brought back (the
 * server is really stopped; PGlite, which runs in the process, has its queries fail meanwhile).
 *
 * What takes seconds is done once, not per file, in the run's folder (databasesSetup.ts, which
 * stops the servers at the end of the run):
 * - each worker's PostgreSQL server, started by its first file that needs one. Each file gets a
 *   fresh database on it (CREATE DATABASE), dropped at its end. A worker runs one test file at a
 *   time, so a file may stop its worker's server for an outage without touching another file.
 * - PGlite's initdb, run once per run into a template folder that each file opens a copy of.
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { startPostgres, type TestPostgres } from '../../bench/localPostgres';
import { openPglite, openPostgres, type Backend, type Database } from '../../src/server/database';

export interface TestBackend {
  /** The database; closing it does nothing (the file's tests share it). */
  db: Database;
  /** Make it unreachable, and reachable again. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** An empty database: every table gone. */
  empty(): Promise<void>;
  /** Close it for good and delete its data. */
  remove(): Promise<void>;
}

export const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];

/** The run's folder for database servers and PGlite data (databasesSetup.ts). */
function databasesFolder(): string {
  const folder = inject('databasesFolder');
  if (!folder)
    throw new Error(
      'no databasesFolder: run the server tests with vite.config.ts, whose globalSetup (test/server/databasesSetup.ts) provides it',
    );
  return folder;
}

let workerServer: Promise<TestPostgres> | undefined;
let databases = 0;

export interface TestDatabase {
  /** The connection URL of the new, empty database. */
  url: string;
  /** The PostgreSQL server it is on (this worker's). */
  server: TestPostgres;
  /** Delete the database (its connections are cut). */
  drop(): Promise<void>;
}

/** Run one statement on the server's `postgres` database. */
async function onServer(server: TestPostgres, sql: string): Promise<void> {
  const admin = await openPostgres(server.url);
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

/** A fresh database of its own on this worker's PostgreSQL server (started on first use). */
export async function postgresDatabase(): Promise<TestDatabase> {
  const server = await (workerServer ??= startPostgres(databasesFolder()));
  const name = `test_${++databases}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  return {
    url: server.url.replace(/\/postgres$/, `/${name}`),
    server,
    drop: () => onServer(server, `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * The run's PGlite template: a data folder as the archive makes it on a fresh checkout, closed.
 * The first worker that needs it makes it; the others wait for the outcome it writes beside it.
 */
async function makePgliteTemplate(): Promise<string> {
  const folder = path.join(databasesFolder(), 'pglite-template');
  const data = path.join(folder, 'data', 'archive');
  const outcome = path.join(folder, 'outcome');
  try {
    await mkdir(folder);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Another worker is making it: its outcome is '' once made, else its error.
    let error: string | null;
    while ((error = await readFile(outcome, 'utf8').catch(() => null)) === null)
      await new Promise((r) => setTimeout(r, 100));
    if (error) throw new Error(`the PGlite template could not be made: ${error}`);
    return data;
  }
  let error = '';
  try {
    // A data folder not made yet, as on a fresh checkout: the archive makes it.
    await (await openPglite(data)).close();
  } catch (e) {
    error = (e as Error).message || 'failed';
    throw e;
  } finally {
    // Written whole, then renamed: a waiting worker never reads half of it.
    await writeFile(`${outcome}.part`, error);
    await rename(`${outcome}.part`, outcome);
  }
  return data;
}

/** `db`, shared: its close is left to the test file. */
const shared = (db: Database): Database => ({ ...db, close: async () => {} });

async function empty(db: Database): Promise<void> {
  await db.query('DROP SCHEMA public CASCADE');
  await db.query('CREATE SCHEMA public');
}

export async function openBackend(backend: Backend): Promise<TestBackend> {
  if (backend === 'postgres') {
    const database = await postgresDatabase();
    const { server } = database;
    // The pool reports connections the stopped server cut: expected here.
    const db = await openPostgres(database.url, () => {});
    let isDown = false;
    const up = async () => {
      if (isDown) await server.start();
      isDown = false;
    };
    return {
      db: shared(db),
      async down() {
        if (!isDown) await server.stop();
        isDown = true;
      },
      up,
      empty: () => empty(db),
      async remove() {
        await up();
        await db.close();
        await database.drop();
      },
    };
  }
  const folder = await mkdtemp(path.join(databasesFolder(), 'pglite-'));
  await cp(await (pgliteTemplate ??= makePgliteTemplate()), folder, { recursive: true });
  const db = await openPglite(folder);
  let isDown = false;
  const gate = () => {
    if (isDown) throw new Error('the database is down (test)');
  };
  return {
    db: {
      ...shared(db),
      query: async (sql, params) => (gate(), db.query(sql, params)),
      transaction: async (work) => (gate(), db.transaction(work)),
    },
    down: async () => void (isDown = true),
    up: async () => void (isDown = false),
    empty: () => empty(db),
    async remove() {
      await db.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
