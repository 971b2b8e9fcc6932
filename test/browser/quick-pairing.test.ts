/**
 * Quick pairing (issue 49 item 1) by three people's browsers against one game server: each
 * presses "Play online now" for a 3-player table on the setup screen; the first waits at a new
 * table (who sits there since when, when bots may fill it), the next two are seated at the same
 * table, and the game starts on every page.
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

/** A person's fresh browser on the setup screen, asking for a 3-player table as `name`. */
async function playNow(name: string): Promise<Page> {
  const page = await visitor(browser, server.url, name, errors);
  await page.getByRole('combobox', { name: 'Players at the table' }).selectOption('3');
  await page.getByRole('button', { name: 'Play online now' }).click();
  return page;
}

const roomOf = async (page: Page) => (await seam.state(page)).online?.roomId ?? null;

test('three people pressing "Play online now" for 3 players sit at one table, and the game starts', async () => {
  const ada = await playNow('Ada');
  // The wait screen: the table's format, Ada seated and waiting, the wait before bots said.
  await ada.getByRole('heading', { name: 'Waiting for players' }).waitFor({ timeout: 20_000 });
  expect(await ada.getByTestId('table-format').textContent()).toBe(
    '3 players · no clocks · standard rules',
  );
  await expect
    .poll(() => ada.getByTestId('seat-0').textContent(), { timeout: 20_000 })
    .toMatch(/^Ada\s*you · waiting 0:\d\d$/);
  expect(await ada.getByTestId('seat-1').textContent()).toBe('open');
  expect(await ada.getByTestId('lobby-status').textContent()).toBe(
    'Waiting for 2 more players; the game starts when every seat is taken.',
  );
  // The countdown reads 1:00 until its first second has passed.
  expect(await ada.getByTestId('bots-after').textContent()).toMatch(
    /^If the table is not full after 60 s, the players seated may start with bots in the empty seats \(in (1:00|0:\d\d)\)\.$/,
  );

  const bo = await playNow('Bo');
  await expect
    .poll(() => ada.getByTestId('seat-1').textContent(), { timeout: 20_000 })
    .toMatch(/^Bo\s*waiting/);
  const cy = await playNow('Cy');
  const pages = [ada, bo, cy];
  for (const page of pages)
    await expect
      .poll(async () => (await seam.state(page)).screen, { timeout: 20_000 })
      .toBe('game');
  const table = await roomOf(ada);
  expect(table).not.toBeNull();
  for (const page of pages) expect(await roomOf(page)).toBe(table);
  expect((await seam.state(cy)).players.map((p) => p.name).sort()).toEqual(['Ada', 'Bo', 'Cy']);
  expect(
    (await Promise.all(pages.map(async (p) => (await seam.state(p)).online?.seat))).sort(),
  ).toEqual([0, 1, 2]);
  expect(errors).toEqual([]);
}, 120_000);

test('R9.7 "Play online now" says a table of four or more plays Quiet shifts, one of three does not', async () => {
  const page = await visitor(browser, server.url, 'Di', errors);
  const size = page.getByRole('combobox', { name: 'Players at the table' });
  const note = page.getByTestId('quiet-at-table');
  await size.selectOption('4');
  expect(await note.textContent()).toMatch(/^With Quiet shifts \(house rule\)/);
  await size.selectOption('3');
  expect(await note.textContent()).toMatch(/^Without Quiet shifts \(house rule\)/);
  await size.selectOption('any');
  expect(await note.textContent()).toMatch(/on from four players, off at three/);
  // It is no rules box of its own: the table's size brings it.
  const playNow = page.locator('fieldset.play-now');
  expect(await playNow.getByRole('checkbox', { name: /Hyperspace/ }).count()).toBe(1);
  expect(await playNow.getByRole('checkbox', { name: /Quiet shifts/ }).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});
