/**
 * The player's stored data in the browser (issue #12, items 2–4): a stored setup that is not
 * valid no longer blanks the page, a failed autosave is reported, and when the app fails while
 * drawing, an error boundary offers to keep the stored game aside and start fresh.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  QUIET,
  config,
  findMove,
  loadApp,
  testBrowser,
  playByPointer,
  seam,
  settle,
} from './harness';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
beforeAll(async () => {
  browser = await testBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(3, 'balanced', 'storage-seed'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
});
afterAll(async () => {
  await browser?.close();
});

const stored = () =>
  page.evaluate(() => JSON.parse(localStorage.getItem('ndchess.autosave') ?? 'null'));

test('a stored setup with players [null] does not blank the page and is not written back', async () => {
  const good = await stored();
  await page.evaluate((bad) => localStorage.setItem('ndchess.autosave', JSON.stringify(bad)), {
    ...good,
    config: { ...good.config, players: [null] },
  });
  await loadApp(page);
  await settle(page);
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/setup is not valid/);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  expect(errors).toEqual([]);
  const after = await stored();
  expect(after.config.players.map((p: { name: string }) => p.name)).toEqual(['P1', 'P2', 'P3']);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => k.startsWith('ndchess.corrupt.'))).toHaveLength(1);
  await page.getByRole('button', { name: 'Remove kept data' }).click();
  expect(
    (await page.evaluate(() => Object.keys(localStorage))).filter((k) =>
      k.startsWith('ndchess.corrupt.'),
    ),
  ).toEqual([]);
});

test('with storage full, the player is told that the game is not being saved', async () => {
  await loadApp(page);
  await settle(page);
  expect((await seam.state(page)).screen).toBe('game');
  // Fill the origin's storage to the last character.
  await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    for (let i = 0; chunk.length > 0;) {
      try {
        localStorage.setItem(`filler.${i++}`, chunk);
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
  });
  const before = await stored();
  await playByPointer(page, await findMove(page, QUIET));
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toMatch(/not being saved in the browser: the browser's storage for this page is full/);
  expect((await stored()).save.actions).toEqual(before.save.actions);
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage))
      if (k.startsWith('filler.')) localStorage.removeItem(k);
  });
  await playByPointer(page, await findMove(page, QUIET));
  expect((await stored()).save.actions).toHaveLength(before.save.actions.length + 2);
  await expect.poll(() => page.getByRole('alert').count()).toBe(0);
});

test('when the app fails while drawing, it offers to keep the stored game aside and start fresh', async () => {
  const saved = await page.evaluate(() => localStorage.getItem('ndchess.autosave'));
  const broken = await context.newPage();
  // No WebGL: the scene cannot draw and throws.
  await broken.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      id: string,
      ...rest: unknown[]
    ) {
      return /webgl/.test(id) ? null : getContext.call(this, id as '2d', ...(rest as []));
    } as typeof getContext;
  });
  await broken.goto(inject('baseUrl'));
  await broken.getByRole('alertdialog').waitFor();
  expect(await broken.getByRole('alertdialog').textContent()).toMatch(/Something went wrong/);
  await broken.getByRole('button', { name: 'Keep it aside and start fresh' }).click();
  await broken.waitForLoadState('load');
  await broken.getByRole('button', { name: 'Start game' }).waitFor();
  const keys = await broken.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain('ndchess.autosave');
  const kept = keys.filter((k) => k.startsWith('ndchess.corrupt.'));
  expect(kept).toHaveLength(1);
  expect(await broken.evaluate((k) => localStorage.getItem(k), kept[0])).toBe(saved);
});
