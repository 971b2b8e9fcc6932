/**
 * Seeing the game (issue #11, 4–8): "my boards" at 8 players (squares ≥ 24 px, labels apart),
 * a North board of the human turned towards them. With SCREENSHOTS=1 it also saves the README's
 * pictures of the pieces (3 players) and of "my boards" (8 players) (see savePicture).
 */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  coloursAt,
  config,
  findMove,
  QUIET,
  loadApp,
  savePicture,
  seam,
  settle,
  drawFresh,
  duringAnimation,
  observe,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await loadApp(page, inject('baseUrl'));
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
    if (process.env.SCREENSHOTS && width === 1280) await savePicture(page, 'my-boards-8.png');
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
    await savePicture(page, 'pieces-3.png');
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

test('the table turns to the next human only once the move has landed', async () => {
  const page = await open(1280, 800);
  await seam.newGame(page, config(3, 'balanced', 'turn-after-landing'));
  await settle(page);
  const y = async (sq: string) => (await seam.screenOf(page, 'AB', sq))!.y;
  // A sits South on AB: rank 1 is the near edge.
  expect(await y('e1')).toBeGreaterThan(await y('e8'));
  await seam.slowMotion(page, 8);
  expect(await seam.play(page, await findMove(page, QUIET))).toBe(true);
  // While the move flies (380 ms × 8) B is to move, but the boards still stand for A.
  await duringAnimation(page, async () => {
    expect((await seam.state(page)).toMove).toBe('B');
    expect((await seam.scene(page)).moving).toBe(false);
    expect(await y('e1')).toBeGreaterThan(await y('e8'));
  });
  await settle(page);
  // Landed: AB is turned for B (North on it), rank 8 near.
  expect(await y('e8')).toBeGreaterThan(await y('e1'));
  await seam.slowMotion(page, 1);
  await page.close();
});

test('a tap on a board whose squares are under 32 px zooms to it, and the next tap selects', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await loadApp(page, inject('baseUrl'));
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
  await expect.poll(async () => (await seam.state(page)).selected).toEqual({ board, square });
  await context.close();
});

/** A 3-player game on a desktop page, its first-move tip dismissed, the scene settled. */
async function openGame(seed: string): Promise<Page> {
  const page = await open(1280, 800);
  await seam.newGame(page, config(3, 'balanced', seed));
  await page.getByRole('button', { name: 'Got it' }).click();
  await settle(page);
  return page;
}

/** Where the camera is (world coordinates). */
function cameraPosition(page: Page): Promise<number[]> {
  type Api = { camera(): { position: number[] } | null };
  return page.evaluate(
    () => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.camera()!.position,
  );
}

test('the wheel zooms between limits: never into the pieces, never out of sight', async () => {
  const page = await openGame('zoom');
  // "Frame all" looks at the layout's centre, the origin.
  const distance = async () => Math.hypot(...(await cameraPosition(page)));
  const start = await distance();
  await page.mouse.move(480, 400);
  // Far past each limit (camera-controls dollies by the wheel's delta, in few events or many).
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -1200);
  await settle(page);
  const nearest = await distance();
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 1200);
  await settle(page);
  const farthest = await distance();
  console.log(
    `zoom: ${start.toFixed(1)} at start, ${nearest.toFixed(1)} nearest, ${farthest.toFixed(1)} farthest`,
  );
  expect(nearest).toBeGreaterThanOrEqual(7 - 0.01);
  expect(nearest).toBeLessThan(start);
  expect(farthest).toBeLessThanOrEqual(start * 2.5 + 0.01);
  expect(farthest).toBeGreaterThan(start);
  await page.close();
});

test('the boards are lit by the scene’s lights (constants in their shaders): light and dark squares read as such', async () => {
  const page = await open(1280, 800);
  const shaderErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /shader|WebGLProgram/i.test(m.text())) shaderErrors.push(m.text());
  });
  await seam.newGame(page, config(3, 'balanced', 'lighting'));
  await settle(page);
  // e4 is a light square and d4 a dark one; both are empty at the start.
  const [light, dark] = await coloursAt(page, [
    ['AB', 'e4'],
    ['AB', 'd4'],
  ]);
  const sum = (c: number[]) => c[0] + c[1] + c[2];
  console.log(`lit squares: light ${light.join(',')}, dark ${dark.join(',')}`);
  // Unlit (no light reaching the standard materials) both would be near black.
  expect(sum(light)).toBeGreaterThan(400);
  expect(sum(dark)).toBeGreaterThan(120);
  expect(sum(light) - sum(dark)).toBeGreaterThan(100);
  expect(shaderErrors).toEqual([]);
  await page.close();
});

test('a mouse drag orbits the view, and so does the next one, from rest (the controls skip still frames)', async () => {
  const page = await openGame('orbit');
  const position = () => cameraPosition(page);
  const drag = async (dx: number) => {
    // Empty space above the boards: a drag there only turns the view.
    await page.mouse.move(300, 120);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(300 + (dx * i) / 10, 120);
      await observe(page, 1);
    }
    await page.mouse.up();
    await settle(page);
  };
  const moved = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const start = await position();
  await drag(200);
  const first = await position();
  expect(moved(start, first)).toBeGreaterThan(1);
  // Some still frames, at rest, then another drag.
  await drawFresh(page);
  expect(moved(first, await position())).toBe(0);
  await drag(-120);
  expect(moved(first, await position())).toBeGreaterThan(1);
  expect((await seam.state(page)).selected).toBeNull();
  await page.close();
});
