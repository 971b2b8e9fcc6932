/**
 * The demo's take-over menu and framing (issue #12, item 12): opening "Take over" holds the show
 * (closing it plays on), and the director frames its shots inside the area the caption card and
 * the control bar leave free, so that no board label hides under them.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openApp, seam, settle, observe, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const moves = async (page: Page) => (await seam.state(page)).moves.length;

/** Board labels that overlap the control bar or the caption card. */
function hiddenLabels(page: Page) {
  return page.evaluate(() => {
    const rect = (el: Element | null) => el?.getBoundingClientRect() ?? null;
    const bar = rect(document.querySelector('.demo-bar'))!;
    const caption = rect(document.querySelector('.demo-caption'))!;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const labels = [...document.querySelectorAll('.board-label')].filter(
      (el) => (el as HTMLElement).offsetParent !== null,
    );
    return {
      count: labels.length,
      hidden: labels
        .filter((el) => overlaps(rect(el)!, bar) || overlaps(rect(el)!, caption))
        .map((el) => el.textContent),
    };
  });
}

test('opening "Take over" holds the show; closing the menu plays on', async () => {
  const { page, errors } = await openApp(browser, '?demo&seed=show-54&speed=4');
  await expect.poll(() => moves(page), { timeout: 60_000 }).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Take over' }).click();
  await page.getByRole('menu', { name: 'Take over a seat' }).waitFor();
  expect((await seam.state(page)).demo!.paused).toBe(true);
  const n = await moves(page);
  await observe(page, 120);
  expect(await moves(page)).toBe(n);
  await page.getByRole('button', { name: 'Take over' }).click();
  expect((await seam.state(page)).demo!.paused).toBe(false);
  await expect.poll(() => moves(page), { timeout: 30_000 }).toBeGreaterThan(n);
  expect(errors).toEqual([]);
  await page.close();
});

test('the shots keep every board label clear of the control bar and the caption', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 640 },
  ]) {
    const { page, errors } = await openApp(browser, '?demo&seed=show-54&speed=4');
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Pause' }).click();
    // A frame-all shot, as during placement and quiet stretches.
    await page.keyboard.press('Space');
    await expect.poll(() => moves(page), { timeout: 60_000 }).toBeGreaterThan(2);
    await page.keyboard.press('Space');
    await settle(page);
    const seen = await hiddenLabels(page);
    expect(seen.count, `${viewport.width}×${viewport.height}`).toBe(10);
    expect(seen.hidden, `${viewport.width}×${viewport.height}`).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }
});
