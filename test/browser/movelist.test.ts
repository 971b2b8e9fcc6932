/** The move list keeps the latest move in sight when the page turns portrait (issue #12, item 13). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { config, launch, nextFrames, openApp, seam, settle } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('after a resize to portrait the move list shows the latest move', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(5, 'balanced', 'movelist-seed'));
  await settle(page);
  for (let i = 0; i < 6; i++) {
    const [move] = await seam.actions(page);
    expect(await seam.play(page, move)).toBe(true);
  }
  await settle(page);
  for (const size of [
    { width: 600, height: 1000 },
    { width: 420, height: 900 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await settle(page);
    // The page has drawn at the new size (software WebGL can take seconds to redraw it).
    await nextFrames(page);
    const seen = await page.evaluate(() => {
      const box = document.querySelector('.moves')!.getBoundingClientRect();
      const item = document.querySelector('.moves .current')!.getBoundingClientRect();
      return { box: [box.top, box.bottom], item: [item.top, item.bottom] };
    });
    expect(seen.item[0], `${size.width}×${size.height}`).toBeGreaterThanOrEqual(seen.box[0] - 1);
    expect(seen.item[1], `${size.width}×${size.height}`).toBeLessThanOrEqual(seen.box[1] + 1);
  }
  expect(errors).toEqual([]);
});
