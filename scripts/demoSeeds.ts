/**
 * Find demo seeds whose first collapse comes early: rehearses the show of seeds "show-<from>" …
 * "show-<to - 1>" through the director (src/demo/rehearse.ts: the page's pauses, camera leads and
 * captions at 1×, counted on the show's clock, with the bots in-process making the page's
 * moves) and prints, per seed, the show's clock at its first collapse, the moves after placement
 * until then and the eliminations before it; then a CURATED_SEEDS list for src/demo/config.ts:
 * the seeds whose first collapse comes within `limit` seconds, earliest first. Re-run it when
 * the bots, the demo's rules or its pacing change (the shows, or their timing, change).
 *
 *   npx tsx scripts/demoSeeds.ts [from=0] [to=60] [count=10] [limit=30]
 */
import { chooseAction } from '../src/ai/bot';
import { rehearse } from '../src/demo/rehearse';
import { useDemo } from '../src/demo/state';

const [from = 0, to = 60, count = 10, limit = 30] = process.argv.slice(2).map(Number);

interface Row {
  seed: string;
  /** Seconds of show time at 1× (null: no collapse within the limit). */
  first: number | null;
  moves: number;
  eliminations: number;
}

const rows: Row[] = [];
for (let s = from; s < to; s++) {
  const seed = `show-${s}`;
  let eliminated = false;
  const r = rehearse(
    seed,
    (game) =>
      chooseAction(game.position.clone(), { level: 1, seed: game.setup.seed, timeMs: Infinity })
        ?.text ?? null,
    {
      // Up to the first collapse, or until the show's clock has passed the limit, or 60% of it
      // without an elimination (the countdown and its captions take longer than the rest).
      until: (game) => {
        const events = game.eventsOf(game.length);
        eliminated ||= events.some((e) => e.type === 'eliminated');
        const clock = useDemo.getState().clock;
        return (
          events.some((e) => e.type === 'collapse') ||
          clock > limit * 1000 ||
          (!eliminated && clock > limit * 600)
        );
      },
    },
  );
  const row = {
    seed,
    first: r.firstCollapseAt === null ? null : r.firstCollapseAt / 1000,
    moves: r.moves,
    eliminations: r.captions.filter((c) => c.text.includes(' is eliminated')).length,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
const best = rows
  .filter((r) => r.first !== null && r.first <= limit)
  .sort((a, b) => a.first! - b.first!)
  .slice(0, count);
console.log(`CURATED_SEEDS = ${JSON.stringify(best.map((r) => r.seed))}`);
