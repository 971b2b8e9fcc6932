/**
 * The archive's two back ends for its tests (issue #64 item 2): PGlite in a temporary folder, and
 * a real PostgreSQL server started for the test file (bench/localPostgres.ts). Each is opened
 * once per test file (PGlite takes seconds to open) and emptied before each test; either can be
 * taken down and brought back (the server is really stopped; PGlite, which runs in the process,
 * has its queries fail meanwhile).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../bench/localPostgres';
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

/** `db`, shared: its close is left to the test file. */
const shared = (db: Database): Database => ({ ...db, close: async () => {} });

async function empty(db: Database): Promise<void> {
  await db.query('DROP SCHEMA public CASCADE');
  await db.query('CREATE SCHEMA public');
}

export async function openBackend(backend: Backend): Promise<TestBackend> {
  if (backend === 'postgres') {
    const server = await startPostgres();
    // The pool reports connections the stopped server cut: expected here.
    const db = await openPostgres(server.url, () => {});
    let isDown = false;
    return {
      db: shared(db),
      async down() {
        if (!isDown) await server.stop();
        isDown = true;
      },
      async up() {
        if (isDown) await server.start();
        isDown = false;
      },
      empty: () => empty(db),
      async remove() {
        await db.close();
        await server.remove();
      },
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'ndchess-pglite-'));
  // A data folder not made yet, as on a fresh checkout: the archive makes it.
  const db = await openPglite(path.join(folder, 'data', 'archive'));
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
