/**
 * The demo's pace (issue 50 item 15): every curated show reaches its first Dimensional Collapse
 * within 30 s of the show's own clock at normal speed (the pauses, piece animations and camera
 * leads the director waits for, counted at 1× whatever the speed played, the machine or the bots'
 * thinking time).
 * Played at 4× to keep the test short; the wall time is printed beside it.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { CURATED_SEEDS } from '../../src/demo/config';
import { openApp, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Api = { state(): { demo: { seed: string; firstCollapseAt: number | null } | null } };

/** The show's clock at its first collapse must not pass this (ms at 1×). */
const FIRST_COLLAPSE_BY = 30_000;

for (const seed of CURATED_SEEDS)
  test(`show ${seed}: the first collapse within ${FIRST_COLLAPSE_BY / 1000} s of show time`, async () => {
    const { page, errors } = await openApp(browser, `?demo&seed=${seed}&speed=4`);
    const started = Date.now();
    const at = await page.waitForFunction(
      () =>
        (window as unknown as { __NDCHESS__?: Api }).__NDCHESS__?.state().demo?.firstCollapseAt ??
        null,
      undefined,
      { timeout: 180_000, polling: 100 },
    );
    const clock = (await at.jsonValue()) as number;
    const wall = (Date.now() - started) / 1000;
    console.log(
      `demo ${seed}: first collapse at ${(clock / 1000).toFixed(1)} s of show time (1×); ${wall.toFixed(1)} s wall at 4×`,
    );
    expect(clock).toBeLessThanOrEqual(FIRST_COLLAPSE_BY);
    expect(errors).toEqual([]);
    await page.close();
  });
