/** The same on a tablet: touch taps, a pinch that never selects, portrait layout. */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  SHIFT,
  config,
  findMove,
  launch,
  playByPointer,
  seam,
  settle,
  squarePoint,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('tablet (768×1024, touch): place, tap moves, pinch zoom', async () => {
  const context = await browser.newContext({
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(3, 'hand', 'tablet-seed'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).tap();

  // One placement by tapping, then the rest auto-placed (balanced).
  await page.locator('.tray-piece[data-piece="g1"]').tap();
  const s0 = await seam.state(page);
  const board = s0.toMove === 'A' ? 'AB' : 'BC';
  const bp = await squarePoint(page, board, 'd5');
  await page.touchscreen.tap(bp.x, bp.y);
  await settle(page, 100);
  expect((await seam.state(page)).moves).toHaveLength(1);
  await page.getByRole('button', { name: 'Auto-place everyone' }).tap();
  await settle(page);
  expect((await seam.state(page)).phase).toBe('play');

  // Tap a move and a board-shifting move.
  const mv = await findMove(page, SAME_BOARD_PAWN);
  await playByPointer(page, mv, true);
  expect((await seam.state(page)).moves.at(-1)).toBe(mv);
  const shift = await findMove(page, SHIFT);
  await playByPointer(page, shift, true);
  expect((await seam.state(page)).moves.at(-1)).toBe(shift);

  // A pinch (two fingers spreading) zooms and never selects.
  const before = await squarePoint(page, 'AB', 'e4');
  const cdp = await context.newCDPSession(page);
  const cx = 384;
  const cy = 300;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - d, y: cy, id: 1 },
              { x: cx + d, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (let d = 50; d <= 160; d += 10) {
    await touch('touchMove', d);
    await page.waitForTimeout(16);
  }
  await touch('touchEnd', 0);
  await page.waitForTimeout(800);
  await settle(page, 200);
  const after = await seam.screenOf(page, 'AB', 'e4');
  const s = await seam.state(page);
  expect(s.selected).toBeNull();
  expect(after === null || Math.hypot(after.x - before.x, after.y - before.y) > 5).toBe(true);

  // The panel fits a portrait tablet: below the scene, inside the viewport.
  const panel = await page.locator('.panel').boundingBox();
  expect(panel!.y + panel!.height).toBeLessThanOrEqual(1024.5);
  expect(panel!.width).toBeLessThanOrEqual(768.5);
  await context.close();
});

test('landscape tablet 1024×768 fits', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await seam.newGame(page, config(4, 'balanced'));
  await settle(page);
  for (const name of ['AB', 'CD']) expect(await seam.screenOf(page, name, 'e4')).not.toBeNull();
  const box = await page.locator('.panel').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024.5);
  await context.close();
});
