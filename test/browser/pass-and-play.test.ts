/**
 * Pass-and-play (issue #17): with several humans at one device the turn is handed over with a
 * screen that names the next player; between a human and bots it never shows.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config, duringAnimation, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const handOver = (page: Page) => page.getByRole('dialog', { name: 'Pass the device' });
const firstMove = async (page: Page) =>
  (await seam.actions(page)).find((t) => /^[A-H]{2}:[a-h][1-8]-[a-h][1-8]$/.test(t))!;

test('between two human seats the hand-over screen names the next player; between a human and bots it never shows', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'balanced', 'pass-and-play'))).toBe(true);
  await settle(page);
  // Under automation it starts switched off (as sound does); a person has it on.
  expect(await handOver(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Hand-over screen between players').check();

  const name = async () => {
    const s = await seam.state(page);
    return s.players.find((p) => p.label === s.toMove)!.name;
  };
  await expect.poll(() => handOver(page).count()).toBe(1);
  expect(await handOver(page).getByRole('heading').textContent()).toBe(`Pass to ${await name()}`);
  await handOver(page).getByRole('button').click();
  expect(await handOver(page).count()).toBe(0);

  // The turn passes to another human: the screen comes back, for them.
  expect(await seam.play(page, await firstMove(page))).toBe(true);
  await expect.poll(() => handOver(page).count()).toBe(1);
  expect(await handOver(page).getByRole('heading').textContent()).toBe(`Pass to ${await name()}`);
  await handOver(page).getByRole('button').click();

  // One human and two bots: the human moves, the bots answer, and no hand-over shows.
  const bots = config(3, 'balanced', 'pass-and-play-bots');
  for (const k of [1, 2]) Object.assign(bots.players[k], { kind: 'bot', level: 1 });
  expect(await seam.newGame(page, bots)).toBe(true);
  const human = (await seam.state(page)).players.find((p) => p.kind === 'human')!.label;
  await expect.poll(async () => (await seam.state(page)).toMove, { timeout: 60_000 }).toBe(human);
  const before = (await seam.state(page)).moves.length;
  expect(await seam.play(page, await firstMove(page))).toBe(true);
  await expect
    .poll(async () => (await seam.state(page)).moves.length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(before + 3);
  expect(await handOver(page).count()).toBe(0);
  expect(errors).toEqual([]);
});

test('the hand-over screen comes once the move has landed: the mover sees their piece arrive', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'balanced', 'hand-over-after-landing'))).toBe(true);
  await settle(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Hand-over screen between players').check();
  await handOver(page).getByRole('button').click();
  await seam.slowMotion(page, 8);
  expect(await seam.play(page, await firstMove(page))).toBe(true);
  // While the piece is in the air (380 ms × 8): B is to move, no hand-over screen yet.
  await duringAnimation(page, async () => {
    expect((await seam.state(page)).toMove).toBe('B');
    expect(await handOver(page).count()).toBe(0);
  });
  // Landed: the screen covers the boards for B.
  await expect.poll(() => handOver(page).count(), { timeout: 10_000 }).toBe(1);
  const b = (await seam.state(page)).players.find((p) => p.label === 'B')!;
  expect(await handOver(page).getByRole('heading').textContent()).toBe(`Pass to ${b.name}`);
  await seam.slowMotion(page, 1);
  expect(errors).toEqual([]);
});

test('when play begins the hand-over screen is up from its first frame: no board shows before it (issue 61 item 8)', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'hand', 'hand-over-at-start'))).toBe(true);
  await settle(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Hand-over screen between players').check();
  await page.getByRole('button', { name: 'Settings' }).click();
  // Every frame drawn from here on: was the game in play with the boards uncovered?
  await page.evaluate(() => {
    const w = window as unknown as {
      __NDCHESS__: { state(): { phase: string | null } };
      uncovered: number;
      covered: number;
    };
    w.uncovered = w.covered = 0;
    const look = () => {
      if (w.__NDCHESS__.state().phase === 'play') {
        if (document.querySelector('.hand-over')) w.covered++;
        else w.uncovered++;
      }
      if (w.covered < 10) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // The last placements by hand's shortcut: play begins, the armies fly in.
  await page.getByRole('button', { name: 'Auto-place everyone' }).click();
  await expect.poll(() => handOver(page).count()).toBe(1);
  const frames = () =>
    page.evaluate(() => {
      const w = window as unknown as { uncovered: number; covered: number };
      return { uncovered: w.uncovered, covered: w.covered };
    });
  await expect.poll(async () => (await frames()).covered).toBe(10);
  expect((await frames()).uncovered).toBe(0);
  expect((await seam.state(page)).toMove).toBe('A');
  expect(errors).toEqual([]);
});
