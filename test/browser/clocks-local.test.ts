/**
 * Clocks in a game against bots on this device (issue #45 item 6, R11.1–2): the setup screen
 * offers them (off by default); in play every seat's clock shows in the player list and the
 * mover's runs; a human who lets the time run out is out, recorded as `timeout X` (R11.4).
 * The game starts through the seam with a tiny time control (the setup screen's choice is
 * whole minutes); the test waits on the record, never on a fixed time.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  config,
  findMove,
  humanTurn,
  openApp,
  playByPointer,
  seam,
  settle,
  type Config,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Api = { state(): { moves: string[] } };

test('R11.2: a human who lets the clock run out against two bots is out, by `timeout X` in the record', async () => {
  const { page, errors } = await openApp(browser);

  // The setup screen offers clocks, off by default, 10 min + 5 s when ticked.
  const clocks = page.getByRole('checkbox', { name: 'Clocks' });
  expect(await clocks.isChecked()).toBe(false);
  await clocks.check();
  expect(await page.getByLabel('Minutes per player').inputValue()).toBe('10');
  expect(await page.getByLabel('Seconds added per move').inputValue()).toBe('5');

  // Orange (seat 0) plays two level-1 bots with 15 s each and 1 s a turn: time enough for a move
  // by pointer on a loaded machine, short enough to wait for the flag.
  const base = config(3, 'balanced', 'bots-2');
  const c: Config & { timeControl: { baseMs: number; incrementMs: number } } = {
    ...base,
    players: base.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 })),
    timeControl: { baseMs: 15_000, incrementMs: 1_000 },
  };
  await seam.newGame(page, c);
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => page.locator('.player .clock').count()).toBe(3);

  // The human plays a move by pointer while their clock runs; the bots reply.
  await humanTurn(page);
  await expect.poll(() => page.getByTestId('clock-0').getAttribute('class')).toMatch(/running/);
  const human = (await seam.state(page)).toMove!;
  await playByPointer(page, await findMove(page, SAME_BOARD_PAWN));
  await humanTurn(page);
  const moved = (await seam.state(page)).moves.length;

  // Then they wait: their flag falls and the record says so.
  await page.waitForFunction(
    (label) =>
      (window as unknown as { __NDCHESS__: Api }).__NDCHESS__
        .state()
        .moves.includes(`timeout ${label}`),
    human,
    { timeout: 90_000, polling: 100 },
  );
  const s = await seam.state(page);
  expect(s.moves.slice(moved)[0]).toBe(`timeout ${human}`);
  expect(s.players.find((p) => p.label === human)!.status).toBe('eliminated');
  await expect.poll(() => page.getByTestId('clock-0').textContent()).toBe('0:00.0');
  expect(await page.getByTestId('clock-0').getAttribute('class')).toMatch(/\bout\b/);
  expect(errors).toEqual([]);
  await page.close();
});
