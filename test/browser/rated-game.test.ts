/**
 * Issue #64 end to end, three people in browser contexts of their own against one game server
 * with an archive: each keeps a player identity, they press "Play online now" for a 3-player
 * table, and two resign in turn (a resignation ranks as an elimination) so the third wins. The
 * rated game then shows in their profiles with their ratings changed, and the three of them on
 * the 3-player leaderboard; one of them deletes their player, and the game still opens from
 * another's profile, their seat under "deleted player".
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { IDENTITY_KEY } from '../../src/online/identitySecret';
import { PROFILE_TEXT } from '../../src/text';
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

const LONG = { timeout: 20_000 };
const line = (page: Page) => page.getByTestId('identity-line').textContent();

/** A person's browser that keeps `name` as their player, then asks for a 3-player table. */
async function player(name: string): Promise<Page> {
  const page = await visitor(browser, server.url, name, errors);
  await page.getByRole('button', { name: `Keep “${name}” as my player` }).click();
  await expect.poll(() => line(page)).toMatch(`You are ${name}, not rated yet`);
  await page.getByRole('combobox', { name: 'Players at the table' }).selectOption('3');
  await page.getByRole('button', { name: 'Play online now' }).click();
  return page;
}

test('three players with identities play a rated game to its end; profiles, leaderboard, a deleted player', async () => {
  const names = ['Ada', 'Bo', 'Cy'];
  const pages: Page[] = [];
  for (const name of names) pages.push(await player(name));
  for (const page of pages)
    await expect.poll(async () => (await seam.state(page)).screen, LONG).toBe('game');
  const pageOf = (name: string) => pages[names.indexOf(name)];

  // The two players to move first resign in turn: the third wins.
  const resigned: string[] = [];
  for (let k = 0; k < 2; k++) {
    const s = await seam.state(pages[0]);
    const mover = s.players.find((p) => p.label === s.toMove)!.name;
    const page = pageOf(mover);
    await expect.poll(async () => (await seam.state(page)).moves.length, LONG).toBe(s.moves.length);
    expect(await seam.play(page, 'resign')).toBe(true);
    resigned.push(mover);
    await expect
      .poll(async () => (await seam.state(pages[0])).moves.length, LONG)
      .toBeGreaterThan(s.moves.length);
  }
  for (const page of pages)
    await expect.poll(async () => (await seam.state(page)).phase, LONG).toBe('over');
  const record = (await seam.state(pages[0])).moves;
  const roomId = (await seam.state(pages[0])).online!.roomId;
  const winner = names.find((n) => !resigned.includes(n))!;

  // Each profile lists the game, rated, with the rating changed: up for the winner, down for the
  // first out.
  for (const name of names) {
    const page = pageOf(name);
    await page.goto(new URL(`/player/${name}`, server.url).href);
    const row = page.locator(`.game-list > li[data-game="${roomId}"]`);
    await expect.poll(() => row.count(), LONG).toBe(1);
    expect(await row.textContent()).toContain('3 players');
    const change = (await row.locator('.rating-change').textContent())!;
    const delta = Number(/\(([+−])(\d+)\)/.exec(change)!.slice(1).join('').replace('−', '-'));
    if (name === winner) expect(delta).toBeGreaterThan(0);
    if (name === resigned[0]) expect(delta).toBeLessThan(0);
    await expect
      .poll(() => page.locator('.ratings [data-pool="3"] dd').textContent())
      .not.toBe(PROFILE_TEXT.notRated);
  }
  const board = pageOf('Ada');
  await board.goto(new URL('/leaderboard/3', server.url).href);
  await expect.poll(() => board.locator('.leaderboard tbody tr').count(), LONG).toBe(3);
  expect(await board.locator('.leaderboard tbody tr').first().textContent()).toContain(winner);

  // The first out deletes their player: the game stays, under "deleted player", and opens.
  const leaving = resigned[0];
  const gone = pageOf(leaving);
  // Deleted as the Account dialog does it (its own test is identity.test.ts): DELETE /api/me.
  const status = await gone.evaluate(async (key) => {
    const { secret } = JSON.parse(localStorage.getItem(key)!) as { secret: string };
    const res = await fetch('/api/me', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${secret}` },
    });
    return res.status;
  }, IDENTITY_KEY);
  expect(status).toBe(204);
  const other = pageOf(winner);
  await other.goto(new URL(`/player/${winner}`, server.url).href);
  const row = other.locator(`.game-list > li[data-game="${roomId}"]`);
  await expect.poll(() => row.locator('.seats').textContent(), LONG).toContain('deleted player');
  expect(await row.locator('.seats').textContent()).not.toContain(leaving);
  await row.getByRole('link', { name: PROFILE_TEXT.open }).click();
  await expect.poll(async () => (await seam.state(other)).moves, LONG).toEqual(record);
  expect((await seam.state(other)).players.map((p) => p.name)).toContain('deleted player');
  expect(errors).toEqual([]);
}, 180_000);
