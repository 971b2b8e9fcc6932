/**
 * What the camera frames and what covers what (issue 50 items 4 and 8, issue 45 item 2): after a
 * pass-and-play hand-over the view frames the new player's boards, each wholly in the scene and
 * clear of the side panel and of every overlay (the view toggles, a notice, the "Your move"
 * coach).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { QUIET, config, loadApp, openApp, seam, settle, type Box, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const handOver = (page: Page) => page.getByRole('dialog', { name: 'Pass the device' });

/** The overlays that may float over the scene, with their boxes on the page now. */
const OVERLAYS = ['.panel', '.view-toggles', '.hint', '.notice', '.demo-caption', '.demo-bar'];
const overlayBoxes = (page: Page) =>
  page.evaluate(
    (selectors) =>
      selectors.flatMap((s) =>
        [...document.querySelectorAll(s)].map((e) => {
          const r = e.getBoundingClientRect();
          return { what: s, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        }),
      ),
    OVERLAYS,
  );
const sceneBox = (page: Page): Promise<Box> =>
  page.evaluate(() => {
    const r = document.querySelector('.scene canvas')!.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The live boards of the player to move, their boxes on screen, and what hides any of them. */
async function moverBoardsHidden(page: Page): Promise<string[]> {
  const s = await seam.state(page);
  const mine = s.boards.filter((b) => b.live && b.seats.includes(s.toMove!)).map((b) => b.name);
  expect(mine.length).toBeGreaterThan(0);
  const view = await sceneBox(page);
  const overlays = await overlayBoxes(page);
  const problems: string[] = [];
  for (const name of mine) {
    const box = await seam.boardBox(page, name);
    if (!box) {
      problems.push(`${name} is behind the camera`);
      continue;
    }
    const inside =
      box.left >= view.left - 0.5 &&
      box.right <= view.right + 0.5 &&
      box.top >= view.top - 0.5 &&
      box.bottom <= view.bottom + 0.5;
    if (!inside) problems.push(`${name} ${JSON.stringify(box)} is not wholly in the scene`);
    for (const o of overlays)
      if (overlap(box, o)) problems.push(`${name} ${JSON.stringify(box)} is under ${o.what}`);
  }
  return problems;
}

for (const [width, height] of [
  [1024, 768],
  [1280, 800],
]) {
  test(`after a hand-over the view frames the new player's boards, clear of the panel and the overlays (${width}×${height})`, async () => {
    const { page, errors } = await openApp(browser);
    await page.setViewportSize({ width, height });
    const cfg = config(3, 'balanced', 'hand-over-framing');
    Object.assign(cfg.players[2], { kind: 'bot', level: 1 });
    expect(await seam.newGame(page, cfg)).toBe(true);
    await settle(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Hand-over screen between players').check();
    await page.keyboard.press('Escape');
    // Three turns of the two humans (the bot plays in between): each looks closely at a
    // board the other human does not sit at and moves there; the other takes the device and
    // sees their own boards framed in full.
    for (let turn = 0; turn < 3; turn++) {
      await expect.poll(() => handOver(page).count(), { timeout: 60_000 }).toBe(1);
      await handOver(page).getByRole('button').click();
      await settle(page);
      const s = await seam.state(page);
      const mover = s.toMove!;
      const humans = s.players.filter((p) => p.kind === 'human').map((p) => p.label);
      expect(humans).toContain(mover);
      expect({ turn, hidden: await moverBoardsHidden(page) }).toEqual({ turn, hidden: [] });
      const other = humans.find((l) => l !== mover)!;
      const away = (await seam.state(page)).boards.find(
        (b) => b.live && b.seats.includes(mover) && !b.seats.includes(other),
      )!.name;
      await page.locator(`.board-label[data-board="${away}"]`).click();
      await settle(page);
      const all = await seam.actions(page);
      const quiet =
        all.find((t) => new RegExp(`^${away}:[a-h][1-8]-[a-h][1-8]$`).test(t)) ??
        all.find((t) => QUIET.test(t)) ??
        all[0];
      expect(await seam.play(page, quiet)).toBe(true);
    }
    expect(errors).toEqual([]);
  });
}

/**
 * Pairs of an overlay and a control (or another overlay) that overlap on screen; an element and
 * what it holds do not count, nor do hidden ones (board labels off screen).
 */
const covered = (page: Page, overlays: string[], controls: string[]): Promise<string[]> =>
  page.evaluate(
    ([overlays, controls]) => {
      const shown = (selectors: string[]) =>
        selectors.flatMap((s) =>
          [...document.querySelectorAll(s)]
            .filter((e) => getComputedStyle(e).visibility !== 'hidden')
            .map((e) => ({ s, e, r: e.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && r.height > 0),
        );
      const name = (x: { s: string; e: Element }) =>
        `${x.s} ${x.e.getAttribute('data-board') ?? x.e.textContent?.trim().slice(0, 24) ?? ''}`;
      const out: string[] = [];
      for (const o of shown(overlays))
        for (const c of shown(controls)) {
          if (o.e === c.e || o.e.contains(c.e) || c.e.contains(o.e)) continue;
          const { r: a } = o;
          const { r: b } = c;
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            out.push(`${name(o)} covers ${name(c)}`);
        }
      return out;
    },
    [overlays, controls] as const,
  );

const VIEWPORTS = [
  [1280, 800],
  [1024, 768],
  [768, 1024],
] as const;

for (const [width, height] of VIEWPORTS)
  test(`no notice, caption or control covers another control or a board of the player to move (${width}×${height})`, async () => {
    const { page, errors } = await openApp(browser);
    await page.setViewportSize({ width, height });
    // A game against bots, the human to move with the "Your move" coach up.
    const cfg = config(3, 'balanced', 'nothing-covered');
    for (const k of [1, 2]) Object.assign(cfg.players[k], { kind: 'bot', level: 1 });
    expect(await seam.newGame(page, cfg)).toBe(true);
    await expect
      .poll(
        async () => {
          const s = await seam.state(page);
          return s.players.find((p) => p.label === s.toMove)?.kind;
        },
        { timeout: 60_000 },
      )
      .toBe('human');
    await expect.poll(() => page.locator('.hint').count()).toBe(1);
    await settle(page);
    expect(await moverBoardsHidden(page)).toEqual([]);
    expect(
      await covered(
        page,
        ['.view-toggles', '.hint', '.notice'],
        ['.view-toggles button', '.hint', '.notice', '.board-label', '.panel'],
      ),
    ).toEqual([]);

    // An import notice (a refused file: the longest, an error) covers no control and no board
    // of the player to move.
    await page.getByTestId('import-file').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"n-dimensional-chess","version":1,"setup":'),
    });
    await expect.poll(() => page.locator('.notice').count()).toBe(1);
    expect(await moverBoardsHidden(page)).toEqual([]);
    expect(
      await covered(page, ['.notice'], ['.view-toggles button', '.hint', '.board-label', '.panel']),
    ).toEqual([]);

    // Eight players: the view toggles cover no board's label.
    expect(await seam.newGame(page, config(8, 'balanced', 'nothing-covered-8'))).toBe(true);
    await settle(page);
    expect(await covered(page, ['.view-toggles'], ['.board-label'])).toEqual([]);

    // The demo: its caption and a notice (after taking over a seat) cover no control.
    await loadApp(page, `${new URL(page.url()).origin}/?demo&seed=show-54&speed=4`);
    await expect
      .poll(() => page.locator('.demo-caption .demo-text').textContent(), { timeout: 30_000 })
      .not.toBe('');
    expect(
      await covered(
        page,
        ['.demo-caption', '.demo-bar'],
        ['.view-toggles button', '.demo-bar button'],
      ),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('menuitem').first().click();
    await expect.poll(() => page.locator('.notice').count()).toBe(1);
    expect(
      await covered(
        page,
        ['.notice', '.view-toggles'],
        ['.view-toggles button', '.notice button', '.panel'],
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
