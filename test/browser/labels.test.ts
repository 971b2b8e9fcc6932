/**
 * The board labels drawn by the GPU while they move (issue #17, 4): each picture looks as its
 * button does and stands where it does, and a glide at 8 players moves the pictures without
 * writing a style; at rest the buttons show the labels.
 */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  QUIET,
  config,
  findMove,
  framesDrawn,
  fullResolution,
  loadApp,
  nextFrames,
  seam,
  settle,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

interface Box {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The boxes of the label buttons that are shown. */
const shownLabels = (page: Page): Promise<Box[]> =>
  page.$$eval('.board-label', (els) =>
    els
      .filter((el) => getComputedStyle(el).visibility === 'visible')
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute('data-board')!, x: r.x, y: r.y, w: r.width, h: r.height };
      }),
  );

/** Clear the label buttons (opacity 0: still laid out, not seen) or show them again. */
const clearButtons = (page: Page, clear: boolean) =>
  page.$$eval(
    '.board-label',
    (els, clear) => els.forEach((el) => ((el as HTMLElement).style.opacity = clear ? '0' : '')),
    clear,
  );

/**
 * Screenshots of the labels as the buttons show them (at rest), as their pictures in the canvas
 * show them (drawn on request, the buttons cleared) and with neither; at full resolution.
 */
async function buttonsAndPictures(page: Page) {
  await fullResolution(page);
  expect((await seam.scene(page)).labelPictures).toBe(false);
  const buttons = await page.screenshot();
  await clearButtons(page, true);
  await seam.labelPictures(page, true);
  await settle(page);
  const pictures = await page.screenshot();
  await seam.labelPictures(page, false);
  await settle(page);
  const neither = await page.screenshot();
  await clearButtons(page, false);
  return { buttons, pictures, neither };
}

/** Mean absolute difference (0–255 a channel) of two screenshots within each box. */
function difference(page: Page, a: Buffer, b: Buffer, boxes: Box[]): Promise<number[]> {
  return page.evaluate(
    async ([a, b, boxes]) => {
      const pixels = async (png: string) => {
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [p, q] = [await pixels(a), await pixels(b)];
      return boxes.map(({ x, y, w, h }) => {
        let sum = 0;
        let n = 0;
        for (let j = Math.floor(y); j < y + h; j++)
          for (let i = Math.floor(x); i < x + w; i++, n += 3)
            for (let c = 0, k = 4 * (j * p.width + i); c < 3; c++)
              sum += Math.abs(p.data[k + c] - q.data[k + c]);
        return sum / n;
      });
    },
    [a.toString('base64'), b.toString('base64'), boxes] as const,
  );
}

test('a label’s picture in the canvas looks as its button (R9.2 countdown, R9.3 crown) and stands where it does', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, {
    ...config(4, 'balanced', 'labels-look'),
    options: { collapse: true, cowardly: true },
  });
  await page.getByRole('button', { name: 'Got it' }).click();
  await settle(page);
  // A resigns: A's three boards count down to their collapse, A's king on each.
  expect(await seam.play(page, 'resign')).toBe(true);
  await settle(page);
  const boxes = await shownLabels(page);
  expect(boxes.map((b) => b.name).sort()).toEqual(['AB', 'AC', 'AD', 'BC', 'BD', 'CD']);
  const { buttons, pictures, neither } = await buttonsAndPictures(page);
  const same = await difference(page, pictures, buttons, boxes);
  const drawn = await difference(page, pictures, neither, boxes);
  console.log(
    boxes
      .map(
        (b, i) =>
          `${b.name}: ${same[i].toFixed(1)} from its button, ${drawn[i].toFixed(1)} from none`,
      )
      .join('; '),
  );
  for (const [i, box] of boxes.entries()) {
    expect(same[i], `${box.name}'s picture against its button`).toBeLessThan(4);
    expect(drawn[i], `${box.name}'s picture against none`).toBeGreaterThan(15);
  }
  await page.close();
});

test('8 players: while the boards glide the canvas draws the labels and no style is written to one; once still the buttons show them where they were drawn', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(8, 'balanced', 'labels-glide'));
  await settle(page);
  await page.evaluate(() => {
    const w = window as unknown as { labelWrites: number };
    w.labelWrites = 0;
    new MutationObserver((changes) => (w.labelWrites += changes.length)).observe(
      document.querySelector('.labels')!,
      { attributes: true, attributeFilter: ['style'], subtree: true },
    );
  });
  const writes = () =>
    page.evaluate(() => (window as unknown as { labelWrites: number }).labelWrites);
  await seam.slowMotion(page, 4);
  expect(await seam.play(page, await findMove(page, QUIET))).toBe(true);
  // Landed, the table turns to the next player: the boards glide.
  const gliding = async () => (await seam.scene(page)).moving;
  await expect.poll(gliding, { timeout: 20_000, interval: 50 }).toBe(true);
  await nextFrames(page);
  expect((await seam.scene(page)).labelPictures).toBe(true);
  const before = await writes();
  await framesDrawn(page, 4);
  expect(await gliding()).toBe(true);
  expect(await writes()).toBe(before);
  await seam.slowMotion(page, 1);
  await settle(page);
  expect(await writes()).toBeGreaterThan(before);
  // Still: the buttons show the labels again, each where its picture was drawn.
  const boxes = await shownLabels(page);
  expect(boxes.length).toBeGreaterThanOrEqual(7);
  const { buttons, pictures } = await buttonsAndPictures(page);
  const apart = (await difference(page, pictures, buttons, boxes)).flatMap((d, i) =>
    d < 4 ? [] : [`${boxes[i].name} ${d.toFixed(1)}`],
  );
  expect(apart).toEqual([]);
  await page.close();
});
