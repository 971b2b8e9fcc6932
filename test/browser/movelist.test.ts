/** The move list keeps the latest move in sight when the page turns portrait (issue #12, item 13). */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { config, nextFrames, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

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

/** Whether `inner` lies within `outer` (a pixel of slack). */
const within = (inner: DOMRect | null, outer: DOMRect | null) =>
  !!inner && !!outer && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;

test('at 8 players the move list is a table by real pointer, and the mover shows in the player list (issue #45 item 7)', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(8, 'balanced', 'movelist-eight'));
  await settle(page);
  // Seven moves of play: the eighth player, at the foot of the list, is to move.
  for (let i = 0; i < 7; i++) {
    const [move] = await seam.actions(page);
    expect(await seam.play(page, move)).toBe(true);
  }
  await settle(page);
  const table = page.locator('.moves table');
  // One column per player, headed by their name, after the round numbers' column.
  await expect.poll(() => table.locator('thead th').count()).toBe(9);
  const moves = (await seam.state(page)).moves;
  const firstPlay = moves.findIndex((m) => !m.includes(':+'));
  expect(firstPlay).toBeGreaterThan(0);
  // The placements are one collapsed row, expanded and collapsed again by a click.
  const toggle = page.locator('.placement-toggle button');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await table.locator('tr.placement').count()).toBe(0);
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const rounds = await table.locator('tr.placement').count();
  expect(rounds).toBeGreaterThan(0);
  expect(await toggle.textContent()).toContain(`${rounds} round`);
  await toggle.click();
  expect(await table.locator('tr.placement').count()).toBe(0);
  // The current move is marked in its cell; the play rows hold one cell per player.
  expect(await table.locator('td[aria-current="step"] button.current').textContent()).toBe(
    moves.at(-1),
  );
  // The current move, in the eighth column of a table wider than the panel, is scrolled into view.
  const current = await page.evaluate(() => {
    const box = document.querySelector('.moves')!.getBoundingClientRect();
    const item = document.querySelector('.moves button.current')!.getBoundingClientRect();
    return item.left >= box.left - 1 && item.right <= box.right + 1;
  });
  expect(current).toBe(true);
  const firstRow = table.locator('tr.play').first();
  expect(await firstRow.locator('td').count()).toBe(8);
  // The mover's row in the player list is in view of the list and the window, at every size;
  // in a short window (1280×600) the eight rows overflow the list, which scrolls to the mover.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
    { width: 1280, height: 600 },
  ]) {
    await page.setViewportSize(size);
    await settle(page);
    await nextFrames(page);
    const seen = await page.evaluate(() => {
      const list = document.querySelector('.players')!.getBoundingClientRect();
      const mover = document.querySelector('.players .to-move')?.getBoundingClientRect() ?? null;
      const box = document.querySelector('.moves')!.getBoundingClientRect();
      return {
        list,
        mover,
        box,
        height: innerHeight,
        label: document.querySelector('.players .to-move')?.getAttribute('data-label'),
      };
    });
    expect(seen.label, `${size.width}×${size.height}`).toBe('H');
    expect(within(seen.mover, seen.list), `${size.width}×${size.height}`).toBe(true);
    expect(seen.mover!.bottom, `${size.width}×${size.height}`).toBeLessThanOrEqual(seen.height);
    if (size.height !== 600)
      expect(seen.box.bottom, `${size.width}×${size.height}`).toBeLessThanOrEqual(seen.height);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  // Clicking the first move's cell moves the history cursor there.
  await firstRow.locator('td').first().locator('button').click();
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(firstPlay + 1);
  expect(await table.locator('td[aria-current="step"] button').textContent()).toBe(
    moves[firstPlay],
  );
  expect(errors).toEqual([]);
});
