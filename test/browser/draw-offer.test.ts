/**
 * A draw offer from the HUD (issue #45 item 5; R8.2: a draw by agreement of every remaining
 * player), by real pointer clicks: offered with a confirm step, declined by a bot that is not
 * behind (with its reason), and accepted in pass-and-play by every other human, asked in turn on
 * the same device, after which the game is over and the record ends with `draw`.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const panel = (page: Page) => page.getByRole('region', { name: 'Draw offer' });

/** Offer a draw as the player on this device would: the button, then the confirmation. */
async function offer(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Offer draw' }).click();
  await expect.poll(() => panel(page).textContent()).toMatch(/Offer a draw to every remaining/);
  await panel(page).getByRole('button', { name: 'Offer', exact: true }).click();
}

const nameOf = async (page: Page, label: string | null) =>
  (await seam.state(page)).players.find((p) => p.label === label)!.name;

test('R8.2: in pass-and-play every other human accepts in turn, and the game is drawn by agreement', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'balanced', 'draw-offer'))).toBe(true);
  await settle(page);
  const start = await seam.state(page);
  const mover = await nameOf(page, start.toMove);
  // A cancelled confirmation offers nothing.
  await panel(page).getByRole('button', { name: 'Offer draw' }).click();
  await panel(page).getByRole('button', { name: 'Cancel' }).click();
  expect(await panel(page).textContent()).not.toMatch(/offers a draw/);
  await offer(page);
  await expect.poll(() => panel(page).textContent()).toMatch(`${mover} offers a draw.`);
  for (let k = 0; k < 2; k++) {
    const asked = await panel(page)
      .getByText(/: accept the draw\?$/)
      .textContent();
    expect(asked).not.toMatch(mover);
    await panel(page).getByRole('button', { name: 'Accept' }).click();
    if (k === 0) await expect.poll(() => panel(page).textContent()).toMatch(/Accepted: .*, /);
  }
  await expect.poll(async () => (await seam.state(page)).phase).toBe('over');
  const end = await seam.state(page);
  expect(end.moves).toEqual([...start.moves, 'draw']);
  expect(await page.getByRole('dialog').textContent()).toMatch(/agreed/i);
  expect(errors).toEqual([]);
});

test('R8.2: a declined offer: a human declines in pass-and-play, a bot that is not behind declines and says why', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'balanced', 'draw-offer-decline'))).toBe(true);
  await settle(page);
  await offer(page);
  const decliner = (await panel(page)
    .getByText(/: accept the draw\?$/)
    .textContent())!.split(':')[0];
  await panel(page).getByRole('button', { name: 'Decline' }).click();
  await expect.poll(() => panel(page).textContent()).toMatch(`${decliner} declined`);
  expect((await seam.state(page)).phase).toBe('play');
  // The offerer may not offer again before the next move.
  expect(await panel(page).getByRole('button', { name: 'Offer draw' }).count()).toBe(0);

  // Against bots, in the even position of a new game: the bot plays on, and says why.
  const bots = config(3, 'balanced', 'draw-offer-bots');
  for (const k of [1, 2]) Object.assign(bots.players[k], { kind: 'bot', level: 1 });
  expect(await seam.newGame(page, bots)).toBe(true);
  const human = (await seam.state(page)).players.find((p) => p.kind === 'human')!.label;
  await expect.poll(async () => (await seam.state(page)).toMove, { timeout: 60_000 }).toBe(human);
  const before = (await seam.state(page)).moves.length;
  await offer(page);
  await expect.poll(() => panel(page).textContent()).toMatch(/declined .*'s draw offer/);
  expect(await panel(page).textContent()).toMatch(
    /declines the draw: (the game is level|it stands better)/,
  );
  const after = await seam.state(page);
  expect(after.phase).toBe('play');
  expect(after.moves.length).toBe(before);
  expect(errors).toEqual([]);
});
