/**
 * Benchmarks (`npm run bench`): one JSON object per line.
 *
 *   perft    nodes/second of our perft and of chessops' on the standard start position
 *            (depth 5) and Kiwipete (depth 4), in the same run, and the ratio ours/chessops.
 *   movegen  legal-move generations per second (generateMoves into a preallocated Int32Array)
 *            and legal moves per second, on mid-game positions of 3, 5 and 8 players reached by
 *            seeded random playouts through placement and about 40 moves per player.
 *            The same with every optional rule on (R9), through legalActions.
 *   quiet    legal-move generation with Quiet shifts (R9.7) on against the same positions with it
 *            off, in the same run: mid-game positions of 5 and 8 players (every tenth action of
 *            seeded random playouts through placement and about 40 moves per player, default
 *            options), generateMoves with the rule and without it, alternating runs timed in
 *            CPU time; the median ratio on/off (target at most 1.25).
 *   records  loading a saved 8-player game of 1 500 actions: time and retained heap, against a
 *            reference keeping a position per action (bench/records.ts).
 *   ai       search speed of the bots at 3, 5 and 8 players against the reference evaluation
 *            that analyses every board at every node (same run), time of a move per level and
 *            the depths it reaches over a fixed set of positions, and what a bot move costs
 *            besides its search at action 50 and 1 500 of an 8-player game (bench/ai.ts).
 *   starts   how safe and fair a start is (R2.4): seeded games placed balanced for every seat,
 *            then four rounds of level-2 bots, at 3, 4, 5, 6 and 8 players, under the rules as
 *            written and under the default rules (Quiet shifts, R9.7, from four players) in the
 *            same run: the share with a mate in one at the start, a capture and a check available
 *            in the first round, material worth 3 or more lost by the end of the second, and
 *            someone mated by the end of the second and of the fourth (bench/starts.ts).
 *            BENCH_STARTS starts per size (200; half as many at 8); BENCH_PLAYERS the sizes
 *            (a comma-separated list, e.g. 6,8).
 *   review   the review of a whole game (src/ai/review.ts): a 300-action 5-player and a 1 500-action
 *            8-player game of seeded level-1 bots, reviewed at the default depth (level 2's node
 *            budget per judged action), beside the plain replay of the same record (loadGame) in
 *            the same run, and the ratio (bench/review.ts).
 *   online   20 rooms of three scripted clients on loopback playing legal actions through one
 *            game server: action round trip p50/p95/p99 and server heap per room, then the same
 *            with an attacker churning joins and creating rooms beside them (bench/online.ts).
 *   online-scale  the same rooms against servers in child processes: one with its file store, one
 *            on Redis, two sharing Redis (rooms created through one, joined through the other);
 *            round trips, the rooms each process held, heap per room (bench/onlineScale.ts).
 *   pairing  quick pairing ("Play online now") against the create-and-join path of an invite
 *            link, on one process and on two sharing Redis: time to seated and to the first
 *            move for 3 clients arriving 1 s apart (p50/p95), and players seated a second into
 *            3-player tables (bench/pairing.ts).
 *   archive  archiving finished games into PostgreSQL, PGlite and a server of its own: the time to
 *            open each, and to archive a finished 5-player game of about 300 actions, beside the
 *            record store's save of the same game in the same run (bench/archive.ts).
 *   profiles with 100 000 archived games of 3 000 players seeded, PGlite and a PostgreSQL server
 *            side by side: archive writes per second, p50/p99 of a player's page, a page of their
 *            games and a leaderboard page, and a player's whole export (bench/profiles.ts).
 *   ratings  a finished game's rating at 3 and 8 players: the OpenSkill update's CPU time per
 *            game beside a plain openskill call in the same run, and archiving a rated game in
 *            PGlite beside the same games unrated, with the ratios (bench/ratings.ts).
 *
 * Perft and movegen are warmed up first and the best of three timed runs is reported.
 *
 * Lines are selected by name: `npm run bench -- starts ai` runs only those two; no name runs
 * every line.
 */
import os from 'node:os';
import {
  MAX_MOVES,
  MODE_NORMAL,
  OPTION_NAMES,
  legalActions,
  PLAY,
  STANDARD_FEN,
  generateMoves,
  parseFen,
  perft,
} from '../src/core';
import type { Options, Position } from '../src/core';
import { newGame, playRandomly } from './games';
import { benchAi, benchBotMove, benchLevels } from './ai';
import { benchArchive } from './archive';
import { chessopsPerft, chessopsPosition } from './chessopsPerft';
import { benchOnline } from './online';
import { benchOnlineScale } from './onlineScale';
import { benchPairing } from './pairing';
import { benchProfiles } from './profiles';
import { benchRatings } from './ratings';
import { benchRecords } from './records';
import { benchReview } from './review';
import { benchStarts } from './starts';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const RUNS = 3;
/** Minimum time of one movegen run, in milliseconds. */
const MOVEGEN_RUN_MS = 500;

const emit = (line: Record<string, unknown>): void => console.log(JSON.stringify(line));
const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

/** Run `f` once to warm up, then RUNS times; the fastest run's time in seconds and result. */
function best<T>(f: () => T): { seconds: number; result: T } {
  let result = f();
  let seconds = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = f();
    seconds = Math.min(seconds, (performance.now() - t) / 1000);
  }
  return { seconds, result };
}

function ourPosition(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function benchPerft(name: string, fen: string, depth: number): void {
  const ours = best(() => perft(ourPosition(fen), depth));
  const theirs = best(() => chessopsPerft(chessopsPosition(fen), depth));
  const line: Record<string, unknown> = {
    bench: 'perft',
    position: name,
    depth,
    nodes: ours.result,
    ours_nps: round(ours.result / ours.seconds),
    chessops_nps: round(theirs.result / theirs.seconds),
    ratio: round(theirs.seconds / ours.seconds, 2),
  };
  if (theirs.result !== ours.result) line.chessops_nodes = theirs.result;
  emit(line);
}

/**
 * A mid-game position of n players: seeded random placement, then about 40 moves per player,
 * keeping the last position where a player still in the game is to make an ordinary move.
 */
function midGame(players: number, options: Partial<Options>, movesPerPlayer = 40): Position {
  const seed = `bench:${players}`;
  let playMoves = 0;
  let usable: Position | undefined;
  playRandomly(newGame(players, seed, options), seed, (game) => {
    const pos = game.position;
    if (game.length && pos.phase === PLAY) {
      playMoves++;
      if (pos.mode === MODE_NORMAL) usable = pos;
    }
    return playMoves < movesPerPlayer * players;
  });
  if (!usable) throw new Error(`no playable position reached with ${players} players`);
  return usable.clone();
}

/**
 * Positions of a seeded n-player playout with the default options where a player is to make an
 * ordinary move: every tenth action of play, through about 40 moves per player.
 */
function playPositions(players: number, movesPerPlayer = 40): Position[] {
  const seed = `bench-quiet:${players}`;
  const out: Position[] = [];
  let playMoves = 0;
  playRandomly(newGame(players, seed), seed, (game) => {
    const pos = game.position;
    if (game.length && pos.phase === PLAY) {
      playMoves++;
      if (playMoves % 10 === 0 && pos.mode === MODE_NORMAL) out.push(pos.clone());
    }
    return playMoves < movesPerPlayer * players;
  });
  return out;
}

/** Runs of each side in the quiet line, alternating; the median ratio is reported. */
const QUIET_PAIRS = 15;
/** Minimum time of one quiet run, in milliseconds. */
const QUIET_RUN_MS = 150;

/**
 * Quiet shifts (R9.7): legal-move generation with the rule against without it, on the same
 * positions. Runs alternate between the two and are timed in CPU time, so that a busy machine
 * weighs on both alike; the ratio is the median of the pairs' ratios.
 */
function benchQuiet(players: number): void {
  const positions = playPositions(players);
  const buffer = new Int32Array(MAX_MOVES);
  const moves = { on: 0, off: 0 };
  /** Generations per CPU second in one run of at least QUIET_RUN_MS. */
  const rate = (quiet: boolean): number => {
    let generations = 0;
    const start = process.cpuUsage();
    let used = 0;
    while (used < QUIET_RUN_MS * 1000) {
      let count = 0;
      for (const pos of positions) count += generateMoves(pos, buffer, 0, true, 0, quiet);
      moves[quiet ? 'on' : 'off'] = count;
      generations += positions.length;
      const { user, system } = process.cpuUsage(start);
      used = user + system;
    }
    return generations / (used / 1e6);
  };
  rate(false);
  rate(true);
  const offs: number[] = [];
  const ons: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < QUIET_PAIRS; i++) {
    const off = rate(false);
    const on = rate(true);
    offs.push(off);
    ons.push(on);
    ratios.push(off / on);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  emit({
    bench: 'quiet',
    players,
    positions: positions.length,
    legal_moves_off: moves.off,
    legal_moves_on: moves.on,
    generations_per_cpu_s_off: round(median(offs)),
    generations_per_cpu_s_on: round(median(ons)),
    ratio: round(median(ratios), 3),
  });
}

const ALL_OPTIONS: Partial<Options> = Object.fromEntries(OPTION_NAMES.map((o) => [o, true]));

/** Legal-move generation speed; with options, through legalActions (every rule applied). */
function benchMovegen(players: number, options: Partial<Options> = {}): void {
  const withOptions = Object.keys(options).length > 0;
  const position = midGame(players, options);
  const buffer = new Int32Array(MAX_MOVES);
  const generate = withOptions
    ? () => legalActions(position, buffer, 0)
    : () => generateMoves(position, buffer, 0);
  const moves = generate();
  const { seconds, result: calls } = best(() => {
    let calls = 0;
    const start = performance.now();
    while (performance.now() - start < MOVEGEN_RUN_MS) {
      for (let i = 0; i < 1000; i++) generate();
      calls += 1000;
    }
    return calls;
  });
  emit({
    bench: 'movegen',
    players,
    ...(withOptions ? { options: 'all' } : {}),
    boards: position.nb,
    live_boards: position.live.reduce((a, x) => a + x, 0),
    live_players: position.playersLeft(),
    legal_moves: moves,
    generations_per_s: round(calls / seconds),
    moves_per_s: round((calls * moves) / seconds),
  });
}

emit({
  bench: 'env',
  node: process.version,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  runs: RUNS,
});
/** Every line by name, in the order `npm run bench` runs them. */
const LINES: Record<string, () => void | Promise<void>> = {
  perft: () => {
    benchPerft('start', STANDARD_FEN, 5);
    benchPerft('kiwipete', KIWIPETE, 4);
  },
  movegen: () => {
    for (const n of [3, 5, 8]) benchMovegen(n);
    for (const n of [3, 5, 8]) benchMovegen(n, ALL_OPTIONS);
  },
  quiet: () => {
    for (const n of [5, 8]) benchQuiet(n);
  },
  records: benchRecords,
  ai: async () => {
    benchAi();
    benchLevels();
    await benchBotMove();
  },
  review: benchReview,
  starts: () =>
    benchStarts(
      emit,
      Number(process.env.BENCH_STARTS ?? 200),
      process.env.BENCH_PLAYERS?.split(',').map(Number),
    ),
  online: () => benchOnline(emit),
  'online-scale': () => benchOnlineScale(emit),
  pairing: () => benchPairing(emit),
  archive: () => benchArchive(emit),
  profiles: () => benchProfiles(emit),
  ratings: () => benchRatings(emit),
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in LINES));
if (unknown.length)
  throw new Error(
    `bench: no line named ${unknown.join(', ')} (the lines: ${Object.keys(LINES).join(', ')})`,
  );
for (const [name, run] of Object.entries(LINES))
  if (!chosen.length || chosen.includes(name)) await run();
