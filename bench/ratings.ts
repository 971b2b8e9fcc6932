/**
 * The `ratings` line of `npm run bench` (issue #64 item 3): what rating a finished game costs, at
 * 3 and 8 players. The update itself (src/server/ratings.ts rateGame: OpenSkill's Plackett–Luce
 * model on the game's ranking) in CPU microseconds per game, beside a plain openskill `rate` call
 * on the same skills and ranks in the same run (the ratio is the wrapper's cost); and archiving a
 * rated game in PGlite (the ratings rows read, locked and written in the archive's transaction)
 * beside archiving the same games unrated (one seat a guest), the ratio being what rating adds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rate, rating } from 'openskill';
import { archiveGame } from '../src/server/archive';
import { openPglite, type Queryable } from '../src/server/database';
import { migrate } from '../src/server/migrations';
import { rateGame, type Skill } from '../src/server/ratings';
import type { StoredGame } from '../src/server/store';
import { randomToken } from '../src/server/tokens';
import { resignedToTheEnd, storedOver } from './archive';
import { newGame } from './games';

type Emit = (line: Record<string, unknown>) => void;

/** Updates timed per size (each way), and games archived per size (each way). */
const UPDATES = Number(process.env.BENCH_RATING_UPDATES ?? 3000);
const GAMES = Number(process.env.BENCH_RATING_GAMES ?? 30);

const round = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** CPU microseconds per call of `run(i)` over `count` calls. */
function cpuMicrosEach(count: number, run: (i: number) => unknown): number {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) run(i);
  const { user, system } = process.cpuUsage(start);
  return (user + system) / count;
}

/** `n` players' skills as after some games, and a ranking with a two-way draw at the top. */
function sample(n: number, i: number): { skills: Skill[]; ranks: number[] } {
  const skills = Array.from({ length: n }, (_, k) => ({
    mu: 20 + ((i * 7 + k * 13) % 11),
    sigma: 2 + ((i + k) % 6),
  }));
  const order = Array.from({ length: n }, (_, k) => (k + i) % n);
  return { skills, ranks: order.map((o) => Math.max(1, o)) };
}

/** A finished game of `n` players (each to move resigns in turn) whose seats are `playerIds`. */
const finishedGame = (n: number, seed: string, playerIds: (string | null)[]): StoredGame =>
  storedOver(resignedToTheEnd(newGame(n, seed)), null, playerIds);

async function addPlayers(db: Queryable, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    const id = randomToken();
    await db.query('INSERT INTO players (id, name, name_key) VALUES ($1, $2, $2)', [
      id,
      `${prefix}${k}`,
    ]);
    ids.push(id);
  }
  return ids;
}

/** Milliseconds per game for archiving each of `games`, one after another. */
async function archiveEach(db: Parameters<typeof archiveGame>[0], games: StoredGame[]) {
  const times: number[] = [];
  for (const g of games) {
    const start = performance.now();
    await archiveGame(db, g);
    times.push(performance.now() - start);
  }
  return times;
}

export async function benchRatings(emit: Emit): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ndchess-bench-ratings-'));
  const db = await openPglite(path.join(folder, 'pglite'));
  try {
    await migrate(db);
    for (const n of [3, 8]) {
      const samples = Array.from({ length: 100 }, (_, i) => sample(n, i));
      // Warm up both, then alternate: the machine is shared.
      for (const { skills, ranks } of samples) rateGame(skills, ranks);
      const ours: number[] = [];
      const plain: number[] = [];
      for (let run = 0; run < 3; run++) {
        ours.push(
          cpuMicrosEach(UPDATES, (i) => rateGame(samples[i % 100].skills, samples[i % 100].ranks)),
        );
        plain.push(
          cpuMicrosEach(UPDATES, (i) => {
            const { skills, ranks } = samples[i % 100];
            return rate(
              skills.map((s) => [rating(s)]),
              { rank: ranks },
            );
          }),
        );
      }
      const ids = await addPlayers(db, n, `bench${n}-`);
      const rated = Array.from({ length: GAMES }, (_, i) => finishedGame(n, `r${n}-${i}`, ids));
      const unrated = Array.from({ length: GAMES }, (_, i) =>
        finishedGame(n, `u${n}-${i}`, [...ids.slice(1), null]),
      );
      await archiveEach(db, [finishedGame(n, `w${n}`, ids)]); // warm-up
      const ratedMs = await archiveEach(db, rated);
      const unratedMs = await archiveEach(db, unrated);
      emit({
        bench: 'ratings',
        players: n,
        updateMicros: round(Math.min(...ours)),
        openskillMicros: round(Math.min(...plain)),
        ratio: round(Math.min(...ours) / Math.min(...plain)),
        archiveRatedMsMean: round(mean(ratedMs)),
        archiveUnratedMsMean: round(mean(unratedMs)),
        archiveRatio: round(mean(ratedMs) / mean(unratedMs)),
      });
    }
  } finally {
    await db.close();
    await rm(folder, { recursive: true, force: true });
  }
}
