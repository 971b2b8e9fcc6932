/**
 * The `profiles` line of `npm run bench` (issue #64 item 7): with BENCH_PROFILE_GAMES (100 000)
 * archived 3-player games of BENCH_PROFILE_PLAYERS (3 000) players seeded in SQL (each player in
 * about a hundred games, three in four games rated, every player on the 3-player leaderboard),
 * per back end, PGlite in a temporary folder and a PostgreSQL server of its own
 * (bench/localPostgres.ts), in the same run: archive writes per second (archiveGame of real
 * finished 5-player games of about 300 actions, their records at hand, one after another), and
 * p50/p99 of a player's page, a page of their games, a page of the leaderboard, and the time of a
 * player's whole export. The ratio pglite/postgres of each figure is on the PGlite line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Game, saveGame } from '../src/core';
import { PROFILES } from '../src/net';
import { archiveGame } from '../src/server/archive';
import { openPglite, openPostgres, type Backend, type Database } from '../src/server/database';
import { migrate } from '../src/server/migrations';
import { exportGames, leaderboard, playerGames, playerProfile } from '../src/server/profiles';
import { createRng, randomInt } from '../src/core';
import { finishedGame } from './archive';
import { startPostgres } from './localPostgres';

type Emit = (line: Record<string, unknown>) => void;

const GAMES = Number(process.env.BENCH_PROFILE_GAMES ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PROFILE_PLAYERS ?? 3_000);
/** Archive writes timed, and queries of each kind. */
const WRITES = 100;
const QUERIES = 300;
const EXPORTS = 10;

/** One finished 3-player game's record: every seeded game carries it (its seed is all that differs). */
function seedRecord(): string {
  let game = Game.create({
    players: ['A', 'B', 'C'].map((name) => ({ name, colour: '#1e88e5' })),
    seed: 'bench',
    options: {},
  });
  for (let i = 0; i < 2 && game.ok; i++) game = game.value.play('resign');
  if (!game.ok) throw new Error(game.error.message);
  return JSON.stringify(saveGame(game.value));
}

/**
 * GAMES games of PLAYERS players in a few set-based statements: seat s of game i holds player
 * 1 + (7919 i + 2729 s) mod PLAYERS (three distinct players: 2729 and 2·2729 are not multiples
 * of PLAYERS for the defaults), ranked in seat order, one game a minute back from now.
 */
async function seed(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO players (id, name, name_key)
     SELECT 'p' || i, 'Player ' || i, 'player ' || i FROM generate_series(1, $1::int) i`,
    [PLAYERS],
  );
  await db.query(
    `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games)
     SELECT 'p' || i, '3', 25, 3, 1000 + (i * 37) % 1000, 4 + i % 20
     FROM generate_series(1, $1::int) i`,
    [PLAYERS],
  );
  await db.query(
    `INSERT INTO games (id, replay_id, record, action_count, options, placement, grace_ms,
       after_grace, finished_at, rating_pool)
     SELECT 'g' || i, lpad(i::text, 22, 'r'), $2::jsonb, 2, '{}', 'random', 60000,
       '{"kind":"eliminate"}', now() - make_interval(mins => i),
       CASE WHEN i % 4 = 0 THEN NULL ELSE '3' END
     FROM generate_series(1, $1::int) i`,
    [GAMES, seedRecord()],
  );
  await db.query(
    `INSERT INTO game_players (game_id, seat, label, name, colour, began_as, rank, outcome,
       player_id, rating_before, rating_after)
     SELECT 'g' || i, s, chr(65 + s), 'Player ' || p, '#1e88e5', 'human', s + 1,
       CASE WHEN s = 0 THEN 'won' ELSE 'eliminated' END, 'p' || p,
       CASE WHEN i % 4 = 0 THEN NULL ELSE 1500 END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE 1475 + i % 50 END
     FROM generate_series(1, $1::int) i, generate_series(0, 2) s,
       LATERAL (SELECT 1 + (i * 7919 + s * 2729) % $2::int AS p) who`,
    [GAMES, PLAYERS],
  );
  await db.query('ANALYZE');
}

const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const round = (x: number) => Math.round(x * 100) / 100;

async function times(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run(i);
    out.push(performance.now() - start);
  }
  return out;
}

const p50p99 = (xs: number[]) => ({
  p50: round(percentile(xs, 0.5)),
  p99: round(percentile(xs, 0.99)),
});

async function measure(db: Database) {
  const started = performance.now();
  await migrate(db);
  await seed(db);
  const seedS = (performance.now() - started) / 1000;
  const rng = createRng('bench-profiles');
  const someone = () => `Player ${1 + randomInt(rng, PLAYERS)}`;
  const games = Array.from({ length: WRITES }, (_, i) => finishedGame(`profiles-${i}`));
  const records = games.map((g) => {
    let game = Game.create(g.setup);
    for (const text of g.actions) if (game.ok) game = game.value.play(text);
    if (!game.ok) throw new Error(game.error.message);
    return game.value;
  });
  const writes = await times(WRITES, (i) => archiveGame(db, games[i], records[i]));
  const profile = await times(QUERIES, () => playerProfile(db, someone()));
  const gamesPage = await times(QUERIES, async (i) =>
    // Half first pages, half a later one (about five pages each).
    playerGames(db, someone(), i % 2 ? 1 : 2 + randomInt(rng, 4)),
  );
  const pages = Math.ceil(PROFILES.leaderboardTop / PROFILES.leaderboardPerPage);
  const board = await times(QUERIES, () => leaderboard(db, '3', 1 + randomInt(rng, pages)));
  let exported = 0;
  const exports = await times(EXPORTS, async () => {
    const [player] = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM players WHERE id = $1',
      [`p${1 + randomInt(rng, PLAYERS)}`],
    );
    exported += await exportGames(db, player, async () => {});
  });
  return {
    seedS: round(seedS),
    writesPerS: round(WRITES / (writes.reduce((a, b) => a + b, 0) / 1000)),
    profileMs: p50p99(profile),
    gamesPageMs: p50p99(gamesPage),
    leaderboardMs: p50p99(board),
    exportMsMean: round(exports.reduce((a, b) => a + b, 0) / EXPORTS),
    exportGamesMean: Math.round(exported / EXPORTS),
  };
}

export async function benchProfiles(emit: Emit): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ndchess-bench-profiles-'));
  const server = await startPostgres();
  try {
    const results = new Map<Backend, Awaited<ReturnType<typeof measure>>>();
    const backends: [Backend, () => Promise<Database>][] = [
      ['postgres', () => openPostgres(server.url)],
      ['pglite', () => openPglite(path.join(folder, 'pglite'))],
    ];
    for (const [backend, open] of backends) {
      const db = await open();
      try {
        results.set(backend, await measure(db));
      } finally {
        await db.close();
      }
    }
    const pg = results.get('postgres')!;
    for (const [backend, r] of results) {
      const ratio =
        backend === 'pglite'
          ? {
              ratio: {
                writesPerS: round(r.writesPerS / pg.writesPerS),
                profileP50: round(r.profileMs.p50 / pg.profileMs.p50),
                gamesPageP50: round(r.gamesPageMs.p50 / pg.gamesPageMs.p50),
                leaderboardP50: round(r.leaderboardMs.p50 / pg.leaderboardMs.p50),
                exportMean: round(r.exportMsMean / pg.exportMsMean),
              },
            }
          : {};
      emit({ bench: 'profiles', backend, games: GAMES, players: PLAYERS, ...r, ...ratio });
    }
  } finally {
    await server.remove();
    await rm(folder, { recursive: true, force: true });
  }
}
