/**
 * The player list's words (issue 50 item 11): a state line ("to capture", "in check on AB · 2
 * due") spans the row under the name instead of wrapping into a one-word column, and the
 * number beside each name says what it is ("39 pts", explained in its tooltip), also after
 * captures have lengthened the lost pieces beside the names; at 8 players the list keeps the
 * player to move in sight (issue 45 item 7).
 */
import { expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { config, loadApp, playQuiet, seam, settle, withBrowser } from './harness';
import { replayed } from './replay';

let browser: Browser;
withBrowser((b) => (browser = b));

const viewports = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

test.each(viewports)(
  'at $width×$height the state line spans the row and the material is labelled',
  async (viewport) => {
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loadApp(page, inject('baseUrl'));
    await page.evaluate(() => localStorage.clear());
    const c = config(3, 'balanced', 'player-list');
    c.players = c.players.map((p, i) => ({
      ...p,
      name: ['Alexandria', 'Bartholomew', 'Constance'][i],
    }));
    await seam.newGame(page, c);
    // Captures first, so that the lost pieces' glyphs lengthen the material beside the names.
    let game = replayed(c, (await seam.state(page)).moves);
    for (let i = 0; i < 24 && game.status().phase === 'play'; i++) {
      const texts = game.legalActions().map((a) => game.actionText(a));
      const text = texts.find((t) => t.includes('x')) ?? texts[0];
      expect(await seam.play(page, text)).toBe(true);
      game = replayed(c, (await seam.state(page)).moves);
    }
    await settle(page);
    const rows = await page.locator('.players .player').evaluateAll((lis) =>
      lis.map((li) => {
        const row = li.getBoundingClientRect();
        const state = li.querySelector('.state')!;
        const box = state.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(state).lineHeight) || 16;
        return {
          rowWidth: row.width,
          stateText: state.textContent ?? '',
          stateWidth: box.width,
          stateLines: Math.round(box.height / line),
          points: li.querySelector('.material .points')?.textContent ?? null,
          title: li.querySelector('.material')?.getAttribute('title') ?? null,
        };
      }),
    );
    expect(rows.length).toBe(3);
    const mover = rows.find((r) => /\bto (move|capture|flee|pass)|final move/.test(r.stateText));
    expect(mover).toBeDefined();
    for (const r of rows) {
      // Under the name, across the row: never a narrow column of single words.
      if (r.stateText) {
        expect(r.stateWidth, r.stateText).toBeGreaterThan(r.rowWidth * 0.6);
        expect(r.stateLines, r.stateText).toBeLessThanOrEqual(1);
      }
      // A player out of the game shows no material.
      if (r.points === null) continue;
      expect(r.points).toMatch(/^\d+ pts$/);
      expect(r.title).toMatch(/^Material: \d+ points on the boards \(pawn 1, knight 3/);
    }
    expect(rows.filter((r) => r.points !== null).length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.close();
  },
);

test('at 8 players on a short screen (1024×600) the list scrolls and keeps the player to move in sight', async () => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 600 } });
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(8, 'balanced', 'player-list-8'));
  await settle(page);
  const moverInSight = () =>
    page.evaluate(() => {
      const list = document.querySelector('.players')!;
      const row = list.querySelector('.to-move')!;
      const box = list.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      return {
        scrolls: list.scrollHeight > list.clientHeight,
        label: row.getAttribute('data-label'),
        inSight: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
      };
    });
  expect((await moverInSight()).scrolls).toBe(true);
  await playQuiet(page, 8, async () => (await seam.state(page)).toMove === 'H');
  await expect.poll(moverInSight).toEqual({ scrolls: true, label: 'H', inSight: true });
  await playQuiet(page, 1, async () => (await seam.state(page)).toMove === 'A');
  await expect.poll(moverInSight).toEqual({ scrolls: true, label: 'A', inSight: true });
  await page.close();
});
