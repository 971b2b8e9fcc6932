/**
 * Search speed of the bots: nodes (moves made, quiescence included) per second at 3 and 8
 * players, on middlegame positions reached by seeded bot games. Prints one JSON line per
 * player count. Call benchAi() (bench/index.ts does), or run this file with tsx.
 */
import { Game, OVER, PLAY, play, type Position } from '../src/core';
import { chooseAction } from '../src/ai/bot';
import { Searcher } from '../src/ai/search';

const COLOURS = ['#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#fb8c00', '#00acc1'];

/** A middlegame position of an n-player game: placement, then a few rounds of level-1 moves. */
function samplePosition(n: number, seed: string, rounds: number): Position | null {
  const created = Game.create({
    players: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, colour: COLOURS[i % 7] })),
    seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  const pos = created.value.position.clone();
  let turns = 0;
  while (pos.phase !== OVER && turns < rounds * n) {
    const choice = chooseAction(pos, { level: 1, seed, nodes: 300 });
    if (!choice) break;
    if (pos.phase === PLAY) turns++;
    play(pos, choice.action);
    pos.commit();
  }
  return pos.phase === PLAY ? pos : null;
}

export interface AiBenchLine {
  bench: 'ai';
  players: number;
  positions: number;
  nodes: number;
  ms: number;
  nodesPerSecond: number;
  depth: number;
}

/** Measure and print nodes per second at 3 and 8 players (JSON lines); returns the figures. */
export function benchAi(
  options: { nodes?: number; positions?: number; players?: number[] } = {},
): AiBenchLine[] {
  const budget = options.nodes ?? 20_000;
  const wanted = options.positions ?? 4;
  const lines: AiBenchLine[] = [];
  const searcher = new Searcher();
  for (const n of options.players ?? [3, 8]) {
    let nodes = 0;
    let ms = 0;
    let depth = 0;
    let count = 0;
    for (let k = 0; count < wanted && k < wanted * 5; k++) {
      const pos = samplePosition(n, `bench-${n}-${k}`, 4);
      if (!pos) continue;
      const r = searcher.search(pos, { maxDepth: 64, nodes: budget, timeMs: 60_000 });
      nodes += r.nodes;
      ms += r.ms;
      depth += r.depth;
      count++;
    }
    const line: AiBenchLine = {
      bench: 'ai',
      players: n,
      positions: count,
      nodes,
      ms: Math.round(ms),
      nodesPerSecond: Math.round((nodes / Math.max(ms, 1)) * 1000),
      depth: count ? Math.round((depth / count) * 10) / 10 : 0,
    };
    console.log(JSON.stringify(line));
    lines.push(line);
  }
  return lines;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) benchAi();
