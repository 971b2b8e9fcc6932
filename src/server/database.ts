/**
 * The game archive's database (issue #64 item 2): PostgreSQL, reached in one of two ways behind
 * one small interface. By default PGlite (real PostgreSQL in WebAssembly) keeps its files under
 * DATA_DIR, so the server needs nothing installed; DATABASE_URL switches to a PostgreSQL server
 * through node-postgres. Every query takes its values as parameters ($1, $2, …), never spliced
 * into the SQL text.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Something to run queries on: the database, or one transaction of it. */
export interface Queryable {
  /** The rows of one SQL statement, its values given as $1, $2, … parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export type Backend = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly backend: Backend;
  /** Run `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in `folder` (created when missing). Opening takes seconds: do it once, at start-up. */
export async function openPglite(folder: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // PGlite makes its own folder but not the ones above it (DATA_DIR on a fresh checkout).
  await mkdir(folder, { recursive: true });
  const db = await PGlite.create(folder);
  const run = async <Row>(on: Pick<typeof db, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await on.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    backend: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (work) =>
      db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    close: () => db.close(),
  };
}

/** How long a connection to the PostgreSQL server may take before the query fails. */
const CONNECT_MS = 3000;

/** A pool of connections to the PostgreSQL server at `url`. */
export async function openPostgres(
  url: string,
  log: (message: string) => void = (m) => console.error(m),
): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: CONNECT_MS });
  // An idle connection the server drops (a restart) must not take the process down.
  pool.on('error', (e) => log(`archive database: ${e.message}`));
  return {
    backend: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params ? [...params] : undefined)).rows,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params) =>
            (await client.query(sql, params ? [...params] : undefined)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The database the environment asks for: the PostgreSQL server at DATABASE_URL, else PGlite under
 * `<dataDir>/archive`. Several processes (REDIS_URL) share one archive, so they need DATABASE_URL.
 */
export function openDatabaseFromEnv(env: NodeJS.ProcessEnv, dataDir: string): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  if (env.REDIS_URL)
    throw new Error(
      'REDIS_URL is set (several processes) but DATABASE_URL is not: the processes share one game archive, a PostgreSQL server; set DATABASE_URL=postgres://user:password@host:5432/database',
    );
  return openPglite(path.join(dataDir, 'archive'));
}
