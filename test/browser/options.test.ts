/**
 * The optional rules (R9) in the app: switches on the setup screen reach the core; the house rule
 * Quiet shifts (R9.7) follows the number of players until switched by hand, and the rules page
 * says whether the game has it; a Cowardly
 * king is placed by hand from the tray and later flees where the player clicks; under
 * Dimensional Collapse a resigned player's boards count down, then leave the core's state and
 * the scene, with no more draw calls than before.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  config,
  seam,
  settle,
  squarePoint,
  openApp,
  playQuiet,
  type Seam,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

test('setup switches reach the core; a Cowardly king is placed from the tray and flees where clicked', async () => {
  const { page, errors } = await openApp(browser);

  await page.getByLabel('Number of players').selectOption('4');
  await page.getByText('More options').click();
  await page.getByLabel('Seed').fill('options-test');
  await page.getByLabel('Player 4 colour').fill('#f0f0f0');
  for (const name of ['collapse', 'cowardly', 'shade'])
    await page.locator(`input[type="checkbox"][name="${name}"]`).check();
  // Shade Order: the swatches light to dark, and the turn order follows them (R9.5).
  const shades = await page.locator('.shades li:not(.note) span:not(.swatch)').allTextContents();
  expect(shades[0]).toBe('Jade');
  const order = await page.locator('.order').textContent();
  expect(order).toContain('Shade Order');
  expect(order).toMatch(new RegExp(`A ${shades[0]} → B ${shades[1]} → C ${shades[2]}`));
  await page.getByRole('button', { name: 'Start game' }).click();
  await settle(page);
  let s = await seam.state(page);
  expect(s.options).toEqual({
    hyperspace: false,
    collapse: true,
    cowardly: true,
    scavenger: false,
    shade: true,
    quiet: true, // on by default at four players (R9.7)
  });
  expect(s.players.map((p) => p.name)).toEqual(shades);
  await page.getByRole('button', { name: 'Got it' }).click();

  // The king is in the tray (Cowardly Kings, R9.3): pick it, click a board of the domain.
  await page.locator('.tray-piece[data-piece="e1"]').click();
  const p = await squarePoint(page, 'AC', 'd4');
  await page.mouse.click(p.x, p.y);
  await settle(page);
  s = await seam.state(page);
  expect(s.moves).toEqual(['AC:+Ke1']);
  await expect
    .poll(() => page.locator('.board-label[data-board="AC"] .crown').count())
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Auto-place everyone' }).click();
  await settle(page);
  expect((await seam.state(page)).phase).toBe('play');

  // A resigns; five turn slots of A later its boards collapse and kings there must flee.
  expect(await seam.play(page, 'resign')).toBe(true);
  await playQuiet(page, 20, async () => (await seam.state(page)).kind === 'flight');
  await settle(page);
  s = await seam.state(page);
  expect(s.kind).toBe('flight');
  expect(await page.getByTestId('banner').textContent()).toMatch(/king must flee — choose where/);
  // Click a marked flight square (the markers are the legal flight choices).
  const choices = (await seam.actions(page)).filter((t) => /^[A-H]{2}:\+K[a-h][1-8]$/.test(t));
  expect(choices.length).toBeGreaterThan(0);
  const [, board, square] = /^([A-H]{2}):\+K([a-h][1-8])$/.exec(choices[0])!;
  const fp = await squarePoint(page, board, square);
  await page.mouse.click(fp.x, fp.y);
  await settle(page);
  s = await seam.state(page);
  expect(s.moves.at(-1)).toBe(choices[0]);
  expect(s.caption.join(' ')).toMatch(new RegExp(`king flees to ${board}`));
  expect(errors).toEqual([]);
  await page.close();
});

test('R9.7 Quiet shifts on the setup screen: a house rule, on at 4, off at 3, following the count until switched; the game and its rules page carry it', async () => {
  const { page, errors } = await openApp(browser);
  const quiet = page.locator('input[type="checkbox"][name="quiet"]');
  const count = page.getByLabel('Number of players');
  // Apart from the optional rules, tagged as a house rule, with why it exists.
  const house = page.locator('fieldset.house-rules');
  await expect.poll(() => house.locator('legend').textContent()).toBe('House rule');
  expect(await house.locator('.tag').textContent()).toBe('house rule');
  expect(await house.textContent()).toMatch(/Not in the original rules: from four players on/);
  expect(await page.locator('fieldset.options:not(.house-rules) input[name="quiet"]').count()).toBe(
    0,
  );

  expect(await quiet.isChecked()).toBe(false); // three players
  await count.selectOption('4');
  expect(await quiet.isChecked()).toBe(true);
  await count.selectOption('3');
  expect(await quiet.isChecked()).toBe(false);
  await count.selectOption('6');
  expect(await quiet.isChecked()).toBe(true);
  // Switched off by hand: it stays off whatever the count.
  await quiet.uncheck();
  await count.selectOption('4');
  expect(await quiet.isChecked()).toBe(false);
  await count.selectOption('3');
  await count.selectOption('5');
  expect(await quiet.isChecked()).toBe(false);
  // Switched on by hand at three: it stays on.
  await count.selectOption('3');
  await quiet.check();
  await count.selectOption('4');
  await count.selectOption('3');
  expect(await quiet.isChecked()).toBe(true);

  await page.getByRole('button', { name: 'Start game' }).click();
  await settle(page);
  expect((await seam.state(page)).options).toMatchObject({ quiet: true, hyperspace: false });
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Rules' }).click();
  const rules = page.getByTestId('game-rules');
  await expect
    .poll(() => rules.textContent())
    .toMatch(/Quiet shifts\s*house rule\s*\(R9\.7\): on in this game/);
  expect(await rules.textContent()).toMatch(/Optional rules: none/);
  // The full rules explain it.
  expect(await page.locator('.rules-page').textContent()).toMatch(
    /Quiet shifts \(a house rule, not in the original rules\)/,
  );
  expect(errors).toEqual([]);
  await page.close();
});

/**
 * The draw calls of the boards and pieces, measured at rest: once the labels stand still (their
 * pictures are drawn only while they glide) and a fresh frame is drawn. The explanation overlay's
 * marks (frames, crosses, lines — one instanced mesh each, drawn only when it holds a mark) come
 * and go with checks and recent moves, so they are counted out.
 */
async function boardAndPieceCalls(page: Page): Promise<{ calls: number; triangles: number }> {
  await page.waitForFunction(() => {
    const api = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__;
    const s = api.scene();
    return !s.moving && !s.labelPictures && !api.busy();
  });
  const drawnBefore = (await seam.renderInfo(page)).frames;
  await seam.invalidate(page);
  await page.waitForFunction(
    (n) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.renderInfo().frames > n,
    drawnBefore,
  );
  const info = await seam.renderInfo(page);
  const { drawn } = await page.evaluate(() =>
    (
      window as unknown as { __NDCHESS__: { explain(): { drawn: Record<string, number> } } }
    ).__NDCHESS__.explain(),
  );
  const overlay = Object.values(drawn).filter((n) => n > 0).length;
  return { calls: info.calls - overlay, triangles: info.triangles };
}

test('Collapse: a resigned player’s boards count down, then leave the state and the scene', async () => {
  const { page, errors } = await openApp(browser);
  await seam.newGame(page, {
    ...config(4, 'balanced', 'collapse-test'),
    options: { collapse: true },
  });
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  const before = await boardAndPieceCalls(page);
  const sceneBefore = await seam.scene(page);
  expect(sceneBefore.boards).toHaveLength(6);

  // Resign through the confirmation dialog.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await settle(page);
  let s = await seam.state(page);
  expect(s.players[0].status).toBe('eliminated');
  const doomed = s.boards.filter((b) => b.countdown !== null);
  expect(doomed.map((b) => [b.name, b.countdown])).toEqual([
    ['AB', 5],
    ['AC', 5],
    ['AD', 5],
  ]);
  expect(s.caption).toContain(`${s.players[0].name}'s 3 boards collapse in 5 turns`);
  expect(await page.locator('.board-label[data-board="AB"] .countdown').textContent()).toBe('5');
  expect(await page.getByTestId('state-A').textContent()).toMatch(/collapse in 5 turns/);

  // Four rounds of B, C, D: the countdown drops once per round (A's slot passing).
  await playQuiet(page, 12, async () => false);
  s = await seam.state(page);
  expect(s.boards.find((b) => b.name === 'AB')!.countdown).toBe(1);
  expect(s.boards.every((b) => b.live)).toBe(true);

  // One more round: the boards collapse.
  await playQuiet(page, 6, async () => !(await seam.state(page)).boards[0].live);
  s = await seam.state(page);
  expect(s.boards.map((b) => b.live)).toEqual([false, false, false, true, true, true]);
  expect(s.boards.every((b) => b.countdown === null)).toBe(true);
  expect(s.caption.find((c) => c.startsWith('Collapse:'))).toMatch(
    /^Collapse: AB, AC and AD leave play; \d+ pieces are lost$/,
  );
  await settle(page);
  const scene = await seam.scene(page);
  expect(scene.boards).toEqual(['BC', 'BD', 'CD']);
  expect(scene.moving).toBe(false);
  expect(await page.locator('.board-label[data-board="AB"]').count()).toBe(0);
  const after = await boardAndPieceCalls(page);
  console.log(`collapse: ${before.calls} draw calls before, ${after.calls} after (overlay aside)`);
  // Instanced: the same meshes draw the remaining boards (every piece kind in one).
  expect(after.calls).toBe(before.calls);
  expect(after.triangles).toBeLessThan(before.triangles);
  // The remaining boards are on screen, laid out afresh.
  for (const name of ['BC', 'BD', 'CD'])
    expect(await seam.screenOf(page, name, 'e4')).not.toBeNull();
  expect(errors).toEqual([]);
  await page.close();
});
