/**
 * "How to play" in the built app: every lesson completed through real clicks on the boards
 * (and the placement tray), a wrong move answered with the lesson's hint and taken back, the
 * progress remembered, and the player's own game (in the store and in storage) intact after the
 * tutorial. Then the phase hints: dismissed for good, across a reload, and shown again from
 * Settings.
 */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  clickSquare,
  config,
  findMove,
  loadApp,
  openApp,
  playByPointer,
  seam,
  settle,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Click = [board: string, square: string] | { tray: string; board: string };

/** Each lesson's clicks, step by step (a tray pick is the piece's home square, then a board). */
const LESSON_CLICKS: [title: string, steps: Click[][]][] = [
  [
    'One board for every pair',
    [
      [
        ['AB', 'a1'],
        ['AB', 'a6'],
      ],
    ],
  ],
  ['Placing your army', [[{ tray: 'd1', board: 'AC' }]]],
  [
    'Shifting to another board',
    [
      [
        ['AB', 'a1'],
        ['AC', 'a5'],
      ],
    ],
  ],
  [
    'Your king is on every board',
    [
      [
        ['AB', 'e1'],
        ['AB', 'd1'],
      ],
    ],
  ],
  [
    'Blocking a check by shifting',
    [
      [
        ['AB', 'a4'],
        ['AC', 'e4'],
      ],
    ],
  ],
  [
    'Checkmate, the final move, the capture',
    [
      [
        ['AB', 'b1'],
        ['AB', 'b8'],
      ],
      [
        ['AB', 'b8'],
        ['AB', 'e8'],
      ],
    ],
  ],
  [
    'Two players left',
    [
      [
        ['AB', 'b1'],
        ['AB', 'b8'],
      ],
    ],
  ],
  [
    'Hyperspace',
    [
      [
        ['AB', 'd2'],
        ['AB', 'd3'],
        ['AC', 'g1'],
        ['AC', 'f3'],
      ],
    ],
  ],
  [
    'Dimensional Collapse',
    [
      [
        ['AC', 'g1'],
        ['AB', 'f3'],
      ],
    ],
  ],
  [
    'Cowardly Kings',
    [
      [
        ['AC', 'd2'],
        ['AC', 'd3'],
      ],
      [['AC', 'e1']],
    ],
  ],
  [
    'Interdimensional Scavenger',
    [
      [
        ['AB', 'b1'],
        ['AB', 'b8'],
      ],
      [
        ['BC', 'a2'],
        ['BC', 'a3'],
      ],
    ],
  ],
  ['Shade Order', [[{ tray: 'd1', board: 'AC' }]]],
  [
    'Quiet shifts (house rule)',
    [
      [
        ['AB', 'a1'],
        ['AC', 'b1'],
      ],
      [
        ['AC', 'b1'],
        ['AC', 'b8'],
      ],
    ],
  ],
];

const lessonText = (page: Page) => page.getByTestId('lesson').textContent();

async function click(page: Page, c: Click): Promise<void> {
  if (Array.isArray(c)) await clickSquare(page, c[0], c[1]);
  else {
    await page.locator(`.tray-piece[data-piece="${c.tray}"]`).click();
    await clickSquare(page, c.board, 'e4');
  }
  await settle(page);
}

/** The player's own game: three players, balanced, two moves played; its stored text. */
async function ownGame(page: Page): Promise<{ moves: string[]; stored: string }> {
  await seam.newGame(page, config(3, 'balanced', 'tutorial-own'));
  await settle(page);
  for (let i = 0; i < 2; i++) await playByPointer(page, await findMove(page, SAME_BOARD_PAWN));
  const moves = (await seam.state(page)).moves;
  const saved = () => page.evaluate(() => localStorage.getItem('ndchess.autosave'));
  await expect.poll(saved).toContain(moves.at(-1)!);
  const stored = (await saved())!;
  return { moves, stored };
}

test('every lesson through real clicks; the saved game is intact afterwards', async () => {
  const { page, errors } = await openApp(browser);
  const own = await ownGame(page);

  // From the game: Rules offers the tutorial and the full rules.
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Rules' }).textContent())
    .toContain('Full rules');
  await page.getByRole('button', { name: 'How to play (tutorial)' }).click();
  await page.getByRole('button', { name: '1. One board for every pair' }).click();
  await settle(page);

  for (const [i, [title, steps]] of LESSON_CLICKS.entries()) {
    expect(await lessonText(page)).toContain(title);
    expect(await page.locator('.hint').count()).toBe(0);
    // Between steps the scripted replies come, then it is the player's turn again.
    for (const [k, clicks] of steps.entries()) {
      for (const c of clicks) await click(page, c);
      if (k < steps.length - 1)
        await expect
          .poll(async () => (await seam.state(page)).toMove, { timeout: 10_000 })
          .toBe(title === 'Shade Order' ? 'C' : 'A');
      if (k < steps.length - 1) await settle(page);
    }
    await expect.poll(() => lessonText(page), { timeout: 10_000 }).toContain('Lesson done.');
    expect((await seam.state(page)).notice).toBeNull();
    if (i < LESSON_CLICKS.length - 1) {
      await page.getByRole('button', { name: 'Next lesson' }).click();
      await settle(page);
    }
  }
  // The game's own bots never moved in a lesson: every action was the lesson's or the player's.
  expect((await seam.state(page)).thinking).toBeNull();

  // Leaving returns to the player's game, as it was, and storage still holds it.
  await page.getByRole('button', { name: 'Leave the tutorial' }).click();
  await settle(page);
  const back = await seam.state(page);
  expect(back.screen).toBe('game');
  expect(back.moves).toEqual(own.moves);
  expect(back.cursor).toBe(own.moves.length);
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('ndchess.autosave')))!),
    )
    .toEqual(JSON.parse(own.stored));
  await loadApp(page);
  await settle(page);
  expect((await seam.state(page)).moves).toEqual(own.moves);

  // Progress is remembered: every lesson is ticked in the menu.
  await page.getByRole('button', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'How to play (tutorial)' }).click();
  await expect.poll(() => page.locator('.tutorial-menu .lessons button.done').count()).toBe(13);
  expect(errors).toEqual([]);
});

test('a wrong move is answered with the hint and taken back; a hint on request; from the setup screen', async () => {
  const { page, errors } = await openApp(browser);
  await page.getByRole('button', { name: 'How to play' }).click();
  await page.getByRole('button', { name: '1. One board for every pair' }).click();
  await settle(page);

  await page.getByRole('button', { name: 'Hint' }).click();
  expect(await page.getByTestId('lesson-feedback').textContent()).toContain(
    'Click your rook on AB a1',
  );
  // Jade's bishop on AC is not Sky's piece: the hint, and the position goes back.
  await clickSquare(page, 'AC', 'h1');
  await clickSquare(page, 'AC', 'h5');
  await expect
    .poll(() => page.getByTestId('lesson-feedback').textContent())
    .toContain('Not this time');
  expect(await page.getByTestId('lesson-feedback').textContent()).toContain(
    'Sky is your enemy on AB',
  );
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(0);
  await settle(page);
  await clickSquare(page, 'AB', 'a1');
  await clickSquare(page, 'AB', 'a6');
  await expect.poll(() => lessonText(page)).toContain('Lesson done.');
  expect((await seam.state(page)).moves).toEqual(['AB:Ra1xa6']);

  // Try again starts the lesson anew; leaving returns to the setup screen, nothing saved.
  await page.getByRole('button', { name: 'Try again' }).click();
  await settle(page);
  expect((await seam.state(page)).moves).toEqual([]);
  await page.getByRole('button', { name: 'Leave the tutorial' }).click();
  expect((await seam.state(page)).screen).toBe('setup');
  expect(await page.evaluate(() => localStorage.getItem('ndchess.autosave'))).toBeNull();
  expect(errors).toEqual([]);
});

test('R9.7 the Quiet shifts lesson: a tap on a shift that would give check says why, and the rook stays selected', async () => {
  const { page, errors } = await openApp(browser);
  await page.getByRole('button', { name: 'How to play' }).click();
  await page.getByRole('button', { name: '13. Quiet shifts (house rule)' }).click();
  await settle(page);
  await clickSquare(page, 'AB', 'a1');
  // AC a5 would check Jade's king on a8: no disc there, and the tap says why.
  await clickSquare(page, 'AC', 'a5');
  await expect
    .poll(async () => (await seam.state(page)).notice)
    .toMatch(
      /^That shift is refused: a piece arriving from another board may not give check.*R9\.7/,
    );
  expect((await seam.state(page)).moves).toEqual([]);
  // Still selected: a quiet square on AC takes the shift.
  await clickSquare(page, 'AC', 'c1');
  await expect.poll(async () => (await seam.state(page)).moves[0]).toBe('AB:Ra1-AC:c1');
  expect(errors).toEqual([]);
});

test('phase hints: each dismissed for good, across a reload, and shown again from Settings', async () => {
  const { page, errors } = await openApp(browser);
  await seam.newGame(page, config(3, 'hand', 'hints'));
  await settle(page);
  const hint = page.getByRole('complementary', { name: 'Hint' });
  expect(await hint.getAttribute('data-moment')).toBe('placement');
  expect(await hint.textContent()).toContain('Pick a piece in the tray');
  await page.getByRole('button', { name: 'Got it' }).click();
  expect(await hint.count()).toBe(0);

  // Play begins: the next moment has its own hint.
  await page.getByRole('button', { name: 'Auto-place everyone' }).click();
  await settle(page);
  expect(await hint.getAttribute('data-moment')).toBe('play');
  await page.getByRole('button', { name: 'Got it' }).click();
  expect(await hint.count()).toBe(0);

  // Remembered across a reload and a new game.
  await loadApp(page);
  await settle(page);
  expect((await seam.state(page)).phase).toBe('play');
  expect(await hint.count()).toBe(0);
  await seam.newGame(page, config(3, 'hand', 'hints-2'));
  await settle(page);
  expect(await hint.count()).toBe(0);

  // Settings brings them back.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Show hints again' }).click();
  expect(await hint.getAttribute('data-moment')).toBe('placement');
  expect(errors).toEqual([]);
});

test('the lesson card fits the game panel beside the boards at 1024×768 and 768×1024', async () => {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await loadApp(page, inject('baseUrl'));
    await page.getByRole('button', { name: 'How to play' }).click();
    await page.getByRole('button', { name: '2. Placing your army' }).click();
    await settle(page);
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const panel = await box('.panel');
    const card = await box('.lesson');
    const scene = await box('.scene canvas');
    // Inside the panel, and the panel beside (not over) the boards.
    expect(card.x).toBeGreaterThanOrEqual(panel.x - 1);
    expect(card.y).toBeGreaterThanOrEqual(panel.y - 1);
    expect(card.x + card.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
    expect(card.y + card.height).toBeLessThanOrEqual(panel.y + panel.height + 1);
    const overlapX =
      Math.min(card.x + card.width, scene.x + scene.width) - Math.max(card.x, scene.x);
    const overlapY =
      Math.min(card.y + card.height, scene.y + scene.height) - Math.max(card.y, scene.y);
    expect(overlapX <= 1 || overlapY <= 1).toBe(true);
    // The goal and the tray can be reached.
    await page.getByTestId('lesson-goal').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('lesson-goal').isVisible()).toBe(true);
    expect(await page.locator('.tray-piece[data-piece="d1"]').isVisible()).toBe(true);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `/tmp/lesson-${width}x${height}.png` });
    await page.close();
  }
});
