/**
 * Table chat and rematch in real browsers (issue #49 items 3 and 4): one Chromium, a context per
 * person, the real game server. Two players of a three-player room chat by typing and by a
 * preset phrase, a spectator's line reaches the spectator only, and one player mutes the other:
 * the muted player's lines are no longer shown on that page, and are still shown to the others.
 * In another room the game ends in an agreed draw, one player asks for a rematch from the
 * game-over dialog, the two others accept on their own devices, and every page (a spectator's
 * too) moves to the next game: the same table, a new seed, the turn order rotated by one.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { Game, type SaveFile } from '../../src/core';
import { loadApp, testBrowser, seam, seatedContext } from './harness';
import { startGameServer, storedRoom, type TestGameServer } from './gameServer';

/** A three-player game in play (Mia, Noor, Otto), every seat a person's here. */
const SAVE = JSON.parse(
  readFileSync(new URL('../fixtures/online-mate.json', import.meta.url), 'utf8'),
) as SaveFile;
const humans = { ...SAVE, seats: SAVE.setup.players.map(() => ({ kind: 'human' as const })) };
const chatRoom = storedRoom(humans);
const rematchRoom = storedRoom(humans);

let browser: Browser;
let server: TestGameServer;
const errors: string[] = [];
beforeAll(async () => {
  server = await startGameServer([chatRoom.game, rematchRoom.game]);
  browser = await testBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** `name`'s page in `room` (null: a spectator), holding their seat's token. */
async function person(room: typeof chatRoom, name: string | null): Promise<Page> {
  const { game, tokens } = room;
  const seat = game.setup.players.findIndex((p) => p.name === name);
  const context =
    seat >= 0
      ? await seatedContext(browser, game.id, seat, tokens[seat])
      : await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, `${server.url}?room=${game.id}`);
  await expect.poll(async () => (await seam.state(page)).screen, { timeout: 20_000 }).toBe('game');
  await expect
    .poll(async () => (await seam.state(page)).online?.seat)
    .toBe(seat >= 0 ? seat : null);
  // Open the chat.
  await page.locator('.table-chat summary').click();
  return page;
}

const chat = (page: Page) => page.getByRole('region', { name: 'Table chat' });
const lines = (page: Page) => chat(page).getByTestId('chat-lines').locator('li:not(.empty)');
/** The lines shown, as "name: text". */
const texts = (page: Page) =>
  lines(page).evaluateAll((items) =>
    items.map(
      (li) =>
        `${li.querySelector('strong')?.textContent}: ${li.querySelector('.text')?.textContent}`,
    ),
  );

async function type(page: Page, text: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: 'Chat message' }).fill(text);
  await chat(page).getByRole('button', { name: 'Send' }).click();
}

test('two players chat, a spectator apart, and one player mutes the other for the game', async () => {
  const [mia, noor, otto, watcher] = [
    await person(chatRoom, 'Mia'),
    await person(chatRoom, 'Noor'),
    await person(chatRoom, 'Otto'),
    await person(chatRoom, null),
  ];
  // Typed by a person, shown as text: markup stays words.
  await type(mia, 'Hi <b>all</b>');
  await chat(noor).getByRole('button', { name: 'Good luck' }).click();
  for (const page of [mia, noor, otto, watcher])
    await expect.poll(() => texts(page)).toEqual(['Mia: Hi <b>all</b>', 'Noor: Good luck']);
  expect(await chat(noor).locator('b').count()).toBe(0);

  // The spectator's line reaches the spectators only.
  await type(watcher, 'nice position');
  await expect.poll(() => texts(watcher)).toHaveLength(3);
  expect((await texts(watcher))[2]).toBe('Spectator 1: nice position');

  // Mia mutes Noor: Noor's lines are gone from Mia's page, and stay on the others'.
  await chat(mia).getByRole('button', { name: 'Mute Noor' }).first().click();
  await expect.poll(() => texts(mia)).toEqual(['Mia: Hi <b>all</b>']);
  await expect
    .poll(() => chat(mia).getByTestId('chat-muted').textContent())
    .toMatch(/Muted: Noor\. Their messages are hidden on this device until this game ends\./);
  await chat(noor).getByRole('button', { name: 'Well played' }).click();
  await type(otto, 'thanks both');
  await expect.poll(() => texts(otto)).toHaveLength(4);
  await expect.poll(() => texts(mia)).toHaveLength(2);
  expect(await texts(mia)).toEqual(['Mia: Hi <b>all</b>', 'Otto: thanks both']);
  expect(await texts(noor)).toEqual(await texts(otto));
  // Unmuted, Noor's lines show again.
  await chat(mia).getByRole('button', { name: 'Unmute Noor' }).click();
  await expect.poll(() => texts(mia)).toHaveLength(4);
  // Nobody's notice was an error, and the players never saw the spectator's line.
  for (const page of [mia, noor, otto]) expect((await texts(page)).join()).not.toMatch(/Spectator/);
  expect(errors).toEqual([]);
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Game over' });
const drawPanel = (page: Page) => page.getByRole('region', { name: 'Draw offer' });

test('a rematch accepted by every player: everyone moves to the same table, new seed, turn order rotated', async () => {
  const pages = {
    Mia: await person(rematchRoom, 'Mia'),
    Noor: await person(rematchRoom, 'Noor'),
    Otto: await person(rematchRoom, 'Otto'),
  };
  const watcher = await person(rematchRoom, null);
  const all = [...Object.values(pages), watcher];
  // The game ends in a draw agreed by all (R8.2).
  await drawPanel(pages.Mia).getByRole('button', { name: 'Offer draw' }).click();
  await drawPanel(pages.Mia).getByRole('button', { name: 'Offer', exact: true }).click();
  for (const name of ['Noor', 'Otto'] as const) {
    const panel = drawPanel(pages[name]);
    await panel.getByRole('button', { name: 'Accept' }).click();
  }
  for (const page of all)
    await expect.poll(async () => (await seam.state(page)).phase).toBe('over');

  // Mia asks from the game-over dialog; Noor and Otto accept on their own devices.
  await dialog(pages.Mia).getByRole('button', { name: 'Rematch' }).click();
  const rematch = (page: Page) => dialog(page).getByTestId('rematch-status');
  for (const page of all)
    await expect
      .poll(() => rematch(page).textContent())
      .toBe('Mia asks for a rematch. Waiting for Noor, Otto.');
  await dialog(pages.Noor).getByRole('button', { name: 'Accept rematch' }).click();
  await expect
    .poll(() => rematch(pages.Otto).textContent())
    .toBe('Mia asks for a rematch. Accepted: Mia, Noor. Waiting for Otto.');
  await dialog(pages.Otto).getByRole('button', { name: 'Accept rematch' }).click();

  // Every page is at the next game: a new room, a new seed, the turn order moved on by one.
  const before = Game.create(SAVE.setup);
  if (!before.ok) throw new Error(before.error.message);
  const order = before.value.players.map((p) => p.name);
  for (const page of all) {
    await expect
      .poll(async () => (await seam.state(page)).online?.roomId, { timeout: 20_000 })
      .not.toBe(rematchRoom.game.id);
    await expect.poll(async () => (await seam.state(page)).moves).toEqual([]);
    const s = await seam.state(page);
    expect(s.seed).not.toBe(SAVE.setup.seed);
    expect(s.players.map((p) => p.name)).toEqual([...order.slice(1), order[0]]);
  }
  const next = (await seam.state(watcher)).online!.roomId;
  for (const [name, page] of Object.entries(pages)) {
    await expect.poll(async () => (await seam.state(page)).online?.roomId).toBe(next);
    const s = await seam.state(page);
    expect(s.online!.seat).not.toBeNull();
    expect(s.online!.seats[s.online!.seat!].name).toBe(name);
    expect(await dialog(page).count()).toBe(0);
  }
  expect((await seam.state(watcher)).online!.seat).toBeNull();
  expect(errors).toEqual([]);
});
