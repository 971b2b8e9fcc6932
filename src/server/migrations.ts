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
  {
    version: 2,
    name: 'players, their identities and ratings',
    steps: [
      // A person known to the server (issue #64 item 1): a random public id, the display name
      // and its comparison key (nameKey: two names that look the same are one), unique.
      `CREATE TABLE players (
        id text PRIMARY KEY,
        name text NOT NULL,
        name_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        renamed_at timestamptz
      )`,
      // The secret each of a player's browsers keeps: only its SHA-256 is stored.
      `CREATE TABLE player_tokens (
        token_hash text PRIMARY KEY,
        player_id text NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX player_tokens_player ON player_tokens (player_id)',
      // The names a player had before a rename, with when each was given up.
      `CREATE TABLE player_names (
        player_id text NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        name text NOT NULL,
        until timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX player_names_player ON player_names (player_id)',
      // Passkeys (WebAuthn) that open the identity on another device.
      `CREATE TABLE passkeys (
        credential_id text PRIMARY KEY,
        player_id text NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL,
        transports jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX passkeys_player ON passkeys (player_id)',
      // One-time transfer codes (their SHA-256), each good once until it expires.
      `CREATE TABLE transfer_codes (
        code_hash text PRIMARY KEY,
        player_id text NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`,
      // A rated game's pool ('3', '4' or '5-8' players); null: unrated.
      'ALTER TABLE games ADD COLUMN rating_pool text',
      // Who sat in each seat (null: nobody known, or a player since deleted), and the shown
      // rating before and after a rated game (the profile's history chart reads these).
      'ALTER TABLE game_players ADD COLUMN player_id text REFERENCES players (id) ON DELETE SET NULL',
      'ALTER TABLE game_players ADD COLUMN rating_before integer',
      'ALTER TABLE game_players ADD COLUMN rating_after integer',
      'CREATE INDEX game_players_player ON game_players (player_id)',
      // A player's rating in one pool: OpenSkill's mu and sigma, the shown number (ordinal
      // scaled) that the leaderboard orders by, and how many rated games it counts.
      `CREATE TABLE ratings (
        player_id text NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        pool text NOT NULL CHECK (pool IN ('3', '4', '5-8')),
        mu double precision NOT NULL,
        sigma double precision NOT NULL,
        rating integer NOT NULL,
        games integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (player_id, pool)
      )`,
      'CREATE INDEX ratings_board ON ratings (pool, rating DESC, player_id)',
    ],
  },
  {
    version: 3,
    name: 'passkey challenges',
    steps: [
      // The challenge of a passkey ceremony under way (passkeys.ts), good once until it expires:
      // kept here, not in a process's memory, so that several processes can answer its two steps.
      // player_id: the player adding a passkey; null when a browser signs in with one.
      `CREATE TABLE passkey_challenges (
        challenge text PRIMARY KEY,
        player_id text REFERENCES players (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
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
