/**
 * The archive's schema (issue #64 item 2) as versioned migrations, applied in order at start-up:
 * `schema_migrations` lists those applied, and each runs once, in one transaction with its
 * record. A later capability (identities, ratings) adds its tables and columns as the next
 * version; a version once released is never edited. The SQL is what PostgreSQL 15 and 18 both
 * speak (a server, and PGlite).
 */
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  /** Its statements, run one by one (no values in them: nothing to parameterise). */
  steps: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'finished games and their players',
    steps: [
      // One row per finished online game, by its room id. `record` is the whole record (R10.1:
      // setup with names and seed, the seats it began with, every action), as its replay serves.
      `CREATE TABLE games (
        id text PRIMARY KEY,
        replay_id text NOT NULL UNIQUE,
        record jsonb NOT NULL,
        action_count integer NOT NULL,
        options jsonb NOT NULL,
        placement text NOT NULL,
        time_base_ms integer,
        time_increment_ms integer,
        grace_ms integer NOT NULL,
        after_grace jsonb NOT NULL,
        winner_seat smallint,
        draw_reason text,
        finished_at timestamptz NOT NULL,
        archived_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX games_finished_at ON games (finished_at)',
      // One row per seat (setup order): who sat there, how it began (a person or a bot), where
      // it finished (R8.1: rank 1 is the winner or every drawn player, then by elimination,
      // later is better), why it left, and its clock at the end.
      `CREATE TABLE game_players (
        game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat smallint NOT NULL,
        label text NOT NULL,
        name text NOT NULL,
        colour text NOT NULL,
        began_as text NOT NULL CHECK (began_as IN ('human', 'bot')),
        bot_level smallint,
        rank smallint NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('won', 'drawn', 'eliminated')),
        elimination_cause text,
        eliminated_by text,
        remaining_ms integer,
        PRIMARY KEY (game_id, seat)
      )`,
    ],
  },
];

/** Any number, the same in every process: migrations take this lock so that one runs them. */
const MIGRATION_LOCK = 6_400_002;

/**
 * Apply the migrations of `list` not applied yet, in version order, in one transaction (several
 * processes starting together: one applies them, the others then find them applied). Returns the
 * versions applied now.
 */
export async function migrate(
  db: Database,
  list: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...list.map((m) => m.version));
    if (newest > known)
      throw new Error(
        `the archive's schema is version ${newest}, newer than this server knows (${known}): run a newer server`,
      );
    const applied: number[] = [];
    for (const m of [...list].sort((x, y) => x.version - y.version)) {
      if (done.has(m.version)) continue;
      for (const step of m.steps) await tx.query(step);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
