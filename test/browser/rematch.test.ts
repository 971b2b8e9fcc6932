/**
 * Rematch (issue 45 item 9): when a game ends, "Rematch" starts the same table (players, seats,
 * options) with a new seed, from the game-over dialog and, once it is closed, from the controls;
 * "New game" still opens the setup screen. An imported game's rematch places the armies as they
 * were placed; a human who resigns against bots gets the end dialog at once, and may watch the
 * bots finish (issue #61 item 6).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Game, defaultSetup, saveGame } from '../../src/core';
import { HUMANS_OUT_TEXT } from '../../src/text';
import { config, observe, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

/** Two players (R7): the human, to move, resigns by the Resign button, and the game is over. */
async function resign(page: Page) {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect.poll(async () => (await seam.state(page)).phase).toBe('over');
}

test('after a game ends, Rematch starts the same table with a new seed', async () => {
  const { page, errors } = await openApp(browser);
  const table = config(2, 'balanced', 'rematch');
  table.players[1] = { ...table.players[1], kind: 'bot', level: 1 };
  expect(await seam.newGame(page, table)).toBe(true);
  await settle(page);
  // The seats by name (the turn order is the seed's, so it may change).
  const seats = async () =>
    (await seam.state(page)).players
      .map((p) => [p.name, p.kind, p.level ?? null])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const before = await seats();
  const seed = async () => (await seam.state(page)).seed;
  const humanToMove = async () => {
    const s = await seam.state(page);
    return s.players.find((p) => p.label === s.toMove)?.kind === 'human';
  };
  const firstSeed = await seed();

  await expect.poll(humanToMove).toBe(true);
  await resign(page);
  const over = page.getByRole('dialog', { name: 'Game over' });
  await over.getByRole('button', { name: 'Rematch' }).click();
  await expect.poll(async () => (await seam.state(page)).phase).toBe('play');
  expect(await seats()).toEqual(before);
  expect(await seed()).not.toBe(firstSeed);

  // Closed the dialog to look at the boards: the controls offer the rematch in Resign's place.
  await expect.poll(humanToMove).toBe(true);
  await resign(page);
  await page
    .getByRole('dialog', { name: 'Game over' })
    .getByRole('button', { name: 'Look at the boards' })
    .click();
  const secondSeed = await seed();
  await page.locator('.controls').getByRole('button', { name: 'Rematch' }).click();
  await expect.poll(async () => (await seam.state(page)).phase).toBe('play');
  expect(await seats()).toEqual(before);
  expect(await seed()).not.toBe(secondSeed);
  expect(errors).toEqual([]);
  await page.close();
});

test('issue #61 item 6: the rematch of an imported game places the armies as they were placed (balanced), not by hand', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  expect(await seam.newGame(page, config(3, 'balanced', 'before-import'))).toBe(true);
  // Placed automatically (balanced), then two players resign: the game is over.
  const created = Game.create(defaultSetup(3, 'imported-rematch'));
  if (!created.ok) throw new Error(created.error.message);
  let game = created.value.autoPlace('balanced', 'all');
  for (const action of ['resign', 'resign']) if (game.ok) game = game.value.play(action);
  if (!game.ok) throw new Error(game.error.message);
  expect(game.value.status().phase).toBe('over');
  await page.getByTestId('import-file').setInputFiles({
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(saveGame(game.value))),
  });
  const over = page.getByRole('dialog', { name: 'Game over' });
  await over.getByRole('button', { name: 'Rematch' }).click();
  await expect.poll(async () => (await seam.state(page)).seed).not.toBe('imported-rematch');
  expect((await seam.state(page)).phase).toBe('play');
  expect(errors).toEqual([]);
  await page.close();
});

test('issue #61 item 6: resigning against bots brings the end dialog at once; the bots wait, and play on once the human watches', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  const table = config(3, 'balanced', 'resign-against-bots');
  table.players = table.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 }));
  expect(await seam.newGame(page, table)).toBe(true);
  await settle(page);
  await expect
    .poll(async () => {
      const s = await seam.state(page);
      return s.players.find((p) => p.label === s.toMove)?.kind === 'human' && !s.thinking;
    })
    .toBe(true);
  await page.locator('.controls').getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  const out = page.getByRole('dialog', { name: HUMANS_OUT_TEXT.label });
  await out.waitFor();
  expect(await out.getByRole('heading').textContent()).toBe(
    HUMANS_OUT_TEXT.heading([table.players[0].name]),
  );
  const s = await seam.state(page);
  expect(s.phase).toBe('play');
  // While the dialog shows, the bots wait: none thinks, none moves.
  await observe(page, 30);
  const held = await seam.state(page);
  expect(held.thinking).toBeNull();
  expect(held.moves).toEqual(s.moves);

  await out.getByRole('button', { name: HUMANS_OUT_TEXT.watch }).click();
  await expect
    .poll(async () => (await seam.state(page)).moves.length, { timeout: 30_000 })
    .toBeGreaterThan(s.moves.length);
  expect(await out.count()).toBe(0);
  // The controls offer the rematch in Resign's place.
  await page.locator('.controls').getByRole('button', { name: 'Rematch' }).click();
  await expect.poll(async () => (await seam.state(page)).seed).not.toBe(s.seed);
  expect(errors).toEqual([]);
  await page.close();
});
