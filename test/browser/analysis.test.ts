/**
 * The analysis board (issue 47 item 3) by real clicks: opened at a past position, a move played
 * for a bot's seat, the bots' best line with every player's evaluation, a side line and back in
 * the tree, then back to the game, which is unchanged; "Play from here" starts a game there,
 * whose bots play.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  QUIET,
  config,
  humanTurn,
  openApp,
  playByPointer,
  savePicture,
  seam,
  settle,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('ndchess.autosave'));

/** A quiet move of the position shown other than `not`, clickable on its two squares. */
async function quietMove(page: Page, not: string[] = []): Promise<string> {
  const all = await seam.actions(page);
  const move = all.find((t) => QUIET.test(t) && !/:K/.test(t) && !not.includes(t));
  if (!move) throw new Error(`no quiet move: ${all.slice(0, 20).join(' ')}`);
  return move;
}

test('the analysis board: a past position, a move for a bot seat, the best line, a side line, back to the unchanged game; Play from here', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  const c = config(3, 'balanced', 'analysis-board');
  c.players = c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 }));
  await seam.newGame(page, c);
  await settle(page);
  // Two rounds: the human moves, the bots answer.
  for (let round = 0; round < 2; round++) {
    await humanTurn(page);
    const length = (await seam.state(page)).moves.length;
    expect(await seam.play(page, await quietMove(page))).toBe(true);
    await expect
      .poll(async () => (await seam.state(page)).moves.length, { timeout: 30_000 })
      .toBe(length + 3);
  }
  await humanTurn(page);
  await settle(page);

  // A past position by a click in the move list: after the human's last move, a bot to move.
  const record = await seam.state(page);
  const humanLast = record.moves[record.moves.length - 3];
  await page
    .getByRole('region', { name: 'Move list' })
    .getByRole('button', { name: humanLast, exact: true })
    .last()
    .click();
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(record.moves.length - 2);
  await settle(page);
  const before = await seam.state(page);
  const bot = before.players.find((p) => p.label === before.toMove)!;
  expect(bot.kind).toBe('bot');
  await expect.poll(() => stored(page)).toContain(`"cursor":${before.cursor}`);
  const savedBefore = await stored(page);
  const legalBefore = await seam.actions(page);

  // Analyse: the banner says so; a move for the bot's seat, by clicks on its squares.
  await page.getByRole('button', { name: 'Analyse', exact: true }).click();
  const banner = page.getByTestId('analysis-banner');
  await expect.poll(() => banner.textContent()).toContain('Analysis — not part of the game');
  const first = await quietMove(page);
  await playByPointer(page, first);
  const tree = page.getByRole('region', { name: 'Moves tried' });
  await expect.poll(() => tree.textContent()).toContain(`${bot.label} ${first}`);
  let now = await seam.state(page);
  expect(now.moves).toEqual(before.moves);
  expect(now.cursor).toBe(before.cursor);
  expect(now.toMove).not.toBe(bot.label);

  // The bots' best line from there: one action per player, each with its score in numbers and words.
  const steps = page.getByTestId('best-line').locator('li');
  await expect.poll(() => steps.count(), { timeout: 60_000 }).toBe(3);
  const said = await steps.allTextContents();
  const names = before.players.map((p) => p.name);
  for (const line of said) {
    expect(line).toMatch(/[A-H]{2}:/);
    expect(line).toMatch(
      /([+-]\d+\.\d\d|0\.00|[+-]mate), (wins by force|loses by force|winning|better|slightly better|about even|slightly worse|worse|losing)/,
    );
  }
  // Every player is judged at their step of the line.
  expect(new Set(said.map((l) => names.find((n) => l.startsWith(n))))).toEqual(new Set(names));
  await savePicture(page, 'analysis-board.png');

  // Back to the start of the tree, and another move: a side line.
  await tree.getByRole('button', { name: 'Start', exact: true }).click();
  await settle(page);
  expect(await seam.actions(page)).toEqual(legalBefore);
  const second = await quietMove(page, [first]);
  await playByPointer(page, second);
  await expect.poll(() => tree.locator('.variation').count()).toBe(1);
  // Back in the tree to the first move.
  await tree.getByRole('button', { name: `${bot.label} ${first}`, exact: true }).click();
  await expect
    .poll(() => tree.locator('button.current').textContent())
    .toBe(`${bot.label} ${first}`);

  // Back to the game: as it was, saved as it was.
  await page.getByRole('button', { name: 'Back to game' }).click();
  await expect.poll(() => banner.count()).toBe(0);
  now = await seam.state(page);
  expect(now.moves).toEqual(before.moves);
  expect(now.cursor).toBe(before.cursor);
  expect(now.toMove).toBe(before.toMove);
  expect(await seam.actions(page)).toEqual(legalBefore);
  expect(await stored(page)).toBe(savedBefore);
  // No bot moved meanwhile, nor after (the game shows a past position).
  expect(now.moves).toEqual(record.moves);

  // Play from here: a new game from the sandbox's position, the human taking the seat to move.
  await page.getByRole('button', { name: 'Analyse', exact: true }).click();
  await playByPointer(page, first);
  const legalThere = await seam.actions(page);
  const mover = (await seam.state(page)).toMove;
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect.poll(() => banner.count()).toBe(0);
  const fresh = await seam.state(page);
  expect(fresh.moves).toEqual([]);
  expect(fresh.toMove).toBe(mover);
  expect(await seam.actions(page)).toEqual(legalThere);
  expect(fresh.players.map((p) => p.kind)).toEqual(
    fresh.players.map((p) => (p.label === mover ? 'human' : 'bot')),
  );
  // The old game stays the one saved in the browser.
  expect(await stored(page)).toBe(savedBefore);
  // The new game is played: the human's move, by clicks, then the bots' answers.
  await settle(page);
  await playByPointer(page, await quietMove(page));
  await expect.poll(async () => (await seam.state(page)).moves.length, { timeout: 30_000 }).toBe(3);
  expect((await seam.state(page)).notice).toBeNull();
  expect(await stored(page)).toBe(savedBefore);
  expect(errors).toEqual([]);
});
