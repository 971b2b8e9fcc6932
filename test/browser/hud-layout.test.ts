/**
 * Issue 61 items 2 and 3: the HUD at 1024×768 and 1280×800. Every control stays in sight and
 * takes a click at its centre while the panel is at its fullest (the "Your move" coach, every
 * move since yours, the threats, at 3 players the king's "why not" list), and on the analysis
 * board beside its help; no board label covers a square of a labelled board; and the move list
 * fits its panel at 3, 5 and 8 players: the round column stays in sight while the players'
 * columns scroll, and at 3 players no column is cut.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  QUIET,
  clickSquare,
  config,
  openApp,
  savePicture,
  seam,
  settle,
  squaresOf,
  withBrowser,
  type Seam,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const VIEWPORTS = [
  [1024, 768],
  [1280, 800],
] as const;

/** A game of n humans (hints and threats offered), after a round of quiet moves (and a shift if any). */
async function fullGame(page: Page, n: number): Promise<void> {
  expect(await seam.newGame(page, config(n, 'balanced', `hud-${n}`))).toBe(true);
  for (let i = 0; i < n; i++) {
    const all = await seam.actions(page);
    // Shifts first: the longest moves in the move list.
    const move =
      all.find((t) => /^[A-H]{2}:[NBRQ]?[a-h][1-8]-[A-H]{2}:/.test(t)) ??
      all.find((t) => QUIET.test(t))!;
    expect(await seam.play(page, move)).toBe(true);
  }
  await page.getByTestId('threats-toggle').check();
  await expect.poll(() => page.getByTestId('threats').locator('li').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.hint').count()).toBe(1);
  await settle(page);
}

/** The game's controls: its buttons, the draw offer, the advice, the coach's button, the view toggles. */
const GAME_CONTROLS =
  '.panel .controls button, .panel .draw-offer button, .advice-controls button, .advice-controls input, .hint button, .view-toggles button';
/** The analysis board's: back to the game, the seats, play from here, the view toggles. */
const ANALYSIS_CONTROLS =
  '.analysis-banner button, .analysis-play summary, .analysis-play > button, .view-toggles button';

/**
 * The controls (`selector`) that are not in sight or do not take a click at their centre
 * (another element there); and the move list (or the analysis tree) if it has no room to be
 * read, or its help text runs out of it.
 */
const unreachable = (page: Page, selector = GAME_CONTROLS): Promise<string[]> =>
  page.evaluate((selector) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const name = el.textContent?.trim() || el.getAttribute('data-testid') || el.tagName;
      const inView = r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      const hit = document.elementFromPoint(x, y);
      if (!inView || !hit || !(hit === el || el.contains(hit)))
        out.push(`${name} at ${Math.round(x)},${Math.round(y)}: ${hit?.className ?? 'nothing'}`);
    }
    const moves = document.querySelector('.moves')!.getBoundingClientRect();
    if (moves.height < 40 || moves.bottom > innerHeight) out.push(`move list ${moves.height} px`);
    const help = document.querySelector('.analysis-tree p')?.getBoundingClientRect();
    if (help && (help.left < moves.left || help.right > moves.right || help.bottom > moves.bottom))
      out.push('the analysis help runs out of the tree');
    return out;
  }, selector);

/** Labels shown whose box covers the centre of a square of a board that carries a label. */
const labelsOverSquares = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const api = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__;
    const shown = [...document.querySelectorAll<HTMLElement>('.board-label')].filter(
      (el) => getComputedStyle(el).visibility === 'visible',
    );
    const out: string[] = [];
    for (const board of shown.map((el) => el.dataset.board!))
      for (const f of 'abcdefgh')
        for (const r of '12345678') {
          const at = api.screenOf(board, f + r);
          if (!at) continue;
          for (const el of shown) {
            const box = el.getBoundingClientRect();
            if (at.x > box.left && at.x < box.right && at.y > box.top && at.y < box.bottom)
              out.push(`${el.dataset.board} covers ${board} ${f}${r}`);
          }
        }
    return out;
  });

/** What of the move list is cut: the round column, a player's column, the current move. */
const moveListCut = (page: Page, allColumnsShown: boolean): Promise<string[]> =>
  page.evaluate((allColumnsShown) => {
    const box = document.querySelector('.moves')!;
    const view = box.getBoundingClientRect();
    const out: string[] = [];
    const { scrollLeft, scrollTop } = box;
    /** Is el wholly within the list's box, and is it what a click at its centre reaches? */
    const seen = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (r.left < view.left - 1 || r.right > view.right + 1 || !hit || !el.contains(hit))
        out.push(
          `${what} [${Math.round(r.left)}, ${Math.round(r.right)}] in [${Math.round(view.left)}, ${Math.round(view.right)}]`,
        );
    };
    // As shown: scrolled to the current move (the last player's, the right-most column).
    seen(box.querySelector('thead .num button')!, 'start');
    seen(box.querySelector('button.current')!, 'current move');
    // The placement row, scrolled up to (as it stands sideways).
    box.scrollTop = 0;
    seen(box.querySelector('.placement-toggle button')!, 'placement row');
    const heads = [...box.querySelectorAll('thead th[data-player]')];
    if (allColumnsShown && box.scrollWidth > box.clientWidth + 1)
      out.push(`scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
    // Every player's column can be brought into sight, clear of the round column.
    for (const th of heads) {
      th.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      seen(th, `column ${th.textContent}`);
      seen(box.querySelector('thead .num button')!, `start beside ${th.textContent}`);
    }
    box.scrollTo(scrollLeft, scrollTop);
    return out;
  }, allColumnsShown);

for (const n of [3, 8])
  test(`${n} players at 1024×768 and 1280×800: every control in sight and clickable, no label over a square, the move list uncut`, async () => {
    const { page, errors } = await openApp(browser);
    await page.evaluate(() => localStorage.clear());
    await fullGame(page, n);
    if (n === 3) {
      // The mover's king selected by a click: why it may not go elsewhere is listed too.
      const kingMove = (await seam.actions(page)).find((t) => /^[A-H]{2}:K[a-h][1-8]-/.test(t));
      await clickSquare(page, ...squaresOf(kingMove!)!.from);
      await expect.poll(() => page.getByTestId('why-not').locator('li').count()).toBeGreaterThan(0);
    }
    for (const [width, height] of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      await settle(page);
      const size = `${width}×${height}`;
      expect({ size, unreachable: await unreachable(page) }).toEqual({ size, unreachable: [] });
      expect({ size, covered: await labelsOverSquares(page) }).toEqual({ size, covered: [] });
      expect({ size, cut: await moveListCut(page, n === 3) }).toEqual({ size, cut: [] });
      if (width === 1024) await savePicture(page, `hud-${n}-${width}x${height}.png`);
    }
    // The analysis board: its help in the tree, its controls clear of it.
    await page.getByRole('button', { name: 'Analyse' }).click();
    await expect.poll(() => page.locator('.analysis-tree p').count()).toBe(1);
    expect(await unreachable(page, ANALYSIS_CONTROLS)).toEqual([]);
    expect(errors).toEqual([]);
  });

test('5 players: the move list fits its panel (the round column stays, the players scroll)', async () => {
  const { page, errors } = await openApp(browser);
  await fullGame(page, 5);
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await settle(page);
    const size = `${width}×${height}`;
    expect({ size, cut: await moveListCut(page, false) }).toEqual({ size, cut: [] });
  }
  expect(errors).toEqual([]);
});
