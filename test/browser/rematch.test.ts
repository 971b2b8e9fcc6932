/**
 * Rematch (issue 45 item 9): when a game ends, "Rematch" starts the same table (players, seats,
 * options) with a new seed, from the game-over dialog and, once it is closed, from the controls;
 * "New game" still opens the setup screen.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config, openApp, seam, settle, withBrowser } from './harness';

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
