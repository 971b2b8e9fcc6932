/**
 * The cost of a long game record: a seeded random game of 8 players, 1 500 legal actions (or
 * until it ends), saved, then loaded back with loadGame. Prints the load time (best of three)
 * and the heap the loaded Game retains (measured around the load with global.gc: run node
 * with --expose-gc, as `npm run bench` does). For comparison, in the same run, a reference
 * keeping what Game kept before: a cloned position per action, each with its own copy of the
 * hash history. Call benchRecords() (bench/index.ts does), or run this file with tsx.
 */
import {
  loadGame,
  makeAction,
  parseAction,
  play,
  saveGame,
  type Position,
  type SaveFile,
} from '../src/core';
import { newGame, playRandomly } from './games';

const PLAYERS = 8;
const ACTIONS = 1500;
const RUNS = 3;

const emit = (line: Record<string, unknown>): void => console.log(JSON.stringify(line));
const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

/** A saved seeded random game of PLAYERS players and up to ACTIONS actions. */
function randomRecord(): SaveFile {
  const seed = `records:${PLAYERS}`;
  const game = playRandomly(newGame(PLAYERS, seed), seed, (g) => g.length < ACTIONS);
  return saveGame(game);
}

/** The record as Game kept it before: a position per action, each with its own hash history. */
function referenceLoad(save: SaveFile): { position: Position; history: number[] }[] {
  const start = loadGame({ ...save, actions: [] });
  if (!start.ok) throw new Error(start.error.message);
  let pos = start.value.position;
  let history = [pos.hashLo, pos.hashHi];
  const kept = [{ position: pos, history }];
  for (const text of save.actions) {
    const parsed = parseAction(pos, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const next = pos.clone();
    makeAction(pos, parsed.value);
    if (!play(next, parsed.value).ok) throw new Error(`${text} refused`);
    next.commit();
    history = [...history, next.hashLo, next.hashHi];
    kept.push({ position: next, history });
    pos = next;
  }
  return kept;
}

/** The fastest of RUNS timed loads (after one to warm up), in ms, and the heap one retains. */
function measure(load: () => unknown): { ms: number; retainedMb: number | null } {
  const gc = (globalThis as { gc?: () => void }).gc;
  load();
  let ms = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    load();
    ms = Math.min(ms, performance.now() - t);
  }
  if (!gc) return { ms, retainedMb: null };
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = load();
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  if (!kept) throw new Error('nothing loaded');
  return { ms, retainedMb: retained / 2 ** 20 };
}

export function benchRecords(): void {
  const save = randomRecord();
  const text = JSON.stringify(save);
  const ours = measure(() => {
    const loaded = loadGame(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    return loaded.value;
  });
  const reference = measure(() => referenceLoad(JSON.parse(text) as SaveFile));
  emit({
    bench: 'records',
    players: PLAYERS,
    actions: save.actions.length,
    load_ms: round(ours.ms, 1),
    retained_mb: ours.retainedMb === null ? 'run node with --expose-gc' : round(ours.retainedMb, 2),
    reference_load_ms: round(reference.ms, 1),
    reference_retained_mb: reference.retainedMb === null ? null : round(reference.retainedMb, 2),
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/')))
  benchRecords();
