/**
 * The review, its key moments and the shared link together (issue #47), by real clicks: an
 * imported game is reviewed, a click on a key moment shows its position with the better move
 * drawn as an arrow on the boards; Share gives a link that a fresh browser opens in review (the
 * same record, the review panel open and its review run to the end).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Seam } from '../../src/app/seam';
import { runPlayout } from '../../src/cli/playout';
import { saveGame } from '../../src/core';
import { MOMENTS_TEXT, SHARE_TEXT } from '../../src/text';
import { REVIEW_TEXT } from '../../src/text/review';
import { config, drawFresh, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const arrowOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.arrow());

/** The review panel of `page`, once its review has run to the end (its summary is shown). */
async function reviewed(page: Page) {
  const panel = page.getByRole('region', { name: REVIEW_TEXT.title });
  await panel.getByRole('table', { name: REVIEW_TEXT.summaryLabel }).waitFor({ timeout: 180_000 });
  return panel;
}

test('a key moment shows its better move as an arrow; the shared link opens the game in review', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  expect(await seam.newGame(page, config(3, 'balanced', 'review-share-before'))).toBe(true);
  // Random moves after the placements: mistakes enough for key moments with better moves.
  const { game } = runPlayout({ players: 3, seed: 'review-share', moves: 70 });
  await page.getByTestId('import-file').setInputFiles({
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(saveGame(game))),
  });
  await expect.poll(async () => (await seam.state(page)).moves).toEqual(game.actions);
  await settle(page);

  await page.locator('.controls').getByRole('button', { name: 'Review' }).click();
  const panel = await reviewed(page);
  const moments = panel.getByRole('region', { name: MOMENTS_TEXT.title });
  const mistake = moments.locator('li[data-kind="mistake"]').first();
  await mistake.waitFor();
  const index = Number(await mistake.getAttribute('data-index'));
  expect(await mistake.textContent()).toMatch(/was a (mistake|blunder); .+ was better\.$/);
  expect(await arrowOf(page)).toBeNull();

  await mistake.getByRole('button').click();
  // The position after the mistake is shown, and the move that was better before it is drawn.
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(index + 1);
  const arrow = (await arrowOf(page))!;
  expect(arrow.index).toBe(index);
  expect(await mistake.textContent()).toContain(`${arrow.text} was better`);
  expect(arrow.strokes.length).toBeGreaterThan(0);
  await drawFresh(page);
  expect((await arrowOf(page))!.segments).toBeGreaterThan(0);
  expect(await mistake.getByRole('button').getAttribute('aria-current')).toBe('true');

  // Shared, and opened in a fresh browser: the same record, in review.
  await page
    .locator('.controls')
    .getByRole('button', { name: SHARE_TEXT.button, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: SHARE_TEXT.title });
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#game=[A-Za-z0-9_-]+$/);
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await fresh.newPage();
  const otherErrors: string[] = [];
  other.on('pageerror', (e) => otherErrors.push(e.message));
  await other.goto(link);
  await expect.poll(async () => (await seam.state(other)).moves).toEqual(game.actions);
  const otherPanel = await reviewed(other);
  expect(await otherPanel.getByRole('region', { name: MOMENTS_TEXT.title }).count()).toBe(1);
  expect(otherErrors).toEqual([]);
  expect(errors).toEqual([]);
});
