/** Undo/redo, export → import, a bad import, reload resumes, a corrupt autosave is set aside. */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  config,
  downloadedText,
  findMove,
  loadApp,
  testBrowser,
  playByPointer,
  seam,
  settle,
} from './harness';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await testBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(3, 'balanced', 'persist-seed'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  for (let i = 0; i < 2; i++) await playByPointer(page, await findMove(page, SAME_BOARD_PAWN));
});
afterAll(async () => {
  await browser?.close();
});

test('undo and redo move the cursor; a new move cuts the redo branch', async () => {
  const s = await seam.state(page);
  expect(s.moves).toHaveLength(47);
  await page.getByRole('button', { name: 'Undo' }).click();
  await settle(page);
  expect((await seam.state(page)).cursor).toBe(46);
  await page.keyboard.press('Control+z');
  await settle(page);
  expect((await seam.state(page)).cursor).toBe(45);
  await page.getByRole('button', { name: 'Redo' }).click();
  await settle(page);
  const r = await seam.state(page);
  expect(r.cursor).toBe(46);
  expect(r.moves).toEqual(s.moves);
  // Play a different move from here: the redo branch is gone.
  const other = (await seam.actions(page)).find(
    (t) => SAME_BOARD_PAWN.test(t) && t !== s.moves[46],
  )!;
  await playByPointer(page, other);
  const n = await seam.state(page);
  expect(n.moves).toEqual([...s.moves.slice(0, 46), other]);
  expect(n.cursor).toBe(47);
});

test('export, then import restores the game', async () => {
  const s = await seam.state(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const text = await downloadedText(download);
  const saved = JSON.parse(text);
  expect(saved.format).toBe('n-dimensional-chess');
  expect(saved.actions).toEqual(s.moves);

  await seam.newGame(page, config(4, 'balanced', 'other'));
  await settle(page);
  expect((await seam.state(page)).boards).toHaveLength(6);
  await page.getByTestId('import-file').setInputFiles({
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await settle(page);
  const t = await seam.state(page);
  expect(t.moves).toEqual(s.moves);
  expect(t.boards).toHaveLength(3);
});

test('a bad file shows the core error and leaves the game untouched', async () => {
  const s = await seam.state(page);
  await page.getByTestId('import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"n-dimensional-chess","version":1,"setup":'),
  });
  await expect.poll(async () => (await seam.state(page)).notice).toMatch(/Import failed/);
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not valid JSON/);
  expect((await seam.state(page)).moves).toEqual(s.moves);

  const tampered = {
    format: 'n-dimensional-chess',
    version: 1,
    setup: { players: config(3).players, seed: 'x' },
    actions: ['AB:+Qd1', 'AB:e2-e4'],
  };
  await page.getByTestId('import-file').setInputFiles({
    name: 'tampered.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(tampered)),
  });
  await expect.poll(async () => (await seam.state(page)).notice).toMatch(/action 2/);
  expect((await seam.state(page)).moves).toEqual(s.moves);
});

test('reload resumes the game; a corrupt autosave is set aside', async () => {
  const s = await seam.state(page);
  await loadApp(page);
  await settle(page);
  const r = await seam.state(page);
  expect(r.screen).toBe('game');
  expect(r.moves).toEqual(s.moves);
  expect(r.cursor).toBe(s.cursor);

  await page.evaluate(() => localStorage.setItem('ndchess.autosave', '{"save": {"format": 1}'));
  await loadApp(page);
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toMatch(/could not be resumed/);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.some((k) => k.startsWith('ndchess.corrupt.'))).toBe(true);
  expect(keys).not.toContain('ndchess.autosave');
});
