/**
 * Seeing the game (issue #11, 4–8): "my boards" at 8 players (squares ≥ 24 px, labels apart),
 * a North board of the human turned towards them. With SCREENSHOTS=1 it also saves the README's
 * pictures of the pieces (3 players) and of "my boards" (8 players) in docs/.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config, findMove, launch, QUIET, seam, settle } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  return page;
}

/** The smallest on-screen side (CSS px) of any square of the board, from its neighbours' centres. */
function smallestSquare(page: Page, board: string): Promise<number> {
  return page.evaluate((b) => {
    type Api = { screenOf(b: string, s: string): { x: number; y: number } | null };
    const api = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__;
    let min = Infinity;
    for (let f = 0; f < 8; f++)
      for (let r = 1; r <= 8; r++) {
        const at = api.screenOf(b, 'abcdefgh'[f] + r);
        if (!at) return 0;
        for (const next of [
          f < 7 ? 'abcdefgh'[f + 1] + r : null,
          r < 8 ? 'abcdefgh'[f] + (r + 1) : null,
        ]) {
          if (!next) continue;
          const q = api.screenOf(b, next);
          if (!q) return 0;
          min = Math.min(min, Math.hypot(q.x - at.x, q.y - at.y));
        }
      }
    return min;
  }, board);
}

/** The visible board labels: name and box. */
function labelBoxes(page: Page) {
  return page.$$eval('.board-label', (els) =>
    els
      .filter((el) => getComputedStyle(el).visibility === 'visible')
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('data-board')!,
          l: r.left,
          r: r.right,
          t: r.top,
          b: r.bottom,
        };
      }),
  );
}

test.each([
  [1280, 800],
  [1024, 768],
])(
  '8 players at %i×%i: "my boards" shows each of the mover’s boards with squares ≥ 24 px, labels apart',
  async (width, height) => {
    const page = await open(width, height);
    await seam.newGame(page, config(8, 'balanced', 'my-boards'));
    await page.getByRole('button', { name: 'Got it' }).click();
    await settle(page);
    expect(await page.getByRole('button', { name: 'My boards' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const s = await seam.state(page);
    const mine = s.boards.filter((b) => b.seats.includes(s.toMove!)).map((b) => b.name);
    expect(mine).toHaveLength(7);
    for (const board of mine) {
      const side = await smallestSquare(page, board);
      console.log(`${width}×${height} ${board}: smallest square ${side.toFixed(1)} px`);
      expect(side).toBeGreaterThanOrEqual(24);
    }
    const boxes = await labelBoxes(page);
    expect(boxes.map((b) => b.name).sort()).toEqual(expect.arrayContaining(mine));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const apart = a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t;
        expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
      }
    if (process.env.SCREENSHOTS && width === 1280)
      await page.screenshot({ path: 'docs/my-boards-8.png' });
    // Switched off: every board again, and still no two labels overlap.
    await page.getByRole('button', { name: 'My boards' }).click();
    await settle(page);
    const all = await labelBoxes(page);
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [all[i], all[j]];
        expect(a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t).toBe(true);
      }
    await page.close();
  },
);

test('a North board of the human to move is turned: their pieces are at its near edge', async () => {
  const page = await open(1280, 800);
  await seam.newGame(page, config(3, 'balanced', 'turned'));
  await settle(page);
  // A to move sits South on AB: rank 1 is nearer (lower on the screen) than rank 8.
  let s = await seam.state(page);
  expect(s.toMove).toBe('A');
  const y = async (sq: string) => (await seam.screenOf(page, 'AB', sq))!.y;
  expect(await y('e1')).toBeGreaterThan(await y('e8'));
  // The square's name shows beside the mouse.
  const e2 = (await seam.screenOf(page, 'AC', 'e2'))!;
  await page.mouse.move(e2.x, e2.y);
  await expect.poll(() => page.locator('.square-tip').textContent()).toBe('AC e2');
  expect(await page.locator('.square-tip').isVisible()).toBe(true);
  if (process.env.SCREENSHOTS) {
    await page.getByRole('button', { name: 'Got it' }).click();
    await settle(page);
    await page.screenshot({ path: 'docs/pieces-3.png' });
  }
  expect(await seam.play(page, await findMove(page, QUIET))).toBe(true);
  await settle(page);
  s = await seam.state(page);
  expect(s.toMove).toBe('B');
  expect(s.boards.find((b) => b.name === 'AB')!.seats).toEqual(['A', 'B']);
  // B sits North on AB: the board is turned, rank 8 (B's side) is now the near edge.
  expect(await y('e8')).toBeGreaterThan(await y('e1'));
  // BC, where B sits South, is not turned.
  expect((await seam.screenOf(page, 'BC', 'e1'))!.y).toBeGreaterThan(
    (await seam.screenOf(page, 'BC', 'e8'))!.y,
  );
  await page.close();
});

test('a tap on a board whose squares are under 32 px zooms to it, and the next tap selects', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(8, 'balanced', 'my-boards'));
  await page.getByRole('button', { name: 'Got it' }).tap();
  await settle(page);
  const [from] = (await findMove(page, QUIET)).split('-');
  const [board, square] = [from.slice(0, 2), from.slice(-2)];
  const before = await smallestSquare(page, board);
  expect(before).toBeLessThan(32);
  let p = (await seam.screenOf(page, board, square))!;
  await page.touchscreen.tap(p.x, p.y);
  await settle(page);
  expect((await seam.state(page)).selected).toBeNull();
  expect(await smallestSquare(page, board)).toBeGreaterThanOrEqual(32);
  p = (await seam.screenOf(page, board, square))!;
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(150);
  expect((await seam.state(page)).selected).toEqual({ board, square });
  await context.close();
});
