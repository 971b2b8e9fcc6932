/**
 * Issue 47 item 2 in real Chromium: the better move of a key moment drawn as an arrow on the
 * boards, an arc from one board to the other for a shift (R4.1), in one draw; showing another
 * position clears it. Saves a screenshot (move-arrow.png, see savePicture).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Seam } from '../../src/app/seam';
import { config, drawFresh, openApp, savePicture, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const arrowOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.arrow());

const showArrow = (page: Page, arrow: { index: number; text: string } | null) =>
  page.evaluate(
    (a) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.showArrow(a),
    arrow,
  );

test('R4.1: a shift drawn as the arrow is an arc between its boards with a head; the next position clears it', async () => {
  const { page, errors } = await openApp(browser);
  await seam.newGame(page, config(3, 'balanced', 'move-arrow'));
  await settle(page);
  const actions = await page.evaluate(() =>
    (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.actions(),
  );
  const shift = actions.find((a) => /^[A-H]{2}:N?[a-h][1-8]-[A-H]{2}:[a-h][1-8]$/.test(a))!;
  expect(shift).toBeDefined();
  const index = (await seam.state(page)).moves.length;
  expect(await arrowOf(page)).toBeNull();
  await drawFresh(page);
  const before = (await seam.renderInfo(page)).calls;

  await showArrow(page, { index, text: shift });
  await drawFresh(page);
  const shown = (await arrowOf(page))!;
  const [fromBoard, toBoard] = [shift.slice(0, 2), shift.split('-')[1].slice(0, 2)];
  expect(shown.strokes).toEqual([
    {
      from: `${fromBoard}:${shift.match(/[a-h][1-8]/)![0]}`,
      to: `${toBoard}:${shift.slice(-2)}`,
      shift: true,
    },
  ]);
  // An arc of 24 segments and the two barbs of its head, in one more draw.
  expect(shown.segments).toBe(26);
  expect((await seam.renderInfo(page)).calls).toBe(before + 1);
  await savePicture(page, 'move-arrow.png');

  // Another position shown: the arrow is gone, and nothing is drawn of it.
  expect(
    await seam.play(
      page,
      actions.find((a) => a !== shift)!,
    ),
  ).toBe(true);
  await settle(page);
  await drawFresh(page);
  expect(await arrowOf(page)).toBeNull();
  // Shown there and cleared again: its draw comes and goes.
  const after = (await seam.renderInfo(page)).calls;
  const next = await page.evaluate(() =>
    (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.actions(),
  );
  await showArrow(page, { index: index + 1, text: next[0] });
  await drawFresh(page);
  expect((await arrowOf(page))!.segments).toBeGreaterThanOrEqual(3);
  expect((await seam.renderInfo(page)).calls).toBe(after + 1);
  await showArrow(page, null);
  await drawFresh(page);
  expect((await seam.renderInfo(page)).calls).toBe(after);
  expect(errors).toEqual([]);
  await page.close();
});
