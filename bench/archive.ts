/**
 * The `archive` line of `npm run bench` (issue #64 item 2): archiving finished games into
 * PostgreSQL on both back ends, PGlite in a temporary folder and a PostgreSQL server of its own
 * (bench/localPostgres.ts). Per back end: the time to open it (PGlite: new, then reopened with
 * its games), and the time to archive one finished 5-player game of about 300 actions as a room
 * hands it over (its record at hand; the game's row and five players' rows in one transaction),
 * mean and p95 over BENCH_ARCHIVE_GAMES games (40), and the record's replay that a retry from the
 * outbox adds; beside it in the same run, the record store's save of the same game (one file
 * written atomically with fsync), and the ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Game, type TimeControl } from '../src/core';
import { archiveGame } from '../src/server/archive';
import { openPglite, openPostgres, type Backend, type Database } from '../src/server/database';
import { FileStore } from '../src/server/fileStore';
import { migrate } from '../src/server/migrations';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../src/server/store';
import { hashToken, randomToken } from '../src/server/tokens';
import { newGame, playRandomly } from './games';
import { startPostgres } from './localPostgres';

type Emit = (line: Record<string, unknown>) => void;

const GAMES = Number(process.env.BENCH_ARCHIVE_GAMES ?? 40);

/** `game` played to its end: each player to move resigns in turn. */
export function resignedToTheEnd(game: Game): Game {
  while (game.status().phase !== 'over') {
    const next = game.play('resign');
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

/** The finished `game` as a room saves it, its seats `playerIds` (none: all guests). */
export function storedOver(
  game: Game,
  timeControl: TimeControl | null,
  playerIds?: (string | null)[],
): StoredGame {
  return {
    format: STORED_FORMAT,
    version: STORED_VERSION,
    id: randomToken(),
    setup: game.setup,
    actions: [...game.actions],
    settings: {
      seats: game.setup.players.map(() => ({ kind: 'open' })),
      placement: 'balanced',
      timeControl,
      graceMs: 60_000,
      afterGrace: { kind: 'eliminate' },
    },
    tokenHashes: game.setup.players.map(() => hashToken(randomToken())),
    ...(playerIds ? { playerIds } : {}),
    hostTokenHash: hashToken(randomToken()),
    started: true,
    remainingMs: timeControl ? game.setup.players.map(() => 100_000) : null,
    over: true,
    savedAt: Date.now(),
  };
}

/** A finished 5-player game: 300 seeded random actions, then each player to move resigns. */
export function finishedGame(seed: string): StoredGame {
  const game = resignedToTheEnd(playRandomly(newGame(5, seed), seed, (g) => g.length < 300));
  return storedOver(game, { baseMs: 600_000, incrementMs: 5_000 });
}

/** The record of `stored`, replayed. */
function replayed(stored: StoredGame): Game {
  let game = Game.create(stored.setup);
  for (const text of stored.actions) if (game.ok) game = game.value.play(text);
  if (!game.ok) throw new Error(game.error.message);
  return game.value;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const round = (x: number) => Math.round(x * 100) / 100;

/** Milliseconds per game for `write`, one game after another. */
async function timeEach(games: StoredGame[], write: (g: StoredGame) => Promise<unknown>) {
  const times: number[] = [];
  for (const game of games) {
    const start = performance.now();
    await write(game);
    times.push(performance.now() - start);
  }
  return times;
}

async function timed<T>(open: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await open();
  return [value, performance.now() - start];
}

export async function benchArchive(emit: Emit): Promise<void> {
  const games = Array.from({ length: GAMES }, (_, i) => finishedGame(`archive-${i}`));
  const records = new Map(games.map((g) => [g.id, replayed(g)]));
  const folder = await mkdtemp(path.join(tmpdir(), 'ndchess-bench-archive-'));
  const server = await startPostgres();
  try {
    const files = new FileStore(path.join(folder, 'files'));
    await files.save(games[0]); // the folders made
    const lite = path.join(folder, 'pglite');
    const backends: [Backend, () => Promise<Database>][] = [
      ['pglite', () => openPglite(lite)],
      ['postgres', () => openPostgres(server.url)],
    ];
    for (const [backend, open] of backends) {
      const [db, openMs] = await timed(open);
      await migrate(db);
      // As a room hands a game over: its record at hand (a retry from the outbox replays first).
      const archive = await timeEach(games, (g) => archiveGame(db, g, records.get(g.id)));
      const reference = await timeEach(games, (g) => files.save(g));
      // The part of archiving that is the record's replay (for its ranks and saved form).
      const replay = await timeEach(games, async (g) => replayed(g));
      await db.close();
      const reopened = backend === 'pglite' ? await timed(open) : null;
      await reopened?.[0].close();
      emit({
        bench: 'archive',
        backend,
        games: GAMES,
        actionsPerGame: Math.round(mean(games.map((g) => g.actions.length))),
        openMs: Math.round(openMs),
        ...(reopened && { reopenMs: Math.round(reopened[1]) }),
        archiveMsMean: round(mean(archive)),
        archiveMsP95: round(p95(archive)),
        replayMsMean: round(mean(replay)),
        fileSaveMsMean: round(mean(reference)),
        ratio: round(mean(archive) / mean(reference)),
      });
    }
  } finally {
    await server.remove();
    await rm(folder, { recursive: true, force: true });
  }
}
