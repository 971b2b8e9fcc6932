/**
 * Open tables and live games (issue 49 item 2) by four people's browsers against one game
 * server: Ada opens a public table with "Play online now"; Bo and Cy see it in the list of open
 * tables on their setup screens and join it with one click each, which fills it and starts its
 * game; Di then sees that game in the list of games in play and watches it with one click.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { visitor } from './visitor';
import { seam } from './harness';
import { withGameServer, type TestGameServer } from './gameServer';

let browser: Browser;
let server: TestGameServer;
const errors: string[] = [];

withGameServer((s, b) => {
  server = s;
  browser = b;
});

const visit = (name: string) => visitor(browser, server.url, name, errors);

const roomOf = async (page: Page) => (await seam.state(page)).online?.roomId ?? null;
const FORMAT = '3 players · no clocks · standard rules';

/** `page` joins the listed table seating `seated` with one click. */
async function joinFromList(page: Page, seated: number): Promise<void> {
  const row = page.getByTestId('open-table').filter({ hasText: `${seated} of 3 seated` });
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toMatch(
    // Each seated player's rating: guests here (the test server keeps no archive).
    new RegExp(
      `^${FORMAT}${seated} of 3 seated \\(${Array(seated).fill('guest').join(', ')}\\) · waiting 0:\\d\\dJoin$`,
    ),
  );
  await row.getByRole('button', { name: `Join the table: ${FORMAT}` }).click();
}

test('a table opened with "Play online now" is joined from the list, and its game is watched from the list', async () => {
  const ada = await visit('Ada');
  await ada.getByRole('combobox', { name: 'Players at the table' }).selectOption('3');
  await ada.getByRole('button', { name: 'Play online now' }).click();
  await ada.getByRole('heading', { name: 'Waiting for players' }).waitFor({ timeout: 20_000 });
  await expect.poll(() => roomOf(ada), { timeout: 20_000 }).not.toBeNull();
  const table = await roomOf(ada);

  const bo = await visit('Bo');
  await joinFromList(bo, 1);
  await expect.poll(() => roomOf(bo), { timeout: 20_000 }).toBe(table);
  const cy = await visit('Cy');
  await joinFromList(cy, 2);
  for (const page of [ada, bo, cy])
    await expect
      .poll(async () => (await seam.state(page)).screen, { timeout: 20_000 })
      .toBe('game');
  expect(
    (await Promise.all([ada, bo, cy].map(async (p) => (await seam.state(p)).online?.seat))).sort(),
  ).toEqual([0, 1, 2]);

  // The game in play, listed for a fourth person, who watches it with one click.
  const di = await visit('Di');
  const live = di.getByTestId('live-game').filter({ hasText: 'Ada (guest), Bo (guest), Cy' });
  await live.waitFor({ timeout: 20_000 });
  expect(await live.textContent()).toBe(
    `${FORMAT}Ada (guest), Bo (guest), Cy (guest) · move 1Watch`,
  );
  expect(await di.getByTestId('open-table').count()).toBe(0);
  await live.getByRole('button', { name: 'Watch Ada, Bo, Cy' }).click();
  await expect.poll(() => roomOf(di), { timeout: 20_000 }).toBe(table);
  await expect.poll(async () => (await seam.state(di)).screen, { timeout: 20_000 }).toBe('game');
  expect((await seam.state(di)).online?.seat).toBeNull();
  expect((await seam.state(di)).players.map((p) => p.name).sort()).toEqual(['Ada', 'Bo', 'Cy']);
  expect(errors).toEqual([]);
}, 120_000);
