/**
 * Drag to move (issue 45 item 3): a piece dragged by mouse or by finger to a target plays there,
 * also to another of the player's boards (a shift); the camera holds still under a dragged piece,
 * a drag from empty space still turns it, and click-click still plays.
 */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  SHIFT,
  QUIET,
  config,
  findMove,
  loadApp,
  nextFrames,
  playByPointer,
  savePicture,
  seam,
  settle,
  squarePoint,
  squaresOf,
  openTablet,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Point = { x: number; y: number };

/** Where a few squares of every board are on screen: the camera stood still if they did. */
async function view(page: Page): Promise<(Point | null)[]> {
  const out = [];
  for (const b of ['AB', 'AC', 'BC'])
    for (const sq of ['a1', 'h8']) out.push(await seam.screenOf(page, b, sq));
  return out;
}

/** Mouse press at `from`, travel to `to` in steps; `during` runs before the release. */
async function mouseDrag(page: Page, from: Point, to: Point, during?: () => Promise<void>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await nextFrames(page);
  await during?.();
  await page.mouse.up();
  await nextFrames(page);
}

/** A quiet move that is no castling and no king move, whose squares are both on screen. */
async function movable(page: Page, re: RegExp): Promise<string> {
  for (const t of await seam.actions(page)) {
    const sq = squaresOf(t);
    if (!re.test(t) || !sq || /:K/.test(t)) continue;
    if ((await seam.screenOf(page, ...sq.from)) && (await seam.screenOf(page, ...sq.to))) return t;
  }
  return findMove(page, re);
}

test('mouse: drag to a target, to another board (a shift), off a target; empty space orbits; click-click', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  await seam.newGame(page, config(3, 'balanced', 'drag-seed'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  await settle(page);

  // A drag on one board: the piece is selected while it travels, the camera holds still.
  const mv = await movable(page, QUIET);
  const sq = squaresOf(mv)!;
  const before = await view(page);
  const to = await squarePoint(page, ...sq.to);
  await mouseDrag(page, await squarePoint(page, ...sq.from), to, async () => {
    const s = await seam.state(page);
    expect(s.selected).toEqual({ board: sq.from[0], square: sq.from[1] });
    expect(s.moves.at(-1)).not.toBe(mv);
    expect(await view(page)).toEqual(before);
    await savePicture(page, 'drag.png');
    // The piece's ghost follows the pointer.
    const ghost = await page.getByTestId('drag-ghost').boundingBox();
    expect(
      Math.hypot(ghost!.x + ghost!.width / 2 - to.x, ghost!.y + ghost!.height / 2 - to.y),
    ).toBeLessThan(2);
  });
  await settle(page);
  expect((await seam.state(page)).moves.at(-1)).toBe(mv);
  expect(await page.getByTestId('drag-ghost').count()).toBe(0);

  // A drag that ends on another of the player's boards: a shift.
  const shift = await movable(page, SHIFT);
  const sh = squaresOf(shift)!;
  await mouseDrag(page, await squarePoint(page, ...sh.from), await squarePoint(page, ...sh.to));
  await settle(page);
  expect((await seam.state(page)).moves.at(-1)).toBe(shift);

  // Dropped off every target: nothing is played, the piece stays selected.
  const next = await movable(page, QUIET);
  const nx = squaresOf(next)!;
  const played = (await seam.state(page)).moves.length;
  const from = await squarePoint(page, ...nx.from);
  await mouseDrag(page, from, { x: 4, y: 4 });
  await settle(page);
  let s = await seam.state(page);
  expect(s.moves).toHaveLength(played);
  expect(s.selected).toEqual({ board: nx.from[0], square: nx.from[1] });
  // A click on the selected piece puts it down.
  await page.mouse.click(from.x, from.y);
  await settle(page);
  expect((await seam.state(page)).selected).toBeNull();

  // A drag from empty space (the top-left corner, between the stars) turns the camera.
  const still = await view(page);
  await mouseDrag(page, { x: 20, y: 400 }, { x: 260, y: 440 });
  await settle(page);
  s = await seam.state(page);
  expect(s.selected).toBeNull();
  expect(s.moves).toHaveLength(played);
  expect(await view(page)).not.toEqual(still);

  // Click-click still plays.
  await page.keyboard.press('f');
  await settle(page);
  await playByPointer(page, next);
  expect((await seam.state(page)).moves.at(-1)).toBe(next);
  await page.close();
});

test('touch: a finger drags a piece to its target; a small board zooms first', async () => {
  const { context, page } = await openTablet(browser, 1024, 768);
  await seam.newGame(page, config(3, 'balanced', 'drag-touch'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).tap();
  await settle(page);
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }],
    });

  const mv = await movable(page, QUIET);
  const sq = squaresOf(mv)!;
  // A tap on the piece: on a board too small for a finger it zooms there, else it selects
  // the piece; a second tap, once still, puts it down again.
  const p0 = await squarePoint(page, ...sq.from);
  await page.touchscreen.tap(p0.x, p0.y);
  await settle(page);
  if ((await seam.state(page)).selected) {
    await page.touchscreen.tap(p0.x, p0.y);
    await settle(page);
  }
  expect((await seam.state(page)).selected).toBeNull();

  const from = await squarePoint(page, ...sq.from);
  const to = await squarePoint(page, ...sq.to);
  const before = await view(page);
  await touch('touchStart', from);
  for (let k = 1; k <= 12; k++)
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * k) / 12,
      y: from.y + ((to.y - from.y) * k) / 12,
    });
  await nextFrames(page);
  expect((await seam.state(page)).selected).toEqual({ board: sq.from[0], square: sq.from[1] });
  expect(await view(page)).toEqual(before);
  await touch('touchEnd', to);
  await settle(page);
  expect((await seam.state(page)).moves.at(-1)).toBe(mv);
  await context.close();
});
