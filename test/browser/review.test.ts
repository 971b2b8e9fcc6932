/**
 * The game review (issue #47), by real clicks: a short game against a bot ends (a mate, else a
 * resignation), "Review" in the end dialog opens the panel, its progress runs to the end, the
 * chart has one line per player in their colour, a click on it moves the history cursor there,
 * and the summary has a row per player. An imported game is reviewed from the controls: the
 * history is browsed while it runs, and Cancel stops it. The longest main-thread task while the
 * review runs is printed (a figure, not an assertion: the machine is shared). A click on a key
 * moment shows its position with the better move drawn as an arrow on the boards; Share gives a
 * link that a fresh browser opens in review (the same record, its review run to the end).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runPlayout } from '../../src/cli/playout';
import { saveGame } from '../../src/core';
import { MOMENTS_TEXT, SHARE_TEXT } from '../../src/text';
import { REVIEW_TEXT } from '../../src/text/review';
import {
  QUIET,
  config,
  drawFresh,
  loadApp,
  openApp,
  seam,
  settle,
  withBrowser,
  type Seam,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

test('Review at the end of a game: progress to the end, a line per player, a click on the chart, the summary', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  const table = config(2, 'balanced', 'review');
  table.players[1] = { ...table.players[1], kind: 'bot', level: 1 };
  expect(await seam.newGame(page, table)).toBe(true);
  await settle(page);
  // Quiet moves until the bot mates (it does on this seed) or eight are made; then resign.
  const phase = async () => (await seam.state(page)).phase;
  for (let i = 0; i < 8; i++) {
    await page.waitForFunction(() => {
      const s = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.state();
      return s.phase === 'over' || (s.toMove === s.players[0].label && s.thinking === null);
    });
    if ((await phase()) === 'over') break;
    const all = await seam.actions(page);
    const move = all.find((t) => QUIET.test(t) && !/:K/.test(t)) ?? all[0];
    expect(await seam.play(page, move)).toBe(true);
  }
  if ((await phase()) !== 'over') {
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  }
  const over = page.getByRole('dialog', { name: 'Game over' });
  await over.waitFor();
  const length = (await seam.state(page)).moves.length;

  await startLongTasks(page);
  await over.getByRole('button', { name: 'Review' }).click();
  const panel = page.getByRole('region', { name: 'Game review' });
  const progress = panel.getByRole('progressbar', { name: 'Review progress' });
  await progress.waitFor();
  expect(await over.count()).toBe(0);

  // The progress reaches the end, then the summary shows a row per player.
  const summary = panel.getByRole('table', { name: 'Summary per player' });
  await summary.waitFor({ timeout: 180_000 });
  expect(await progress.count()).toBe(0);
  const tasks = await longTasks(page);
  console.log(`review opened and run (${length} actions): ${saidTasks(tasks)}`);
  const players = (await seam.state(page)).players;
  const lines = panel.locator('svg.eval-chart polyline.eval-line');
  expect(await lines.count()).toBe(players.length);
  const strokes = await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute('stroke')));
  expect(strokes.sort()).toEqual(players.map((p) => p.colour).sort());
  const rows = summary.locator('tbody tr');
  expect(await rows.allTextContents()).toEqual(
    expect.arrayContaining(players.map((p) => expect.stringContaining(p.name))),
  );
  expect(await rows.count()).toBe(players.length);

  // A click on the chart's first quarter shows that action: the history cursor goes there.
  const chart = panel.locator('svg.eval-chart');
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);
  const expected = Math.round(((length - 1) * 1) / 4) + 1;
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(expected);
  expect(await panel.locator('.eval-cursor').getAttribute('data-index')).toBe(String(expected - 1));
  expect(errors).toEqual([]);
});

interface LongTasks {
  longest: number;
  count: number;
  /** What ran in the longest animation frame over 50 ms (Long Animation Frames), if any. */
  busiest: string;
  /** The longest run of a worker's message handler (the review's progress) in those frames. */
  handler: number;
}

/** The long main-thread tasks since `startLongTasks`: the longest, and how many took over 50 ms. */
async function longTasks(page: Page): Promise<LongTasks> {
  return page.evaluate(() => (window as unknown as { tasks: LongTasks }).tasks);
}

async function startLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { tasks: LongTasks };
    w.tasks = { longest: 0, count: 0, busiest: '', handler: 0 };
    let frame = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.tasks.longest = Math.max(w.tasks.longest, e.duration);
        w.tasks.count++;
      }
    }).observe({ type: 'longtask' });
    if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        scripts: { invoker: string; duration: number }[];
      })[]) {
        for (const x of e.scripts)
          if (x.invoker.includes('onmessage'))
            w.tasks.handler = Math.max(w.tasks.handler, x.duration);
        if (e.duration <= frame) continue;
        frame = e.duration;
        const scripts = e.scripts.map((x) => `${x.invoker} ${Math.round(x.duration)} ms`);
        w.tasks.busiest = `${Math.round(e.duration)} ms frame: ${scripts.join(', ') || 'no script'}`;
      }
    }).observe({ type: 'long-animation-frame' });
  });
}

/** The figures of `tasks` in words, for the test's output. */
const saidTasks = (t: LongTasks) =>
  `longest main-thread task ${Math.round(t.longest)} ms (${t.count} over 50 ms)${t.busiest ? `; longest frame ${t.busiest}` : ''}; longest worker message handler in frames over 50 ms ${Math.round(t.handler)} ms`;

/** A page showing a random game of three (placements, then moves) loaded by the Import button's file. */
async function importedGame(seed: string, moves: number) {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  expect(await seam.newGame(page, config(3, 'balanced', `${seed}-before`))).toBe(true);
  const { game } = runPlayout({ players: 3, seed, moves });
  await page.getByTestId('import-file').setInputFiles({
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(saveGame(game))),
  });
  await expect.poll(async () => (await seam.state(page)).moves).toEqual(game.actions);
  await settle(page);
  return { page, errors, game };
}

test('Review of an imported game from the controls: the history is browsed while it runs, and it cancels', async () => {
  // A random game of three (placements, then 60 moves).
  const { page, errors, game } = await importedGame('review-import', 105);
  await holdReviewResults(page);

  await page.locator('.controls').getByRole('button', { name: 'Review' }).click();
  const panel = page.getByRole('region', { name: 'Game review' });
  const progress = panel.getByRole('progressbar', { name: 'Review progress' });
  await progress.waitFor();
  const done = () => progress.evaluate((bar) => (bar as HTMLProgressElement).value);

  // While it runs, the history is browsed by the keyboard as ever; the review goes on (its
  // result held back, it runs on the page however fast the worker is).
  await page.keyboard.press('Home');
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(0);
  await page.keyboard.press('End');
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(game.length);
  expect(await progress.count()).toBe(1);

  // The main thread while the review runs (nothing else happens meanwhile): 20 moves judged.
  const firstMove = game.actions.findIndex((t) => !t.includes(':+'));
  const from = Math.max(await done(), firstMove);
  await startLongTasks(page);
  await expect
    .poll(done, { timeout: 180_000 })
    .toBeGreaterThanOrEqual(Math.min(from + 20, game.length));
  const tasks = await longTasks(page);
  console.log(
    `review running: ${(await done()) - from} moves judged meanwhile; ${saidTasks(tasks)}`,
  );

  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect
    .poll(() => panel.getByRole('status').textContent())
    .toContain('The review was cancelled.');
  expect(await progress.count()).toBe(0);
  expect(await panel.getByRole('button', { name: 'Review again' }).count()).toBe(1);
  expect(errors).toEqual([]);
});

/**
 * Hold back the review worker's result: the page shows its review running, progress up to the
 * last action, until it is cancelled, on any machine (a quick worker would finish it while the
 * test still browses).
 */
function holdReviewResults(page: Page) {
  return page.evaluate(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      readonly held: boolean;
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.held = String(url).includes('reviewWorker');
      }
      override set onmessage(handler: ((event: MessageEvent) => void) | null) {
        super.onmessage =
          this.held && handler
            ? (event: MessageEvent) => {
                if (!('result' in event.data)) handler.call(this, event);
              }
            : handler;
      }
      override get onmessage() {
        return super.onmessage;
      }
    };
  });
}

const arrowOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.arrow());

/** The review panel of `page`, once its review has run to the end (its summary is shown). */
async function reviewed(page: Page) {
  const panel = page.getByRole('region', { name: REVIEW_TEXT.title });
  await panel.getByRole('table', { name: REVIEW_TEXT.summaryLabel }).waitFor({ timeout: 180_000 });
  return panel;
}

test('a key moment shows its better move as an arrow; the shared link opens the game in review', async () => {
  // Random moves after the placements: mistakes enough for key moments with better moves.
  const { page, errors, game } = await importedGame('review-share', 70);

  await page.locator('.controls').getByRole('button', { name: 'Review' }).click();
  const panel = await reviewed(page);
  const moments = panel.getByRole('region', { name: MOMENTS_TEXT.title });
  const mistake = moments.locator('li[data-kind="mistake"]', { hasText: /^Round / }).first();
  await mistake.waitFor();
  const index = Number(await mistake.getAttribute('data-index'));
  const said = (await mistake.textContent())!;
  expect(said).toMatch(/was a (mistake|blunder); .+ was better\.$/);
  // Numbered as the move list numbers it (issue #61 item 5): that round's row holds the action
  // in that player's column.
  const [, round, name] = said.match(/^Round (\d+), ([^:]+):/)!;
  const column = (
    await page.locator('.move-table thead th[data-player]').allTextContents()
  ).indexOf(name);
  expect(column).toBeGreaterThanOrEqual(0);
  const row = page
    .locator('.move-table tbody tr.play')
    .filter({ has: page.locator('th.num', { hasText: new RegExp(`^${round}$`) }) });
  expect(await row.locator('td').nth(column).getByRole('button').allTextContents()).toContain(
    game.actions[index],
  );
  expect(await arrowOf(page)).toBeNull();

  await mistake.getByRole('button').click();
  // The position before the mistake is shown, where the better move could be played, and that
  // move is drawn (issue #61 item 5).
  await expect.poll(async () => (await seam.state(page)).cursor).toBe(index);
  const arrow = (await arrowOf(page))!;
  expect(arrow.index).toBe(index);
  expect(await mistake.textContent()).toContain(`${arrow.text} was better`);
  expect(arrow.strokes.length).toBeGreaterThan(0);
  await drawFresh(page);
  expect((await arrowOf(page))!.segments).toBeGreaterThan(0);
  expect(await mistake.getByRole('button').getAttribute('aria-current')).toBe('true');

  // Shared, and opened in a fresh browser: the same record, in review.
  await page
    .locator('.controls')
    .getByRole('button', { name: SHARE_TEXT.button, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: SHARE_TEXT.title });
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#game=[A-Za-z0-9_-]+$/);
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await fresh.newPage();
  const otherErrors: string[] = [];
  other.on('pageerror', (e) => otherErrors.push(e.message));
  await loadApp(other, link);
  await expect.poll(async () => (await seam.state(other)).moves).toEqual(game.actions);
  const otherPanel = await reviewed(other);
  expect(await otherPanel.getByRole('region', { name: MOMENTS_TEXT.title }).count()).toBe(1);
  expect(otherErrors).toEqual([]);
  expect(errors).toEqual([]);
});
