/**
 * A 3-player game set up through the real setup screen, placed partly by hand with real
 * clicks, then played by clicking squares, including a board-shifting move.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  SHIFT,
  findMove,
  playByPointer,
  savePicture,
  seam,
  settle,
  squarePoint,
  squaresOf,
  openApp,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

test('set up, place by hand, then play by clicking (desktop)', async () => {
  const { page, errors } = await openApp(browser);

  // The setup screen: 3 players, names, a fixed seed, placement by hand.
  await page.getByLabel('Number of players').selectOption('3');
  await page.getByLabel('Player 1 name').fill('Ada');
  await page.getByLabel('Player 2 name').fill('Boris');
  await page.getByLabel('Player 3 name').fill('Chen');
  await page.getByText('More options').click();
  await page.getByLabel('Seed').fill('browser-test');
  await expect.poll(() => page.locator('.order').textContent()).toContain('Turn order');
  // Each seat is a human or a bot of level 1–3 (this game: all human).
  expect(await page.locator('select[aria-label="Player 1 seat"] option').allTextContents()).toEqual(
    ['Human', 'Bot — level 1 (beginner)', 'Bot — level 2 (club)', 'Bot — level 3 (strong)'],
  );
  await page.getByRole('button', { name: 'Start game' }).click();
  await settle(page);
  let s = await seam.state(page);
  expect(s).toMatchObject({ screen: 'game', phase: 'placement', toMove: 'A' });
  expect(s.players.map((p) => p.name).sort()).toEqual(['Ada', 'Boris', 'Chen']);
  await page.getByRole('button', { name: 'Got it' }).click();

  // Three placements by hand: pick from the tray, then click a board of the domain.
  const byHand: [string, string][] = [
    ['d1', 'AB'],
    ['b1', 'BC'],
    ['e2', 'AC'],
  ];
  for (const [piece, board] of byHand) {
    await page.locator(`.tray-piece[data-piece="${piece}"]`).click();
    const p = await squarePoint(page, board, 'e4');
    await page.mouse.click(p.x, p.y);
    await settle(page);
  }
  s = await seam.state(page);
  // C sits North on AC, so the e-pawn's home there is e7 (squares are absolute, R10.2).
  expect(s.moves).toEqual(['AB:+Qd1', 'BC:+Nb1', 'AC:+e7']);

  // The rest auto-placed.
  await page.getByRole('button', { name: 'Auto-place everyone' }).click();
  await settle(page);
  s = await seam.state(page);
  expect(s.phase).toBe('play');
  expect(s.moves).toHaveLength(45);

  // A's pawn move on its board, clicked.
  const first = await findMove(page, SAME_BOARD_PAWN);
  const from = squaresOf(first)!.from;
  const fp = await squarePoint(page, from[0], from[1]);
  await page.mouse.click(fp.x, fp.y);
  await expect.poll(async () => (await seam.state(page)).selected).not.toBeNull();
  s = await seam.state(page);
  expect(s.selected).toEqual({ board: from[0], square: from[1] });
  expect(s.targets).toBeGreaterThan(0);
  const to = squaresOf(first)!.to;
  const tp = await squarePoint(page, to[0], to[1]);
  await page.mouse.click(tp.x, tp.y);
  await settle(page);
  s = await seam.state(page);
  expect(s.moves.at(-1)).toBe(first);
  expect(s.toMove).toBe('B');

  // B shifts a piece to another board.
  const shift = await findMove(page, SHIFT);
  await playByPointer(page, shift);
  s = await seam.state(page);
  expect(s.moves.at(-1)).toBe(shift);
  expect(s.toMove).toBe('C');

  // C and A again.
  for (const who of ['C', 'A']) {
    const mv = await findMove(page, SAME_BOARD_PAWN);
    await playByPointer(page, mv);
    s = await seam.state(page);
    expect(s.moves.at(-1)).toBe(mv);
    expect(s.toMove).not.toBe(who);
  }

  // The move list is announced to screen readers.
  expect(await page.getByTestId('announcer').textContent()).toContain(s.moves.at(-1)!);

  // A position worth a picture: a selected piece showing moves and shift targets.
  const show = await findMove(page, SHIFT);
  const sp = squaresOf(show)!.from;
  const pp = await squarePoint(page, sp[0], sp[1]);
  await page.mouse.click(pp.x, pp.y);
  await settle(page);
  await savePicture(page, 'screenshot.png');

  // Esc deselects; keyboard history browsing does not change the game.
  await page.keyboard.press('Escape');
  expect((await seam.state(page)).selected).toBeNull();
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  s = await seam.state(page);
  expect(s.cursor).toBe(s.moves.length - 1);
  await page.keyboard.press('ArrowRight');
  await settle(page);
  expect((await seam.state(page)).cursor).toBe(s.moves.length);
  expect(errors).toEqual([]);
  await page.close();
});
