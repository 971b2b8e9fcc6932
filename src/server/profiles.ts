/**
 * Profiles, leaderboards and a player's export, read from the game archive (issue #64 items 4–6).
 * Every query takes its values as parameters, and every list is paged with a hard cap
 * (net/profiles.ts PROFILES): a player's games 20 a page, the leaderboard the top 100 of a pool
 * 25 a page, the rating history the latest 200 rated games of each pool, and the export reads a
 * batch of games at a time. Players are found by their name's comparison key (nameKey), so a
 * name that looks the same finds them.
 */
import { loadSavedGame, writeGameText, type SaveFile } from '../core';
import {
  PROFILES,
  RATING_POOLS,
  nameKey,
  type GamesPage,
  type HistoryPoint,
  type LeaderboardPage,
  type PlayerProfile,
  type ProfileGame,
  type ProfileSeat,
  type RatingPool,
} from '../net';
import type { Queryable } from './database';
import { readRatings, type KnownPlayer } from './players';
import { ratingShown } from './ratings';

/** The export reads this many games at a time. */
export const EXPORT_BATCH = 50;

/** The player whose name looks like `name` (nameKey), or null. */
export async function playerNamed(db: Queryable, name: string): Promise<KnownPlayer | null> {
  const rows = await db.query<KnownPlayer>('SELECT id, name FROM players WHERE name_key = $1', [
    nameKey(name),
  ]);
  return rows[0] ?? null;
}

const isPool = (pool: string): pool is RatingPool =>
  (RATING_POOLS as readonly string[]).includes(pool);

/** A player's page: ratings, rating history per pool, and counts; null when no one has the name. */
export async function playerProfile(db: Queryable, name: string): Promise<PlayerProfile | null> {
  const player = await playerNamed(db, name);
  if (!player) return null;
  // Three independent reads: on a server's pool they run side by side.
  const [ratings, points, [counts]] = await Promise.all([
    readRatings(db, player.id),
    // The latest rated games of each pool, newest first, then turned oldest first for the chart.
    db.query<{ pool: RatingPool; at: Date; rating: number; game_id: string }>(
      `SELECT pool, at, rating, game_id FROM (
         SELECT g.rating_pool AS pool, g.finished_at AS at, gp.rating_after AS rating,
           g.id AS game_id,
           row_number() OVER (PARTITION BY g.rating_pool ORDER BY g.finished_at DESC, g.id DESC) AS n
         FROM game_players gp JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = $1 AND g.rating_pool IS NOT NULL AND gp.rating_after IS NOT NULL
       ) latest
       WHERE n <= $2 ORDER BY pool, at, game_id`,
      [player.id, PROFILES.historyPoints],
    ),
    db.query<{ played: string; won: string; first_out: string }>(
      `SELECT count(*) AS played,
         count(*) FILTER (WHERE gp.outcome = 'won') AS won,
         count(*) FILTER (WHERE gp.outcome = 'eliminated' AND gp.rank =
           (SELECT max(o.rank) FROM game_players o WHERE o.game_id = gp.game_id)) AS first_out
       FROM game_players gp WHERE gp.player_id = $1`,
      [player.id],
    ),
  ]);
  const history = new Map<RatingPool, HistoryPoint[]>();
  for (const p of points) {
    const list = history.get(p.pool) ?? [];
    list.push({ at: new Date(p.at).toISOString(), rating: p.rating, gameId: p.game_id });
    history.set(p.pool, list);
  }
  return {
    ...player,
    ratings,
    history: [...history].map(([pool, list]) => ({ pool, points: list })),
    counts: {
      played: Number(counts.played),
      won: Number(counts.won),
      eliminatedFirst: Number(counts.first_out),
    },
  };
}

interface GameRow {
  id: string;
  replay_id: string;
  finished_at: Date;
  rating_pool: RatingPool | null;
}

interface SeatRow {
  game_id: string;
  seat: number;
  name: string;
  rank: number;
  outcome: ProfileSeat['outcome'];
  rating_before: number | null;
  rating_after: number | null;
}

/** The seats of the games `ids`, by game, in setup order. */
async function seatsOf(db: Queryable, ids: string[]): Promise<Map<string, SeatRow[]>> {
  const rows = await db.query<SeatRow>(
    `SELECT game_id, seat, name, rank, outcome, rating_before, rating_after FROM game_players
     WHERE game_id = ANY($1) ORDER BY game_id, seat`,
    [ids],
  );
  const seats = new Map<string, SeatRow[]>();
  for (const row of rows) seats.set(row.game_id, [...(seats.get(row.game_id) ?? []), row]);
  return seats;
}

/** Page `page` (1-based) of the player's games, newest first; null when no one has the name. */
export async function playerGames(
  db: Queryable,
  name: string,
  page: number,
): Promise<GamesPage | null> {
  const player = await playerNamed(db, name);
  if (!player) return null;
  const [{ n }] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM game_players WHERE player_id = $1',
    [player.id],
  );
  const per = PROFILES.gamesPerPage;
  const pages = Math.max(1, Math.ceil(Number(n) / per));
  if (page > pages) return { games: [], page, pages };
  const rows = await db.query<GameRow & { seat: number }>(
    `SELECT g.id, g.replay_id, g.finished_at, g.rating_pool, gp.seat
     FROM game_players gp JOIN games g ON g.id = gp.game_id
     WHERE gp.player_id = $1 ORDER BY g.finished_at DESC, g.id DESC LIMIT $2 OFFSET $3`,
    [player.id, per, (page - 1) * per],
  );
  const seats = await seatsOf(
    db,
    rows.map((r) => r.id),
  );
  const games = rows.map((r): ProfileGame => ({
    id: r.id,
    replayId: r.replay_id,
    finishedAt: new Date(r.finished_at).toISOString(),
    playerSeat: r.seat,
    pool: r.rating_pool,
    players: (seats.get(r.id) ?? []).map((s) => ({
      seat: s.seat,
      name: s.name,
      rank: s.rank,
      outcome: s.outcome,
      ratingBefore: s.rating_before,
      ratingAfter: s.rating_after,
    })),
  }));
  return { games, page, pages };
}

/** Page `page` of the pool's leaderboard (its top PROFILES.leaderboardTop); null: no such pool. */
export async function leaderboard(
  db: Queryable,
  pool: string,
  page: number,
): Promise<LeaderboardPage | null> {
  if (!isPool(pool)) return null;
  const per = PROFILES.leaderboardPerPage;
  const [{ n }] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM ratings WHERE pool = $1 LIMIT $2) top',
    [pool, PROFILES.leaderboardTop],
  );
  const pages = Math.max(1, Math.ceil(Number(n) / per));
  const offset = (page - 1) * per;
  const rows =
    offset >= PROFILES.leaderboardTop
      ? []
      : await db.query<{ name: string; rating: number; games: number }>(
          `SELECT p.name, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player_id
           WHERE r.pool = $1 ORDER BY r.rating DESC, r.player_id LIMIT $2 OFFSET $3`,
          [pool, per, offset],
        );
  return {
    pool,
    page,
    pages,
    entries: rows.map((r, i) => {
      const { rating, games, provisional } = ratingShown(pool, r.rating, r.games);
      return { place: offset + i + 1, name: r.name, rating, games, provisional };
    }),
  };
}

/**
 * Every game of `player` in the game text format (core/gameText.ts), newest first, handed to
 * `write` one game at a time (each text ends with a newline; a blank line separates games, as
 * in a PGN export). The archive is read EXPORT_BATCH games at a time, so a player with many
 * games is never held in memory at once. Each seat carries its name as the archive has it now:
 * a deleted player's seat reads "deleted player". Returns how many games were written.
 */
export async function exportGames(
  db: Queryable,
  player: KnownPlayer,
  write: (text: string) => Promise<void>,
): Promise<number> {
  // Where the last batch ended: its time as text keeps PostgreSQL's microseconds.
  let after: { at: string; id: string } | null = null;
  let written = 0;
  for (;;) {
    const rows: { id: string; at: string; record: string }[] = await db.query(
      `SELECT g.id, g.finished_at::text AS at, g.record::text AS record
       FROM game_players gp JOIN games g ON g.id = gp.game_id
       WHERE gp.player_id = $1
         AND ($2::timestamptz IS NULL OR (g.finished_at, g.id) < ($2::timestamptz, $3::text))
       ORDER BY g.finished_at DESC, g.id DESC LIMIT $4`,
      [player.id, after?.at ?? null, after?.id ?? null, EXPORT_BATCH],
    );
    if (!rows.length) return written;
    const seats = await seatsOf(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      await write(`${written ? '\n' : ''}${gameText(row.id, row.record, seats.get(row.id) ?? [])}`);
      written++;
    }
    const last = rows[rows.length - 1];
    after = { at: last.at, id: last.id };
  }
}

/** The game text of an archived record, its seats named as `seats` name them. */
function gameText(id: string, record: string, seats: SeatRow[]): string {
  const file = JSON.parse(record) as SaveFile;
  const names = new Map(seats.map((s) => [s.seat, s.name]));
  file.setup = {
    ...file.setup,
    players: file.setup.players.map((p, i) => ({ ...p, name: names.get(i) ?? p.name })),
  };
  const loaded = loadSavedGame(file);
  if (!loaded.ok) throw new Error(`archived game ${id} cannot be read: ${loaded.error.message}`);
  return writeGameText(file, loaded.value.game);
}
