/**
 * Profiles and leaderboards in the page (issue #64 items 4 and 5), against the real game server
 * with rows seeded in its archive: a player's page opens at its path (a name that looks the same
 * finds it) with ratings, the history chart, counts and their games paged; the games file
 * downloads and reads back as game text; a pool's leaderboard opens at its path and links to the
 * players' pages; everything is reached by the keyboard; a listed game opens in the review, a
 * deleted player's game too; the setup screen leads to the leaderboards and to one's own page.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readGameText } from '../../src/core';
import { openPostgres, type Database } from '../../src/server/database';
import { IDENTITY_KEY } from '../../src/online/identitySecret';
import { PROFILE_TEXT } from '../../src/text';
import { hashToken, randomToken } from '../../src/server/tokens';
import {
  deletePlayer,
  finishedRecord,
  seedGame,
  seedPlayer,
  seedRating,
  type SeedSeat,
} from '../server/profileSeed';
import { startGameServer, type TestGameServer } from './gameServer';
import { downloadedText, seam, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));
let server: TestGameServer;
let db: Database;

/** Ada's games: 25, the newest first; the first three rated in the 3-player pool. */
const GAMES = 25;
const at = (i: number) => new Date(Date.UTC(2026, 11, 1) + i * 3_600_000);
const id = (i: number) => `game${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  server = await startGameServer();
  db = await openPostgres(server.databaseUrl, () => {});
  await seedPlayer(db, 'ada', 'Ada');
  await seedPlayer(db, 'bo', 'Bo');
  await seedPlayer(db, 'cy', 'Cy.Z');
  await seedRating(db, 'ada', '3', 1540, 3);
  await seedRating(db, 'bo', '3', 1480, 3);
  await seedRating(db, 'cy', '3', 1620, 12);
  await seedRating(db, 'ada', '5-8', 1500, 1);
  for (let i = 0; i < GAMES; i++) {
    const rated = i < 3;
    const seats: SeedSeat[] = [
      {
        playerId: 'ada',
        name: 'Ada',
        rank: 1 + (i % 3),
        outcome: i % 3 ? 'eliminated' : 'won',
        ...(rated && { ratingBefore: 1500 + 20 * i, ratingAfter: 1520 + 10 * i }),
      },
      {
        playerId: 'bo',
        name: 'Bo',
        rank: i % 3 === 1 ? 1 : 2,
        outcome: i % 3 === 1 ? 'won' : 'eliminated',
      },
      {
        playerId: 'cy',
        name: 'Cy.Z',
        rank: 3 - (i % 3 === 2 ? 2 : 0),
        outcome: i % 3 === 2 ? 'won' : 'eliminated',
      },
    ];
    await seedGame(db, id(i), at(i), rated ? '3' : null, seats);
  }
  // Bo leaves: his seats read "deleted player", his page is gone.
  await deletePlayer(db, 'bo');
}, 240_000);
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

async function open(path: string, storage: Record<string, string> = {}) {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    acceptDownloads: true,
  });
  await context.addInitScript((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(new URL(path, server.url).href);
  return { context, page, errors };
}

const gameRows = (page: Page) => page.locator('.game-list > li');

/** Tab from where the focus is until `name` (a link or button) has it; then Enter. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return page.keyboard.press('Enter');
  }
  throw new Error(`"${name}" is not reached by Tab`);
}

test("a player's page at its path: ratings, history, counts, games paged by the keyboard, the download reads back", async () => {
  const { context, page, errors } = await open('/player/ADA');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada');
  const ratings = page.locator('.ratings');
  await expect
    .poll(() => ratings.locator('[data-pool="3"] dd').textContent())
    .toBe(`1540${PROFILE_TEXT.provisionalMark}`);
  expect(await ratings.locator('[data-pool="4"] dd').textContent()).toBe(PROFILE_TEXT.notRated);
  // The chart: one line of three rated games.
  expect(
    await page
      .getByRole('img', { name: PROFILE_TEXT.chartLabel('Ada') })
      .locator('[data-pool="3"] circle')
      .count(),
  ).toBe(3);
  expect(await page.locator('.counts').textContent()).toBe(PROFILE_TEXT.counts(GAMES, 9, 8));
  await expect.poll(() => gameRows(page).count()).toBe(20);
  expect(await gameRows(page).first().getAttribute('data-game')).toBe(id(GAMES - 1));
  // Bo's seats read "deleted player".
  expect(await gameRows(page).first().locator('.seats').textContent()).toContain('deleted player');

  await tabTo(page, PROFILE_TEXT.older);
  await expect.poll(() => gameRows(page).count()).toBe(GAMES - 20);
  expect(await page.locator('.pager span').textContent()).toBe(PROFILE_TEXT.page(2, 2));
  // The oldest game, rated: its rating change is shown.
  expect(await gameRows(page).last().locator('.rating-change').textContent()).toBe('1520 (+20)');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: PROFILE_TEXT.download }).click(),
  ]);
  const texts = (await downloadedText(download)).split(/\n(?=\[Game )/);
  expect(texts).toHaveLength(GAMES);
  for (const text of texts) {
    const read = readGameText(text);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.game.setup.players.map((p) => p.name)).toEqual([
      'Ada',
      'deleted player',
      'Cy.Z',
    ]);
  }
  // A tablet held upright: the page scrolls down, never sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  const app = page.locator('.app.profiles-page');
  expect(await app.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a leaderboard at its path; a name leads to its page by the keyboard, Back returns; an unknown player is said', async () => {
  const { context, page, errors } = await open('/leaderboard/3');
  const rows = page.locator('.leaderboard tbody tr');
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.allTextContents()).toEqual([
    '1Cy.Z162012',
    `2Ada1540${PROFILE_TEXT.provisionalMark}3`,
  ]);
  // A name with a dot (it looks like a file) is a page of the app too.
  await tabTo(page, 'Cy.Z');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Cy.Z');
  expect(new URL(page.url()).pathname).toBe('/player/Cy.Z');
  await page.goBack();
  await expect.poll(() => rows.count()).toBe(2);
  await tabTo(page, '5–8 players');
  await expect
    .poll(() => page.locator('.leaderboard tbody tr').allTextContents())
    .toEqual([`1Ada1500${PROFILE_TEXT.provisionalMark}1`]);

  await page.goto(new URL('/player/Bo', server.url).href);
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('No player is named "Bo".');
  expect(errors).toEqual([]);
  await context.close();
});

test("a listed game opens in the review at its replay link, a deleted player's too; Escape goes back to the game", async () => {
  const { context, page, errors } = await open('/player/Cy.Z');
  await expect.poll(() => gameRows(page).count()).toBe(20);
  const newest = gameRows(page).first();
  expect(await newest.locator('.seats').textContent()).toContain('deleted player');
  await newest.getByRole('link', { name: PROFILE_TEXT.open }).click();
  const record = finishedRecord(['Ada', 'Bo', 'Cy.Z'], id(GAMES - 1));
  await expect.poll(async () => (await seam.state(page)).moves).toEqual(record.actions);
  const state = await seam.state(page);
  expect(state.screen).toBe('game');
  expect(state.seed).toBe(id(GAMES - 1));
  expect(state.notice).toMatch(/^Opened a shared game of \d+ actions \(review only\)/);
  expect(new URL(page.url()).pathname).toBe('/');
  // Back: Cy's page again; Escape: the game.
  await page.goBack();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Cy.Z');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.profiles').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('the setup screen leads to the leaderboards, and to my own page once I have an identity; and back', async () => {
  // This device keeps Ada's identity (its secret's hash in the archive).
  const secret = randomToken();
  await db.query('INSERT INTO player_tokens (token_hash, player_id) VALUES ($1, $2)', [
    hashToken(secret),
    'ada',
  ]);
  const identity = JSON.stringify({ secret, id: 'ada', name: 'Ada' });
  const { context, page, errors } = await open('/', { [IDENTITY_KEY]: identity });
  const links = page.locator('.setup .profile-links');
  await links.getByRole('link', { name: PROFILE_TEXT.leaderboards }).tap();
  await expect.poll(() => page.locator('.leaderboard tbody tr').count()).toBe(2);
  expect(new URL(page.url()).pathname).toBe('/leaderboard/3');
  await page.getByRole('link', { name: PROFILE_TEXT.back }).click();
  await expect.poll(() => page.locator('main.setup').count()).toBe(1);
  await page
    .locator('.setup .profile-links')
    .getByRole('link', { name: PROFILE_TEXT.myProfile })
    .click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada');
  expect(new URL(page.url()).pathname).toBe('/player/Ada');
  expect(errors).toEqual([]);
  await context.close();
});
