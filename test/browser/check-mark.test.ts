/**
 * Flat pieces: a king in check keeps its army's colour (issue 50 item 7). Drawn as a badge, the
 * checked king shows its army's hue on screen; check is the red mark around it, not its fill.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { squareName, type Game } from '../../src/core';
import { channels, hueOf } from '../../src/scene/colourContrast';
import { coloursAt, config, openApp, seam, settle, withBrowser } from './harness';
import { replayed } from './replay';

let browser: Browser;
withBrowser((b) => (browser = b));

/** Actions (at most two plies) after which some king is in check. */
function toCheck(game: Game): string[] | null {
  const checked = (g: Game) => g.status().players.some((p) => p.checkedOn.length > 0);
  for (const a of game.legalActions()) {
    const once = game.play(a);
    if (!once.ok) continue;
    if (checked(once.value)) return [game.actionText(a)];
    for (const b of once.value.legalActions()) {
      const twice = once.value.play(b);
      if (twice.ok && checked(twice.value)) return [game.actionText(a), once.value.actionText(b)];
    }
  }
  return null;
}

test('R5.3 a king in check keeps its army colour as a flat badge', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  const c = config(3, 'balanced', 'flat-check');
  // Blue, green and yellow: none near the red of check.
  const colours = ['#3d8fe0', '#4fbf6f', '#e8c547'];
  c.players = c.players.map((p, i) => ({ ...p, colour: colours[i] }));
  await seam.newGame(page, c);
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  const line = toCheck(replayed(c, (await seam.state(page)).moves));
  expect(line, 'a check within two plies').not.toBeNull();
  for (const t of line!) expect(await seam.play(page, t)).toBe(true);
  const game = replayed(c, (await seam.state(page)).moves);
  const pos = game.position;
  const status = game.status();
  const p = status.players.findIndex((x) => x.checkedOn.length > 0);
  const boardName = status.players[p].checkedOn[0];
  const board = pos.g.names.indexOf(boardName);
  const army = hueOf(channels(game.players[p].colour)).hue;

  await page.getByRole('button', { name: 'Flat pieces' }).click();
  await page.getByRole('button', { name: 'My boards' }).click();
  await settle(page);
  // The badge floats over its square, towards the top of the screen: sample up from the centre.
  const square = squareName(pos.kingSquare(p, board));
  const centre = await seam.screenOf(page, boardName, square);
  expect(centre, `${boardName} ${square} on screen`).not.toBeNull();
  const offsets: [number, number][] = [];
  for (let dy = 0; dy <= 30; dy += 2) for (const dx of [-4, 0, 4]) offsets.push([dx, -dy]);
  const seen = await coloursAt(page, [[boardName, square]], offsets);
  const hues = seen.map(hueOf).filter((h) => h.saturation > 0.35);
  const gap = (h: number) => Math.min(Math.abs(h - army), 360 - Math.abs(h - army));
  // Some of the badge shows its army's own hue (a red-tinted king would show none).
  expect(
    hues.some((h) => gap(h.hue) < 20),
    JSON.stringify(seen),
  ).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
