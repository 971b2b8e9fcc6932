/**
 * The first minutes: "Play against bots" puts a new player into a game against two beginner
 * bots (issue 45 item 2; the level beside it changes that) with one click, above the fold; the setup screen holds eight armies without a scroll box inside
 * the page.
 */
import { expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { humanTurn, loadApp, seam, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

test('"Play against bots" on a fresh profile: one click above the fold, then a game in play against two beginner bots', async () => {
  const context = await browser.newContext({ viewport: SIZES[0] });
  try {
    const page = await context.newPage();
    await loadApp(page, inject('baseUrl'));
    const button = page.getByRole('button', { name: 'Play against bots' });
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(SIZES[0].height);
    await expect(page.locator('.quick-start p').first().textContent()).resolves.toContain(
      'two beginner bots',
    );
    await button.click();
    await page.waitForFunction(
      () =>
        (
          window as unknown as { __NDCHESS__: { state(): { phase: string | null } } }
        ).__NDCHESS__.state().phase === 'play',
      undefined,
      { timeout: 10_000 },
    );
    const s = await seam.state(page);
    expect(s.players.map((p) => p.kind).sort()).toEqual(['bot', 'bot', 'human']);
    expect(s.players.filter((p) => p.kind === 'bot').map((p) => p.level)).toEqual([1, 1]);

    // One choice beside the button makes them club bots, and the choice is kept.
    const level = page.getByRole('combobox', { name: 'Level of the bots' });
    await page.getByRole('button', { name: 'New game' }).click();
    await level.selectOption('2');
    await page.getByRole('button', { name: 'Play against bots' }).click();
    await expect
      .poll(async () =>
        (await seam.state(page)).players.filter((p) => p.kind === 'bot').map((p) => p.level),
      )
      .toEqual([2, 2]);
    await loadApp(page);
    await page.getByRole('button', { name: 'New game' }).click();
    await expect(level.inputValue()).resolves.toBe('2');
  } finally {
    await context.close();
  }
});

test('"Play against bots" offers the setup\'s clocks, off by default and one click away, and Hint on against beginners (issue 61 item 7)', async () => {
  const context = await browser.newContext({ viewport: SIZES[0] });
  try {
    const page = await context.newPage();
    await loadApp(page, inject('baseUrl'));
    const quick = page.locator('.quick-start');
    const timed = quick.getByRole('checkbox', { name: 'Timed' });
    expect(await timed.isChecked()).toBe(false);
    await timed.click();
    // The setup's time control: 10 minutes each, 5 seconds a move.
    expect(await quick.getByLabel('Minutes per player').inputValue()).toBe('10');
    expect(await quick.getByLabel('Seconds added per move').inputValue()).toBe('5');
    await quick.getByRole('button', { name: 'Play against bots' }).click();
    await expect.poll(() => page.locator('.player .clock').count()).toBe(3);
    await humanTurn(page);
    await expect.poll(() => page.getByTestId('hint-button').isEnabled()).toBe(true);
    expect(await page.getByTestId('advice-why').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('the setup screen fits eight armies without a nested scroll region at 1440×900, 1024×768 and 768×1024', async () => {
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await loadApp(page, inject('baseUrl'));
      await page.getByLabel('Number of players').selectOption('8');
      await expect.poll(() => page.getByLabel(/Player \d name/).count()).toBe(8);
      const nested = await page.evaluate(() =>
        [...document.querySelectorAll('.setup *')]
          .filter((el) => {
            const style = getComputedStyle(el);
            return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
          })
          .map((el) => el.className || el.tagName),
      );
      expect(nested, `${viewport.width}×${viewport.height}`).toEqual([]);
    } finally {
      await context.close();
    }
  }
});
