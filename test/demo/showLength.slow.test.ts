/**
 * The curated demo shows reach Dimensional Collapse early (issue #12; issue #61 item 9, issue #62
 * item 6): every show, rehearsed through the director at 1× (src/demo/rehearse.ts: the page's
 * pauses, camera leads and captions, counted on the show's own clock), reaches its first collapse
 * within 30 s of show time, under the rules its caption card names. A slow check (npm run
 * test:slow): it plays ten shows through. The browser's own check is
 * test/browser/demo-pace.slow.test.ts.
 */
import { expect, test } from 'vitest';
import type { Game } from '../../src/core';
import { CURATED_SEEDS } from '../../src/demo/config';
import { rehearse } from '../../src/demo/rehearse';
import { chooseByNodes } from '../ai/byNodes';

/** The show's clock at its first collapse must not pass this (ms at 1×). */
const FIRST_COLLAPSE_BY = 30_000;

const choose = (game: Game) =>
  chooseByNodes(game.position.clone(), { level: 1, seed: game.setup.seed })?.text ?? null;

for (const seed of CURATED_SEEDS)
  test(`show ${seed}: the first collapse within ${FIRST_COLLAPSE_BY / 1000} s of show time at 1×`, () => {
    // The shows depend on the bots' moves: when the bots change, re-run scripts/demoSeeds.ts.
    const r = rehearse(seed, choose, {
      until: (game) => game.eventsOf(game.length).some((e) => e.type === 'collapse'),
    });
    expect(r.firstCollapseAt, `${seed} after ${r.moves} moves`).not.toBeNull();
    expect(r.firstCollapseAt!).toBeLessThanOrEqual(FIRST_COLLAPSE_BY);
  }, 60_000);
