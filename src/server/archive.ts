/**
 * Every finished online game kept in PostgreSQL (issue #64 item 2). When a room's game is over,
 * its saved record also goes to the record store's outbox (`ArchiveOutbox`, store.ts) in the
 * same save; the archiver then writes it to the database in the background and takes it out of
 * the outbox. A game that cannot be archived (the database is down) stays in the outbox and is
 * tried again, waiting longer each time, until it is in: nothing is lost, and no room ever waits
 * on the database. Writing is idempotent by the game's id, so two processes, or a retry after a
 * write whose answer was lost, archive a game once.
 */
import { Game } from '../core';
import { DELETED_PLAYER } from './players';
import { rateSeats, seatPlayers } from './archiveRatings';
import { openDatabaseFromEnv, type Backend, type Database, type Queryable } from './database';
import { migrate } from './migrations';
import { replayFile, replayIdOf } from './replays';
import type { ArchiveOutbox, StoredGame } from './store';

/** The waits before trying a failed archiving again: doubling from the first, up to the last. */
export const ARCHIVE_RETRY_FIRST_MS = 1000;
export const ARCHIVE_RETRY_MAX_MS = 60_000;

/** What /healthz reports of the archive. */
export interface ArchiveState {
  backend: Backend;
  /** Finished games waiting in the outbox (as last counted). */
  pending: number;
  /** Why the last archiving failed, or null once one has worked since. */
  lastError: string | null;
}

/** The finished game `stored` replayed: its record must lead to the game's end. */
function finishedGame(stored: StoredGame): Game {
  let game = Game.create(stored.setup);
  for (const text of stored.actions) if (game.ok) game = game.value.play(text);
  if (!game.ok) throw new Error(`game ${stored.id} cannot be replayed: ${game.error.message}`);
  return game.value;
}

/**
 * Write the finished game `stored` into the archive: the game and one row per seat with its
 * known player, and, when the game is rated, its players' new ratings (archiveRatings.ts), in one
 * transaction. `game` is its record when at hand (else it is replayed). A game archived already
 * is left as it is; returns whether it was written now.
 */
export async function archiveGame(
  db: Database,
  stored: StoredGame,
  game = finishedGame(stored),
): Promise<boolean> {
  const { players, result } = game.status();
  if (!result) throw new Error(`game ${stored.id} is not over`);
  const { settings } = stored;
  const control = settings.timeControl;
  const winner = players.find((p) => p.label === result.winner);
  return db.transaction(async (tx: Queryable) => {
    const { pool, seats } = await seatPlayers(tx, stored);
    const inserted = await tx.query(
      `INSERT INTO games (id, replay_id, record, action_count, options, placement,
         time_base_ms, time_increment_ms, grace_ms, after_grace, winner_seat, draw_reason,
         finished_at, rating_pool)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        stored.id,
        replayIdOf(stored.id, stored.hostTokenHash),
        replayFile(stored, game),
        game.length,
        { ...stored.setup.options },
        settings.placement,
        control?.baseMs ?? null,
        control?.incrementMs ?? null,
        settings.graceMs,
        { ...settings.afterGrace },
        winner?.setupIndex ?? null,
        result.drawReason,
        new Date(stored.savedAt),
        pool,
      ],
    );
    if (inserted.length === 0) return false;
    // R8.1: by seat, 1 the winner or every drawn player, then by elimination (later is better).
    const rankOf = (label: string) => result.ranking.findIndex((g) => g.includes(label)) + 1;
    const ranks = stored.setup.players.map((_, seat) =>
      rankOf(players.find((p) => p.setupIndex === seat)!.label),
    );
    if (pool) await rateSeats(tx, pool, seats, ranks);
    for (const [turnIndex, p] of players.entries()) {
      const rank = ranks[p.setupIndex];
      const archived = seats[p.setupIndex];
      const outcome =
        p.label === result.winner ? 'won' : !result.winner && rank === 1 ? 'drawn' : 'eliminated';
      const seat = settings.seats[p.setupIndex];
      await tx.query(
        `INSERT INTO game_players (game_id, seat, label, name, colour, began_as, bot_level,
           rank, outcome, elimination_cause, eliminated_by, remaining_ms, player_id,
           rating_before, rating_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          stored.id,
          p.setupIndex,
          p.label,
          archived.deleted ? DELETED_PLAYER : p.name,
          p.colour,
          seat.kind === 'bot' ? 'bot' : 'human',
          seat.kind === 'bot' ? seat.level : null,
          rank,
          outcome,
          p.eliminationCause,
          p.eliminatedBy,
          stored.remainingMs ? Math.round(stored.remainingMs[turnIndex]) : null,
          archived.playerId,
          archived.ratingBefore,
          archived.ratingAfter,
        ],
      );
    }
    return true;
  });
}

export interface ArchiverOptions {
  log?: (message: string) => void;
  retryFirstMs?: number;
  retryMaxMs?: number;
}

/** The archive of one process: its database, the outbox it empties, and its retries. */
export class Archiver {
  private pending = 0;
  private lastError: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retries = 0;
  private closed = false;
  private readonly log: (message: string) => void;
  /**
   * The records of games just finished, so that archiving them replays nothing (a long record
   * takes a while, on the rooms' thread); forgotten once tried: a retry replays.
   */
  private readonly records = new Map<string, Game>();

  constructor(
    readonly db: Database,
    private readonly outbox: ArchiveOutbox,
    private readonly options: ArchiverOptions = {},
  ) {
    this.log = options.log ?? ((m) => console.error(m));
  }

  /**
   * The game `stored` (its record `game`) is over: keep it in the outbox (a room's save awaits
   * this, as it awaits the record), then archive it in the background.
   */
  async finished(stored: StoredGame, game?: Game): Promise<void> {
    await this.outbox.keepForArchive(stored);
    if (game) this.records.set(stored.id, game);
    this.pending++;
    this.catchUp();
  }

  /** Archive what waits in the outbox (at start-up: games left by a stop or an outage). */
  catchUp(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.catchUp();
      }
    });
  }

  /** Resolves when no archiving runs now (a retry may still be waiting). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  state(): ArchiveState {
    return { backend: this.db.backend, pending: this.pending, lastError: this.lastError };
  }

  /** The replay JSON of the archived game whose replay id is `id`, or null. */
  async loadReplay(id: string): Promise<string | null> {
    const rows = await this.db.query<{ record: string }>(
      'SELECT record::text AS record FROM games WHERE replay_id = $1',
      [id],
    );
    return rows[0]?.record ?? null;
  }

  /** No more archiving; the database is closed once the archiving under way is done. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.settled();
    await this.db.close();
  }

  private async drain(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    let failure: string | null = null;
    try {
      const games = await this.outbox.awaitingArchive();
      this.pending = games.length;
      // Games another process archived meanwhile.
      for (const id of this.records.keys())
        if (!games.some((g) => g.id === id)) this.records.delete(id);
      for (const game of games) {
        if (this.closed) return;
        const record = this.records.get(game.id);
        this.records.delete(game.id);
        try {
          await archiveGame(this.db, game, record);
          await this.outbox.archived(game.id);
          this.pending--;
        } catch (e) {
          failure = `game ${game.id}: ${(e as Error).message}`;
        }
      }
    } catch (e) {
      failure = `the outbox cannot be read: ${(e as Error).message}`;
    }
    if (failure === null) {
      if (this.lastError !== null) this.log('archive: every finished game is archived again');
      this.lastError = null;
      this.retries = 0;
      return;
    }
    if (this.lastError === null)
      this.log(`archive: archiving failed (${failure}); ${this.pending} games wait, retrying`);
    this.lastError = failure;
    const { retryFirstMs = ARCHIVE_RETRY_FIRST_MS, retryMaxMs = ARCHIVE_RETRY_MAX_MS } =
      this.options;
    const wait = Math.min(retryFirstMs * 2 ** this.retries, retryMaxMs);
    this.retries++;
    if (!this.closed) this.retryTimer = setTimeout(() => this.catchUp(), wait).unref();
  }
}

/**
 * The archive the environment asks for (database.ts: DATABASE_URL, else PGlite under dataDir),
 * its schema migrated, emptying `outbox`. Refuses to start, saying why, when the database
 * cannot be opened or migrated.
 */
export async function openArchive(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  outbox: ArchiveOutbox,
  log: (message: string) => void = (m) => console.error(m),
): Promise<Archiver> {
  const db = await openDatabaseFromEnv(env, dataDir);
  try {
    await migrate(db);
  } catch (e) {
    await db.close().catch(() => {});
    throw new Error(`the game archive's database (${db.backend}): ${(e as Error).message}`);
  }
  return new Archiver(db, outbox, { log });
}
