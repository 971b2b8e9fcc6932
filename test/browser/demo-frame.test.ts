/**
 * The demo's take-over menu and framing (issue #12, item 12; issue #61, item 9): opening "Take
 * over" holds the show (closing it plays on), and the director frames its shots inside the area
 * the caption card and the control bar leave free, so that no board label hides under them and
 * no board is cut at the scene's edge or hidden behind the control bar.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openApp, seam, settle, observe, withBrowser, type Box } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const moves = async (page: Page) => (await seam.state(page)).moves.length;

/** Board labels that overlap the control bar or the caption card. */
function hiddenLabels(page: Page) {
  return page.evaluate(() => {
    const rect = (el: Element | null) => el?.getBoundingClientRect() ?? null;
    const bar = rect(document.querySelector('.demo-bar'))!;
    const caption = rect(document.querySelector('.demo-caption'))!;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const labels = [...document.querySelectorAll('.board-label')].filter(
      (el) => (el as HTMLElement).offsetParent !== null,
    );
    return {
      count: labels.length,
      hidden: labels
        .filter((el) => overlaps(rect(el)!, bar) || overlaps(rect(el)!, caption))
        .map((el) => el.textContent),
    };
  });
}

test('opening "Take over" holds the show; closing the menu plays on', async () => {
  const { page, errors } = await openApp(browser, '?demo&seed=show-54&speed=4');
  await expect.poll(() => moves(page), { timeout: 60_000 }).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Take over' }).click();
  await page.getByRole('menu', { name: 'Take over a seat' }).waitFor();
  expect((await seam.state(page)).demo!.paused).toBe(true);
  const n = await moves(page);
  await observe(page, 120);
  expect(await moves(page)).toBe(n);
  await page.getByRole('button', { name: 'Take over' }).click();
  expect((await seam.state(page)).demo!.paused).toBe(false);
  await expect.poll(() => moves(page), { timeout: 30_000 }).toBeGreaterThan(n);
  expect(errors).toEqual([]);
  await page.close();
});

test('the shots keep every board label clear of the control bar and the caption', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 640 },
  ]) {
    const { page, errors } = await openApp(browser, '?demo&seed=show-54&speed=4');
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Pause' }).click();
    // A frame-all shot, as during placement and quiet stretches.
    await page.keyboard.press('Space');
    await expect.poll(() => moves(page), { timeout: 60_000 }).toBeGreaterThan(2);
    await page.keyboard.press('Space');
    await settle(page);
    const seen = await hiddenLabels(page);
    expect(seen.count, `${viewport.width}×${viewport.height}`).toBe(10);
    expect(seen.hidden, `${viewport.width}×${viewport.height}`).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }
});

/** A show whose first collapse comes early, after an elimination (scripts/demoSeeds.ts). */
const SHOW = 'show-145';

/** Press Pause from the page the moment the caption matches `pattern` (before the next move). */
const pauseWhen = (page: Page, pattern: string) =>
  page.evaluate((source) => {
    const caption = document.querySelector('[data-testid="demo-caption"]')!;
    const observer = new MutationObserver(() => {
      if (!new RegExp(source).test(caption.textContent!)) return;
      observer.disconnect();
      document.querySelector<HTMLButtonElement>('.demo-bar .demo-play')!.click();
    });
    observer.observe(caption, { childList: true, characterData: true, subtree: true });
  }, pattern);

/**
 * Those of `boards` whose projected corners are not all in the visible part of the scene: inside
 * the canvas and clear of the caption card and the control bar.
 */
async function outOfView(page: Page, boards: string[]): Promise<string[]> {
  const { view, covers } = await page.evaluate(() => {
    const box = (e: Element): Box => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    return {
      view: box(document.querySelector('.scene canvas')!),
      covers: ['.demo-caption', '.demo-bar'].map((s) => box(document.querySelector(s)!)),
    };
  });
  const out: string[] = [];
  for (const name of boards) {
    const b = await seam.boardBox(page, name);
    const inside =
      b &&
      b.left >= view.left &&
      b.right <= view.right &&
      b.top >= view.top &&
      b.bottom <= view.bottom &&
      !covers.some(
        (c) => b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom,
      );
    if (!inside) out.push(`${name} ${JSON.stringify(b && Object.values(b).map(Math.round))}`);
  }
  return out;
}

for (const [width, height] of [
  [1280, 800],
  [1024, 768],
])
  test(`an elimination's boards and, after a collapse, every board are framed in the visible part of the scene (${width}×${height})`, async () => {
    const { page, errors } = await openApp(browser, `?demo&seed=${SHOW}&speed=4`);
    await page.setViewportSize({ width, height });
    const paused = () => seam.state(page).then((s) => s.demo!.paused);
    const play = () => page.getByRole('button', { name: 'Play' }).click();

    // The caption card names the rules of the show.
    await expect
      .poll(() => page.getByTestId('demo-rules').textContent())
      .toBe('Dimensional Collapse · as written (no Quiet shifts)');

    // The close-up of an elimination: the boards of the player eliminated.
    await pauseWhen(page, 'is eliminated');
    await expect.poll(paused, { timeout: 120_000 }).toBe(true);
    await settle(page);
    let s = await seam.state(page);
    const gone = s.players.find((p) => s.demo!.caption.includes(`${p.name} is eliminated`))!;
    const theirs = s.boards.filter((b) => b.live && b.seats.includes(gone.label));
    expect(theirs.length).toBeGreaterThan(0);
    expect(
      await outOfView(
        page,
        theirs.map((b) => b.name),
      ),
    ).toEqual([]);

    // The whole graph once a collapse has taken boards away.
    await pauseWhen(page, '^Collapse: ');
    await play();
    await expect.poll(paused, { timeout: 120_000 }).toBe(true);
    await settle(page);
    s = await seam.state(page);
    const live = s.boards.filter((b) => b.live).map((b) => b.name);
    expect(live.length).toBeLessThan(10);
    expect(await outOfView(page, live)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
