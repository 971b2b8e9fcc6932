/**
 * Hyperspace status in the page (issue 50 item 6, R9.1): after the turn's first move the banner
 * no longer offers a king move, clicking the king says why it cannot move, and the screen
 * reader never hears "0 boards still due ()".
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { squareName } from '../../src/core';
import { clickSquare, config, openApp, seam, settle, withBrowser } from './harness';
import { replayed } from './replay';

let browser: Browser;
withBrowser((b) => (browser = b));

test('R9.1: once the turn has begun, no king move is offered and a clicked king explains why it cannot move', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  const c = config(3, 'balanced', 'hyperspace-status');
  c.options = { hyperspace: true };
  await seam.newGame(page, c);
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  const banner = page.getByTestId('banner');
  expect(await banner.textContent()).toContain('(or one king move for the whole turn)');

  // A first move with a piece other than the king.
  const actions = await seam.actions(page);
  const other = actions.find((a) => !/^[A-H]{2}:K/.test(a))!;
  const mover = (await seam.state(page)).toMove;
  expect(await seam.play(page, other)).toBe(true);
  await settle(page);
  const s = await seam.state(page);
  expect(s.toMove).toBe(mover);
  expect(s.due?.length).toBeGreaterThan(0);
  const text = (await banner.textContent()) ?? '';
  expect(text).toContain(`Still due this turn: ${s.due!.join(' and ')}.`);
  expect(text).not.toMatch(/king move/);

  // Where the king stands: the record shown, replayed here.
  const game = replayed(c, s.moves);
  const pos = game.position;
  const board = pos.kingBoards[pos.turn][0];
  // Clicking the king selects it with a word of why.
  await clickSquare(page, pos.g.names[board], squareName(pos.kingSquare(pos.turn, board)));
  await expect
    .poll(async () => (await page.getByTestId('why-not').textContent()) ?? '')
    .toContain('Your king cannot move now: with Hyperspace a king move is a whole turn');

  const heard = (await page.getByTestId('announcer').textContent()) ?? '';
  expect(heard).not.toMatch(/\b0 boards|\(\)/);
  expect(errors).toEqual([]);
  await page.close();
});
