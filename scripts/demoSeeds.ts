/**
 * Find demo seeds whose first collapse comes early: plays the demo's game (five level-1 bots,
 * Dimensional Collapse, bots placing) for seeds "show-<from>" … "show-<to - 1>" with the bots
 * in-process (the same moves as in the page's worker) and prints, per seed, the number of moves
 * after placement until the first collapse and the game's length; then a CURATED_SEEDS list
 * for src/demo/config.ts. Re-run it when the bots change (their moves, and so the shows, change).
 *
 *   npx tsx scripts/demoSeeds.ts [from=0] [to=60] [count=10] [cap=200]
 */
import { chooseAction } from '../src/ai/bot';
import { Game } from '../src/core';
import { demoConfig } from '../src/demo/config';
import { toSetup } from '../src/store/config';

const [from = 0, to = 60, count = 10, cap = 200] = process.argv.slice(2).map(Number);

interface Row {
  seed: string;
  first: number;
  total: number;
  collapses: number;
  over: boolean;
}

const rows: Row[] = [];
for (let s = from; s < to; s++) {
  const seed = `show-${s}`;
  const created = Game.create(toSetup(demoConfig(seed)));
  if (!created.ok) throw new Error(created.error.message);
  let game = created.value;
  let moves = 0;
  let first = -1;
  let collapses = 0;
  while (game.status().phase !== 'over' && moves < cap) {
    const placing = game.status().phase === 'placement';
    const choice = chooseAction(game.position.clone(), { level: 1, seed: game.setup.seed });
    if (!choice) break;
    const next = game.play(choice.text);
    if (!next.ok) throw new Error(`${seed}: ${next.error.message}`);
    game = next.value;
    if (!placing) moves++;
    if (game.eventsOf(game.length).some((e) => e.type === 'collapse')) {
      collapses++;
      if (first < 0) first = moves;
    }
  }
  const row = { seed, first, total: moves, collapses, over: game.status().phase === 'over' };
  rows.push(row);
  console.log(JSON.stringify(row));
}
// Early first collapse first; among equals, the shows with more collapses (more to watch).
const best = rows
  .filter((r) => r.first > 0)
  .sort((a, b) => a.first - b.first || b.collapses - a.collapses)
  .slice(0, count);
console.log(`CURATED_SEEDS = ${JSON.stringify(best.map((r) => r.seed))}`);
