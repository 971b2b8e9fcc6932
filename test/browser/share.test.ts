/**
 * Games by link (issue #47 item 4), by real clicks: Share copies a link that carries the game's
 * record in its fragment; opened in a fresh browser it shows the same record read-only at its
 * end, with the history to browse; the fragment is cleared once read, and in a browser with a
 * game of its own that game stays saved (a reload brings it back). A damaged link is refused
 * with what is wrong, and the game shown stays. An online game that ends shows its permanent
 * replay link, which opens the record from the game server in a browser with no seat.
 */
import { readFileSync } from 'node:fs';
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SaveFile } from '../../src/core';
import { SHARE_TEXT } from '../../src/text';
import { startGameServer, storedRoom } from './gameServer';
import { config, loadApp, playQuiet, seam, seatedContext, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

/** How long an online page may take to hear from the game server (a room reopened, a bot's move). */
const LONG = { timeout: 20_000 };

const controls = (page: Page) => page.locator('.controls');

/** A fresh desktop browser (its own storage) on the app, its page errors collected. */
async function freshPage(url: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, url);
  return { context, page, errors };
}

test('Share copies a link; a fresh browser opens the same record read-only at its end, history browsable', async () => {
  const a = await freshPage(inject('baseUrl'));
  await a.page.evaluate(() => localStorage.clear());
  await seam.newGame(a.page, {
    ...config(4, 'balanced', 'shared'),
    options: { collapse: true, scavenger: true },
  });
  await settle(a.page);
  const placed = (await seam.state(a.page)).moves.length;
  await playQuiet(a.page, 40, async () => (await seam.state(a.page)).moves.length >= placed + 6);
  const record = await seam.state(a.page);

  await controls(a.page).getByRole('button', { name: SHARE_TEXT.button, exact: true }).click();
  const dialog = a.page.getByRole('dialog', { name: SHARE_TEXT.title });
  const field = dialog.getByTestId('share-link');
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Link copied.');
  const link = await field.inputValue();
  expect(link).toMatch(/#game=[A-Za-z0-9_-]+$/);
  expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: SHARE_TEXT.close }).click();

  // Another browser: the same record, seats and options, at its end, read-only.
  const b = await freshPage(link);
  await expect.poll(async () => (await seam.state(b.page)).moves).toEqual(record.moves);
  const opened = await seam.state(b.page);
  expect(opened.cursor).toBe(record.moves.length);
  expect(opened.players).toEqual(record.players);
  expect(opened.options).toEqual(record.options);
  expect(opened.notice).toMatch(/^Opened a shared game of \d+ actions \(review only\)/);
  expect(new URL(b.page.url()).hash).toBe('');
  await expect
    .poll(() => controls(b.page).getByRole('button', { name: 'Resign', exact: true }).isDisabled())
    .toBe(true);
  // History browsing: back one action and forward again.
  await controls(b.page).getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(async () => (await seam.state(b.page)).cursor).toBe(record.moves.length - 1);
  await controls(b.page).getByRole('button', { name: 'Redo', exact: true }).click();
  await expect.poll(async () => (await seam.state(b.page)).cursor).toBe(record.moves.length);
  // Nothing is played on: a legal action of the position shown is refused, the record unchanged.
  await seam.play(b.page, (await seam.actions(b.page))[0]);
  expect((await seam.state(b.page)).moves).toEqual(record.moves);
  expect((await seam.state(b.page)).notice).toBe(SHARE_TEXT.readOnly);
  expect(b.errors).toEqual([]);
  await b.context.close();

  // In the first browser, its own game goes on; the link opened there (a hash change) shows the
  // shared game, and a reload brings its own game back (the fragment was cleared).
  await playQuiet(
    a.page,
    10,
    async () => (await seam.state(a.page)).moves.length >= record.moves.length + 2,
  );
  const own = (await seam.state(a.page)).moves;
  await loadApp(a.page, link);
  await expect.poll(async () => (await seam.state(a.page)).moves).toEqual(record.moves);
  expect(new URL(a.page.url()).hash).toBe('');
  await loadApp(a.page);
  await expect.poll(async () => (await seam.state(a.page)).moves).toEqual(own);
  expect(a.errors).toEqual([]);
  await a.context.close();
});

test('a damaged link is refused with what is wrong; the game shown stays', async () => {
  const a = await freshPage(inject('baseUrl'));
  await a.page.evaluate(() => localStorage.clear());
  await seam.newGame(a.page, config(3, 'balanced', 'damaged'));
  await settle(a.page);
  const before = (await seam.state(a.page)).moves;
  await loadApp(a.page, `${inject('baseUrl')}#game=abc$def`);
  await expect
    .poll(async () => (await seam.state(a.page)).notice)
    .toBe(SHARE_TEXT.notOpened(SHARE_TEXT.badBase64(3)));
  expect((await seam.state(a.page)).moves).toEqual(before);
  expect(a.errors).toEqual([]);
  await a.context.close();
});

test('an online game that ends shows its replay link; another browser opens the record from the server', async () => {
  // Mia and Noor (people) and Otto (a server bot), resumed from a stored record.
  const save = JSON.parse(
    readFileSync(new URL('../fixtures/online-mate.json', import.meta.url), 'utf8'),
  ) as SaveFile;
  const room = storedRoom(save);
  const server = await startGameServer([room.game]);
  const errors: string[] = [];
  const person = async (name: string) => {
    const seat = room.game.setup.players.findIndex((p) => p.name === name);
    const context = await seatedContext(browser, room.game.id, seat, room.tokens[seat]);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await loadApp(page, `${server.url}?room=${room.game.id}`);
    await expect.poll(async () => (await seam.state(page)).online?.seat, LONG).toBe(seat);
    return { context, page, name };
  };
  const people = [await person('Mia'), await person('Noor')];
  // Each person resigns on their turn (the server's bot plays its own): Otto wins.
  for (let resigned = 0; resigned < 2; resigned++) {
    await expect
      .poll(async () => {
        const s = await seam.state(people[0].page);
        return s.players.find((p) => p.label === s.toMove)?.kind;
      }, LONG)
      .toBe('human');
    const s = await seam.state(people[0].page);
    const name = s.players.find((p) => p.label === s.toMove)!.name;
    const mover = people.find((p) => p.name === name)!;
    await expect
      .poll(async () => (await seam.state(mover.page)).moves.length, LONG)
      .toBe(s.moves.length);
    expect(await seam.play(mover.page, 'resign')).toBe(true);
    await expect
      .poll(async () => (await seam.state(people[0].page)).moves.length, LONG)
      .toBeGreaterThan(s.moves.length);
  }
  const mia = people[0].page;
  await expect.poll(async () => (await seam.state(mia)).phase, LONG).toBe('over');
  const field = mia.getByTestId('online-replay-link');
  await field.waitFor();
  const link = await field.inputValue();
  expect(link).toMatch(/#replay=[A-Za-z0-9_-]{22}$/);
  const record = await seam.state(mia);

  // A browser with no seat, no room: the record from the server, read-only at its end.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, link);
  await expect.poll(async () => (await seam.state(page)).moves, LONG).toEqual(record.moves);
  const opened = await seam.state(page);
  expect(opened.online).toBeNull();
  expect(opened.cursor).toBe(record.moves.length);
  expect(opened.players.map((p) => [p.name, p.kind])).toEqual(
    record.players.map((p) => [p.name, p.kind]),
  );
  expect(new URL(page.url()).hash).toBe('');
  // An unknown replay is said, and nothing else changes.
  await loadApp(page, `${server.url}#replay=${'A'.repeat(22)}`);
  await expect
    .poll(async () => (await seam.state(page)).notice, LONG)
    .toBe(SHARE_TEXT.notOpened(SHARE_TEXT.replayMissing));
  expect((await seam.state(page)).moves).toEqual(record.moves);
  expect(errors).toEqual([]);
  await Promise.all([context.close(), ...people.map((p) => p.context.close())]);
  await server.stop();
});
