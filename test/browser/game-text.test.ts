/**
 * The game as text (issue 45 item 8), by real clicks: Settings → "Game as text" shows the record
 * in the notation, Copy puts it on the clipboard, and pasted into another game's dialog it loads
 * the same record; a broken text is refused with its line and column, and the game shown stays.
 */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config, loadApp, playQuiet, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

async function openText(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Game as text' }).click();
  return page.getByRole('dialog', { name: 'Game as text' });
}

test('copied as text and pasted into another game, the record loads; a broken text is refused by line', async () => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(3, 'balanced', 'game-text'));
  await settle(page);
  const placed = (await seam.state(page)).moves.length;
  await playQuiet(page, 40, async () => (await seam.state(page)).moves.length >= placed + 4);
  const record = (await seam.state(page)).moves;

  let dialog = await openText(page);
  const box = dialog.getByRole('textbox', { name: 'Game text' });
  expect(await box.inputValue()).toMatch(/^\[Game "n-Dimensional Chess"\]\n\[Seed "game-text"\]/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await box.inputValue());
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Another game; the text pasted into its dialog brings the first one back.
  await seam.newGame(page, config(4, 'balanced', 'another'));
  await settle(page);
  dialog = await openText(page);
  await dialog.getByRole('textbox', { name: 'Game text' }).fill(copied);
  await dialog.getByRole('button', { name: 'Load this text' }).click();
  await expect.poll(async () => (await seam.state(page)).moves).toEqual(record);
  expect(await dialog.count()).toBe(0);

  // A broken text: refused with where, the game shown stays.
  dialog = await openText(page);
  const lines = copied.split('\n');
  const turn = lines.findIndex((l) => /^[A-H]: /.test(l)) + 1;
  lines[turn] = `${lines[turn].slice(0, 3)}AB:Ke1-e8`;
  await dialog.getByRole('textbox', { name: 'Game text' }).fill(lines.join('\n'));
  await dialog.getByRole('button', { name: 'Load this text' }).click();
  await expect
    .poll(async () => (await seam.state(page)).notice)
    .toMatch(new RegExp(`^Import failed: game text, line ${turn + 1}, column 4: AB:Ke1-e8: `));
  expect((await seam.state(page)).moves).toEqual(record);
  expect(await dialog.count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});
