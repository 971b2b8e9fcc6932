/** The same on a tablet: touch taps, a pinch that never selects, portrait layout. */
import { expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  SAME_BOARD_PAWN,
  SHIFT,
  config,
  findMove,
  framesDrawn,
  loadApp,
  nextFrames,
  observe,
  playByPointer,
  playQuiet,
  seam,
  settle,
  squarePoint,
  openTablet,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

test('tablet (768×1024, touch): place, tap moves, pinch zoom', async () => {
  const { context, page } = await openTablet(browser, 768, 1024);
  await seam.newGame(page, config(3, 'hand', 'tablet-seed'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).tap();

  // One placement by tapping, then the rest auto-placed (balanced).
  await page.locator('.tray-piece[data-piece="g1"]').tap();
  const s0 = await seam.state(page);
  const board = s0.toMove === 'A' ? 'AB' : 'BC';
  const bp = await squarePoint(page, board, 'd5');
  await page.touchscreen.tap(bp.x, bp.y);
  await settle(page);
  expect((await seam.state(page)).moves).toHaveLength(1);
  await page.getByRole('button', { name: 'Auto-place everyone' }).tap();
  await settle(page);
  expect((await seam.state(page)).phase).toBe('play');

  // Tap a move and a board-shifting move.
  const mv = await findMove(page, SAME_BOARD_PAWN);
  await playByPointer(page, mv, true);
  expect((await seam.state(page)).moves.at(-1)).toBe(mv);
  const shift = await findMove(page, SHIFT);
  await playByPointer(page, shift, true);
  expect((await seam.state(page)).moves.at(-1)).toBe(shift);

  // A pinch (two fingers spreading) zooms and never selects.
  const before = await squarePoint(page, 'AB', 'e4');
  const cdp = await context.newCDPSession(page);
  const cx = 384;
  const cy = 300;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - d, y: cy, id: 1 },
              { x: cx + d, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (let d = 50; d <= 160; d += 10) {
    await touch('touchMove', d);
    await observe(page, 1);
  }
  await touch('touchEnd', 0);
  await settle(page);
  const after = await seam.screenOf(page, 'AB', 'e4');
  const s = await seam.state(page);
  expect(s.selected).toBeNull();
  expect(after === null || Math.hypot(after.x - before.x, after.y - before.y) > 5).toBe(true);

  // The panel fits a portrait tablet: below the scene, inside the viewport.
  const panel = await page.locator('.panel').boundingBox();
  expect(panel!.y + panel!.height).toBeLessThanOrEqual(1024.5);
  expect(panel!.width).toBeLessThanOrEqual(768.5);
  await context.close();
});

test('a check against the player on a board out of the zoomed view brings that board into view (issue 61 item 8)', async () => {
  const { context, page } = await openTablet(browser, 1024, 768);
  // Three humans at one tablet (the hand-over screen is off under automation): after A's knight
  // move, B's queen checks C on BC (AB:Nb1-c3, BC:Qd1-a4; C's king stands on BC e8).
  await seam.newGame(page, config(3, 'balanced', 'check-in-view'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).tap();
  // A finger zooms in on AB (a tap on a board with small squares); BC is out of view.
  const ab = await squarePoint(page, 'AB', 'e4');
  await page.touchscreen.tap(ab.x, ab.y);
  await settle(page);
  expect(await seam.screenOf(page, 'BC', 'e8')).toBeNull();
  await playByPointer(page, 'AB:Nb1-c3', true);
  expect((await seam.state(page)).moves.at(-1)).toBe('AB:Nb1-c3');
  expect(await seam.screenOf(page, 'BC', 'e8')).toBeNull();
  // B's answer on the board out of view checks C, whose side the table turns to.
  expect(await seam.play(page, 'BC:Qd1-a4')).toBe(true);
  await settle(page);
  const s = await seam.state(page);
  expect(s.toMove).toBe('C');
  await expect.poll(() => seam.screenOf(page, 'BC', 'e8')).not.toBeNull();
  await context.close();
});

test('on a touch device the help texts say tap and pinch; after a mouse press, click and wheel (issue 61 item 8)', async () => {
  const { context, page } = await openTablet(browser, 1024, 768);
  await seam.newGame(page, config(3, 'hand', 'touch-words'));
  await settle(page);
  const hint = page.locator('aside.hint');
  await expect.poll(() => hint.textContent()).toContain('then tap one of your boards');
  expect(await page.getByTestId('banner').textContent()).toContain('then tap one of your boards.');
  await hint.getByRole('button', { name: 'Got it' }).tap();
  await page.getByRole('button', { name: 'Auto-place everyone' }).tap();
  await expect.poll(() => hint.textContent()).toContain('Tap one of your pieces');
  expect(await hint.textContent()).toContain('Drag to orbit, pinch to zoom; tap a board');
  expect(await hint.textContent()).not.toMatch(/click|wheel/i);
  // A mouse on the same device: the words follow the pointer of the last press.
  const text = (await hint.locator('p').boundingBox())!;
  await page.mouse.click(text.x + 4, text.y + 4);
  await expect.poll(() => hint.textContent()).toContain('Click one of your pieces');
  expect(await hint.textContent()).toContain('wheel or pinch to zoom');
  await page.touchscreen.tap(text.x + 4, text.y + 4);
  await expect.poll(() => hint.textContent()).toContain('Tap one of your pieces');
  await context.close();
});

test('landscape tablet 1024×768 fits', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(4, 'balanced'));
  await settle(page);
  for (const name of ['AB', 'CD']) expect(await seam.screenOf(page, name, 'e4')).not.toBeNull();
  const box = await page.locator('.panel').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024.5);
  await context.close();
});

type Api = {
  explain(): {
    inspected: {
      square: string;
      piece: string | null;
      on: string[];
      attackers: { role: string; owner: string; from: string }[];
    } | null;
    drawn: { frames: number };
  };
  commits(): Record<string, number>;
};
const app = (page: Page) => ({
  explain: () =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.explain()),
  commits: () =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.commits()),
});

test('touch: a double tap never zooms the page; a long press shows a square and its attackers', async () => {
  const { context, page } = await openTablet(browser, 1024, 768);
  await seam.newGame(page, config(3, 'balanced', 'long-press'));
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).tap();
  // Army letters follow the turn order: A's king stands on AB e1 and AC e1.
  const nameOf = new Map((await seam.state(page)).players.map((p) => [p.label, p.name]));
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });

  // A double tap on the canvas (between the boards) leaves the page at scale 1.
  for (let i = 0; i < 2; i++) {
    await touch('touchStart', 300, 120);
    await touch('touchEnd', 300, 120);
    await observe(page, 5);
  }
  // A zoom would start within this window.
  await observe(page, 36);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollTop)).toBe(0);
  await settle(page);

  // A long press on A's king: its square on both its boards, attacked from each.
  const king = await squarePoint(page, 'AB', 'e1');
  // Held until the square shows, as a person holds a long press.
  await touch('touchStart', king.x, king.y);
  const panel = page.locator('.square-info');
  await expect.poll(() => panel.isVisible()).toBe(true);
  await touch('touchEnd', king.x, king.y);
  expect(await panel.locator('h2').textContent()).toBe('AB e1');
  expect(await panel.locator('.occupant').textContent()).toBe(`${nameOf.get('A')}'s king`);
  expect(await panel.locator('.domain').textContent()).toContain('AB e1 and AC e1');
  expect(await panel.locator('li .board').allTextContents()).toEqual(['On AB:', 'On AC:']);
  // The press selected nothing, selected no text, and the attackers' frames are drawn.
  expect((await seam.state(page)).selected).toBeNull();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  const kingInfo = await app(page).explain();
  expect(kingInfo.inspected).toMatchObject({
    square: 'AB:e1',
    piece: 'A:king',
    on: ['AB:e1', 'AC:e1'],
  });
  expect(kingInfo.drawn.frames).toBeGreaterThanOrEqual(2 + kingInfo.inspected!.attackers.length);
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
  expect(box!.y + box!.height).toBeLessThanOrEqual(768);
  await expect
    .poll(() => page.getByTestId('square-announcer').textContent())
    .toMatch(new RegExp(`^AB e1: ${nameOf.get('A')}'s king\\. `));

  // A tap elsewhere closes it (and selects nothing).
  await touch('touchStart', 300, 120);
  await touch('touchEnd', 300, 120);
  await expect.poll(() => panel.count()).toBe(0);
  expect((await seam.state(page)).selected).toBeNull();

  // An empty square of AB with attackers: each is listed, in words, under its board.
  let square = '';
  let attackers: { role: string; owner: string; from: string }[] = [];
  for (const sq of ['d3', 'e3', 'f3', 'c3', 'b3', 'g3', 'a3', 'h3']) {
    await touch(
      'touchStart',
      ...(Object.values(await squarePoint(page, 'AB', sq)) as [number, number]),
    );
    await expect.poll(async () => (await app(page).explain()).inspected?.square).toBe(`AB:${sq}`);
    await touch('touchEnd', 0, 0);
    await expect.poll(() => panel.count()).toBe(1);
    const info = (await app(page).explain()).inspected!;
    expect(info.square).toBe(`AB:${sq}`);
    if (info.piece === null && info.attackers.length) {
      square = sq;
      attackers = info.attackers;
      break;
    }
  }
  expect(square).not.toBe('');
  expect(await panel.locator('.occupant').textContent()).toBe('empty');
  const names = attackers.map(
    (a) => `${nameOf.get(a.owner)}'s ${a.role} on ${a.from.replace(':', ' ')}`,
  );
  expect(await panel.locator('li').textContent()).toBe(`On AB: ${names.join(', ')}`);

  // Esc closes it too.
  await page.keyboard.press('Escape');
  await expect.poll(() => panel.count()).toBe(0);
  await context.close();
});

test('a right-click shows the square too, with no browser menu', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, config(3, 'balanced', 'right-click'));
  await settle(page);
  // Count context menus that the page let through to the browser.
  await page.evaluate(() => {
    const w = window as unknown as { menus: number };
    w.menus = 0;
    window.addEventListener('contextmenu', (e) => {
      if (!e.defaultPrevented) w.menus++;
    });
  });
  const p = await squarePoint(page, 'AC', 'e1');
  await page.mouse.click(p.x, p.y, { button: 'right' });
  await expect.poll(() => page.locator('.square-info h2').textContent()).toBe('AC e1');
  expect(await page.evaluate(() => (window as unknown as { menus: number }).menus)).toBe(0);
  await page.close();
});

test('the screen stays on during a game (wake lock) until it is over or switched off', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // Headless Chromium refuses every wake lock: a stand-in records what the game asks for.
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { wakeLog: string[] }).wakeLog = log;
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        async request(type: string) {
          log.push(`request ${type}`);
          const hold = {
            released: false,
            async release() {
              hold.released = true;
              log.push('release');
            },
          };
          return hold;
        },
      },
    });
  });
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);
  const last = async () => (await wakeLog()).at(-1);

  await seam.newGame(page, config(3, 'balanced', 'wake-lock'));
  await expect.poll(last).toBe('request screen');
  await page.getByRole('button', { name: 'Settings' }).tap();
  const toggle = page.getByLabel('Keep the screen on during a game');
  expect(await toggle.isChecked()).toBe(true);
  await toggle.uncheck();
  await expect.poll(last).toBe('release');
  await toggle.check();
  await expect.poll(last).toBe('request screen');

  // Two players resign: the game is over and the screen may sleep again.
  for (let i = 0; i < 2; i++) expect(await seam.play(page, 'resign')).toBe(true);
  await expect.poll(last).toBe('release');
  expect(await wakeLog()).toEqual(['request screen', 'release', 'request screen', 'release']);
  await context.close();
});

/**
 * Over a few frames of an animation that an action just started (slowed down, so that a slow
 * machine draws them in time): `running` still holds at the end, and no scene component
 * commits. The commit counts from the start.
 */
async function drawnWithoutCommits(page: Page, running: () => Promise<boolean>) {
  await nextFrames(page);
  const before = await app(page).commits();
  await framesDrawn(page, 4);
  expect(await running()).toBe(true);
  expect(await app(page).commits()).toEqual(before);
  return before;
}

test('a piece animation and a board glide commit no scene component (all in useFrame)', async () => {
  // A page for each size, closed in mid-animation: waiting for a slowed animation to end costs
  // more than a page.
  for (const n of [3, 8]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loadApp(page, inject('baseUrl'));
    await seam.newGame(page, config(n, 'balanced', `commits-${n}`));
    await settle(page);
    await seam.slowMotion(page, 4);
    await seam.play(page, await findMove(page, SHIFT));
    // The action's own commit, then nothing while the piece flies.
    const before = await drawnWithoutCommits(page, () => seam.busy(page));
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['World', 'Pieces', 'Boards', 'Edges', 'Explain', 'Markers']),
    );
    if (n === 8) {
      // Landed, the table turns to the next player (their boards to the front): the boards
      // glide, and again nothing commits while they do.
      const gliding = async () => (await seam.scene(page)).moving;
      await expect.poll(gliding, { timeout: 20_000, interval: 50 }).toBe(true);
      await drawnWithoutCommits(page, gliding);
    }
    await page.close();
  }
});

test('Dimensional Collapse: while the boards crack and fall no scene component commits', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loadApp(page, inject('baseUrl'));
  await seam.newGame(page, {
    ...config(4, 'balanced', 'commits-collapse'),
    options: { collapse: true },
  });
  await settle(page);
  expect(await seam.play(page, 'resign')).toBe(true);
  // Four rounds of B, C, D bring A's boards to their last turn (as in options.test.ts).
  const countdown = async () => (await seam.state(page)).boards[0].countdown;
  await playQuiet(page, 12, async () => (await countdown()) === 1);
  expect(await countdown()).toBe(1);
  // B and C move at the test's pace; D's move brings A's slot round at 0 and A's boards collapse
  // (R9.2): that one in slow motion.
  await playQuiet(page, 2, async () => (await seam.state(page)).toMove === 'D');
  await settle(page);
  await seam.slowMotion(page, 8);
  const collapsed = async () => !(await seam.state(page)).boards[0].live;
  await playQuiet(page, 1, collapsed);
  expect(await collapsed()).toBe(true);
  // Still falling a few frames later (2.65 s at 1×).
  await drawnWithoutCommits(page, async () => (await seam.scene(page)).moving);
  await seam.slowMotion(page, 1);
  await page.close();
});
