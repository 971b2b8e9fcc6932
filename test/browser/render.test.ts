/** The page renders, and the scene's draw calls do not grow with the number of boards. */
import { expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  canvasInk,
  coloursAt,
  config,
  loadApp,
  openApp,
  seam,
  settle,
  drawFresh,
  observe,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

test('the setup screen and then the scene render (canvas is not blank)', async () => {
  const { page, errors } = await openApp(browser);
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  expect(await seam.state(page)).toMatchObject({ screen: 'setup' });
  await seam.newGame(page, config(3, 'balanced'));
  await settle(page);
  expect(await canvasInk(page)).toBeGreaterThan(0.05);
  const s = await seam.state(page);
  expect(s.phase).toBe('play');
  expect(s.boards.map((b) => b.name)).toEqual(['AB', 'AC', 'BC']);
  expect(s.players).toHaveLength(3);
  expect(errors).toEqual([]);
  await page.close();
});

test.each([3, 8])('draw calls with %i players stay within 40', async (n) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(n, 'balanced'));
  await settle(page);
  await drawFresh(page);
  const info = await seam.renderInfo(page);
  console.log(`${n} players: ${info.calls} draw calls, ${info.triangles} triangles`);
  expect(info.calls).toBeGreaterThan(0);
  expect(info.calls).toBeLessThanOrEqual(40);
  // Idle: no frames are rendered while nothing moves.
  const before = (await seam.renderInfo(page)).frames;
  await observe(page, 90);
  expect((await seam.renderInfo(page)).frames).toBe(before);
  await page.close();
});

test('the pieces are a draw call a kind of piece on the boards, and the flat badges one', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  const calls = async () => {
    await settle(page);
    await drawFresh(page);
    return (await seam.renderInfo(page)).calls;
  };
  // Placement by hand (R3) starts with the kings alone on the boards.
  await seam.newGame(page, config(3, 'hand'));
  const kingsOnly = await calls();
  const place = async (kind: string) => {
    const placing = new RegExp(`^[A-H]{2}:\\+${kind}[a-h][1-8]$`);
    const action = (await seam.actions(page)).find((a) => placing.test(a));
    expect(action, `a placement of "${kind || 'P'}"`).toBeDefined();
    expect(await seam.play(page, action!)).toBe(true);
  };
  // A pawn, a knight, a bishop, a rook and a queen (a player each turn): a draw each kind...
  for (const kind of ['', 'N', 'B', 'R', 'Q']) await place(kind);
  expect(await calls()).toBe(kingsOnly + 5);
  // ...and none for more of a kind on the boards.
  for (const kind of ['', '', 'N']) await place(kind);
  expect(await calls()).toBe(kingsOnly + 5);
  await page.getByRole('button', { name: 'Flat pieces' }).click();
  expect(await calls()).toBe(kingsOnly);
  await page.close();
});

test('the rules page opens in the app and shows the rules written for players', async () => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(3, 'balanced'));
  await settle(page);
  await page.getByRole('button', { name: 'Rules' }).click();
  // The rules written for players (issue 50 item 11), not the developers' specification.
  await page.getByRole('heading', { name: /Moving to another board \(R4\)/ }).waitFor();
  const text = (await page.getByRole('dialog').textContent()) ?? '';
  for (const optional of [
    'Hyperspace.',
    'Dimensional Collapse.',
    'Cowardly Kings.',
    'Interdimensional Scavenger.',
    'Shade Order.',
  ])
    expect(text).toContain(optional);
  expect(text).not.toMatch(/issue note|rules core/);
  await page.keyboard.press('Escape');
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('boards are drawn where they stand after gliding (the board table reaches the GPU)', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(8, 'balanced', 'drawn-where-they-stand'));
  await page.getByRole('button', { name: 'Got it' }).click();
  await settle(page);
  // A's boards stand in a grid at the front; without it they glide back into the rings.
  await page.getByRole('button', { name: 'My boards' }).click();
  await settle(page);
  // On each board that glided, the middle ranks' light squares are drawn lighter than the dark
  // ones at the points where the scene now says those squares are (a few may hold pieces).
  const squares = [3, 4, 5, 6].flatMap((rank) => [...'abcdefgh'].map((f, i) => ({ f, i, rank })));
  const isLight = (k: number) => (squares[k].i + squares[k].rank) % 2 === 0;
  for (const board of ['AB', 'AC', 'AD', 'AE', 'AF', 'AG', 'AH']) {
    const seen = await coloursAt(
      page,
      squares.map(({ f, rank }) => [board, `${f}${rank}`]),
    );
    const brightness = seen.map(([r, g, b]) => (r + g + b) / 3);
    const light = brightness.filter((_, k) => isLight(k));
    const dark = brightness.filter((_, k) => !isLight(k));
    expect(median(light) - median(dark), board).toBeGreaterThan(20);
  }
  await page.close();
});
