/**
 * The curated demo shows reach Dimensional Collapse early (issue #12): every show is played by
 * its level-1 bots until its first collapse. A slow check (npm run test:slow): it plays ten
 * shows through.
 */
import { expect, test } from 'vitest';
import { Game } from '../../src/core';
import { CURATED_SEEDS, demoConfig } from '../../src/demo/config';
import { toSetup } from '../../src/store/config';
import { chooseByNodes } from '../ai/byNodes';

test('most curated shows reach their first collapse within 40 moves of play', () => {
  // The shows depend on the bots' moves: when the bots change, re-run scripts/demoSeeds.ts.
  const late: string[] = [];
  for (const seed of CURATED_SEEDS) {
    const created = Game.create(toSetup(demoConfig(seed)));
    if (!created.ok) throw new Error(created.error.message);
    let g = created.value;
    let moves = 0;
    let collapsed = false;
    while (!collapsed && moves <= 40 && g.status().phase !== 'over') {
      const placing = g.status().phase === 'placement';
      const choice = chooseByNodes(g.position.clone(), { level: 1, seed: g.setup.seed })!;
      const next = g.play(choice.text);
      if (!next.ok) throw new Error(next.error.message);
      g = next.value;
      if (!placing) moves++;
      collapsed = g.eventsOf(g.length).some((e) => e.type === 'collapse');
    }
    if (!collapsed) late.push(seed);
  }
  expect(late.length, `late shows: ${late.join(', ')}`).toBeLessThanOrEqual(2);
}, 120_000);
