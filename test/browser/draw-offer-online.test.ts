/**
 * A draw offer in an online room (issue #45 item 5; R8.2: a draw by agreement of every remaining
 * player), by real pointer clicks on three people's pages: the HUD's controls send the room's
 * draw messages and every page shows the offer the room broadcasts. One offer is declined (every
 * page says by whom), the next is accepted by all and the room draws the game.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { SaveFile } from '../../src/core';
import { loadApp, testBrowser, seam, seatedContext } from './harness';
import { startGameServer, storedRoom, type TestGameServer } from './gameServer';

/** A three-player game in play (Mia, Noor, Otto), every seat a person's here. */
const SAVE = JSON.parse(
  readFileSync(new URL('../fixtures/online-mate.json', import.meta.url), 'utf8'),
) as SaveFile;
const room = storedRoom({ ...SAVE, seats: SAVE.setup.players.map(() => ({ kind: 'human' })) });

let browser: Browser;
let server: TestGameServer;
beforeAll(async () => {
  server = await startGameServer([room.game]);
  browser = await testBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const panel = (page: Page) => page.getByRole('region', { name: 'Draw offer' });

/** `name`'s page in the room, holding their seat's token as the browser that claimed it would. */
async function person(name: string, errors: string[]): Promise<Page> {
  const { game, tokens } = room;
  const seat = game.setup.players.findIndex((p) => p.name === name);
  const context = await seatedContext(browser, game.id, seat, tokens[seat]);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, `${server.url}?room=${game.id}`);
  await expect.poll(async () => (await seam.state(page)).screen, { timeout: 20_000 }).toBe('game');
  await expect.poll(async () => (await seam.state(page)).online?.seat).toBe(seat);
  return page;
}

async function offer(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Offer draw' }).click();
  await panel(page).getByRole('button', { name: 'Offer', exact: true }).click();
}

test('R8.2: online, a declined offer and then one accepted by every remaining player draws the game', async () => {
  const errors: string[] = [];
  const [mia, noor, otto] = [
    await person('Mia', errors),
    await person('Noor', errors),
    await person('Otto', errors),
  ];
  const all = [mia, noor, otto];
  const says = async (re: RegExp) => {
    for (const page of all) await expect.poll(() => panel(page).textContent()).toMatch(re);
  };

  await offer(mia);
  await says(/Mia offers a draw\. Accepted: Mia\. Waiting for Otto, Noor\./); // turn order
  await noor.getByText('Noor: accept the draw?').waitFor();
  await panel(noor).getByRole('button', { name: 'Decline' }).click();
  await says(/Noor declined Mia's draw offer\./);
  expect(await panel(mia).getByRole('button', { name: 'Offer draw' }).count()).toBe(0);

  // Noor offers now; Mia and Otto accept on their own devices: the room draws the game.
  await offer(noor);
  await says(/Noor offers a draw\./);
  await panel(mia).getByRole('button', { name: 'Accept' }).click();
  await says(/Accepted: Noor, Mia\. Waiting for Otto\./);
  await panel(otto).getByRole('button', { name: 'Accept' }).click();
  for (const page of all) {
    await expect.poll(async () => (await seam.state(page)).phase).toBe('over');
    expect((await seam.state(page)).moves).toEqual([...SAVE.actions, 'draw']);
  }
  expect(errors).toEqual([]);
});
