/**
 * The player list's words (issue 50 item 11): a state line ("to capture", "in check on AB · 2
 * due") spans the row under the name instead of wrapping into a one-word column, and the
 * number beside each name says what it is ("39 pts", explained in its tooltip), also after
 * captures have lengthened the lost pieces beside the names.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { config, launch, seam, settle } from './harness';
import { replayed } from './replay';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

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
    await page.goto(inject('baseUrl'));
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
