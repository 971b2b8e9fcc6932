/**
 * Online play in real browsers: one Chromium, a context per person, one local server process
 * serving the built app and the rooms. The creator makes a room with clocks, two more people
 * open the invite link and claim seats, everyone places by auto-place, moves are played by
 * clicking squares (a shift among them), a spectator sees the same record, and a player who
 * closes the tab and opens the link again has their seat back.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findMove, launch, playByPointer, QUIET, seam, settle, SHIFT } from './harness';
import { startGameServer, type TestGameServer } from './gameServer';

let browser: Browser;
let server: TestGameServer;
const errors: string[] = [];

beforeAll(async () => {
  server = await startGameServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}${path}`);
  return page;
}

const online = async (page: Page) => (await seam.state(page)).online;

/** The page whose player is to move (by the name in the player list). */
async function moverOf(pages: Record<string, Page>, any: Page): Promise<Page> {
  const s = await seam.state(any);
  const name = s.players.find((p) => p.label === s.toMove)!.name;
  return pages[name];
}

/** Wait until every page shows a record of `length` actions. */
async function sameRecord(pages: Page[], length: number) {
  for (const p of pages)
    await p.waitForFunction(
      (n) =>
        (window as unknown as { __NDCHESS__: { state(): { moves: string[] } } }).__NDCHESS__.state()
          .moves.length >= n,
      length,
      { timeout: 20_000 },
    );
}

test('three players and a spectator play a room: invite, seats, auto-place, clicks, a shift, reconnection, clocks', async () => {
  const ctx = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  // The creator: Play online with clocks; the first human seat (Orange) is theirs.
  const a = await open(ctx[0], '');
  await a.getByRole('checkbox', { name: 'Clocks' }).check();
  await a.getByRole('button', { name: 'Create online game' }).click();
  const link = a.getByTestId('invite-link');
  await link.waitFor();
  const invite = await link.inputValue();
  expect(invite).toMatch(/\?room=[\w-]+$/);
  expect((await online(a))!.seat).toBe(0);

  // Two friends open the link and take the open seats under their names.
  const path = invite.slice(invite.indexOf('?'));
  const b = await open(ctx[1], path);
  await b.getByRole('button', { name: 'Take this seat' }).first().waitFor();
  await expect.poll(async () => (await online(b))?.seat ?? null).toBeNull();
  await b.getByRole('button', { name: 'Take this seat' }).first().click();
  await expect.poll(async () => (await online(b))?.seat).toBe(1);
  const c = await open(ctx[2], path);
  await c.getByRole('button', { name: 'Take this seat' }).first().click();
  // Every seat filled: the game starts on every device.
  for (const p of [a, b, c])
    await expect.poll(async () => (await seam.state(p)).screen, { timeout: 15_000 }).toBe('game');
  const pages: Record<string, Page> = { Orange: a, Sky: b, Yellow: c };
  expect((await seam.state(a)).players.map((p) => p.name).sort()).toEqual([
    'Orange',
    'Sky',
    'Yellow',
  ]);

  // Placement: each player, on their turn, auto-places the rest; later steps go by themselves.
  for (let turn = 0; turn < 3; turn++) {
    const mover = await moverOf(pages, a);
    await mover.getByRole('button', { name: 'Auto-place the rest (balanced)' }).click();
    await expect
      .poll(async () => (await seam.state(a)).moves.length, { timeout: 15_000 })
      .toBeGreaterThan(turn);
  }
  await expect.poll(async () => (await seam.state(a)).phase, { timeout: 30_000 }).toBe('play');
  const placed = (await seam.state(a)).moves.length;
  await sameRecord([a, b, c], placed);

  // A player not to move is told why a click does nothing.
  const first = await moverOf(pages, a);
  const idle = [a, b, c].find((p) => p !== first)!;
  await idle.getByRole('button', { name: 'Undo' }).isDisabled();
  expect(await idle.getByRole('button', { name: 'Undo' }).getAttribute('title')).toBe(
    'Not available in an online game',
  );

  // Clocks: the mover's counts down on another device.
  const clockText = async (p: Page) => p.locator('.clock.running').first().textContent();
  const t0 = await clockText(idle);
  await idle.waitForTimeout(1600);
  expect(await clockText(idle)).not.toBe(t0);

  // A spectator opens the link: every seat is taken, so they watch.
  const d = await open(ctx[3], path);
  await expect.poll(async () => (await seam.state(d)).screen, { timeout: 15_000 }).toBe('game');
  await expect(d.getByTestId('online-role').textContent()).resolves.toBe('Watching');

  // Moves by clicking: a quiet move, then the next players' moves with a shift among them.
  let played = placed;
  let shifted = false;
  for (let k = 0; k < 3; k++) {
    const mover = await moverOf(pages, a);
    await settle(mover, 100);
    let move: string;
    if (!shifted) {
      move = await findMove(mover, SHIFT).catch(() => '');
      shifted = !!move;
      if (!move) move = await findMove(mover, QUIET);
    } else move = await findMove(mover, QUIET);
    await playByPointer(mover, move);
    played++;
    await sameRecord([a, b, c, d], played);
    expect((await seam.state(d)).moves.at(-1)).toBe(move);
  }
  expect(shifted).toBe(true);
  const record = (await seam.state(a)).moves;
  for (const p of [b, c, d]) expect((await seam.state(p)).moves).toEqual(record);

  // The spectator cannot select a piece, and is told why.
  const spectator = await seam.state(d);
  expect(spectator.online!.seat).toBeNull();

  // Sky closes the tab: the others see "reconnecting…"; opening the link again gives the seat back.
  await b.close();
  await expect
    .poll(async () => (await online(a))!.seats[1].presence, { timeout: 10_000 })
    .toBe('reconnecting');
  const b2 = await open(ctx[1], path);
  await expect.poll(async () => (await online(b2))?.seat, { timeout: 15_000 }).toBe(1);
  await expect
    .poll(async () => (await online(a))!.seats[1].presence, { timeout: 10_000 })
    .toBe('connected');
  expect((await seam.state(b2)).moves).toEqual(record);

  expect(errors).toEqual([]);
  await Promise.all(ctx.map((x) => x.close()));
});
