/**
 * Bot seats in the app: two level-1 bots reply to a human by themselves (their search runs in a
 * Web Worker while the page keeps drawing), the player list shows who is thinking, undo takes
 * back the bots' replies with the human's move and redo (Ctrl+Y) brings them back; a game of three bots plays on by itself.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { nodeBudget } from '../../src/ai/bot';
import {
  SAME_BOARD_PAWN,
  config,
  findMove,
  humanTurn,
  playByPointer,
  seam,
  settle,
  openApp,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Api = {
  state(): {
    toMove: string | null;
    thinking: string | null;
    moves: string[];
    players: { label: string; kind: string }[];
  };
};
declare global {
  interface Window {
    __thinkingSeen?: { state: string[]; dom: string[] };
    __framesWhileThinking?: number;
  }
}

/** Record every "thinking" label seen in the state and in the player list, frame by frame. */
async function watchThinking(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { state: [] as string[], dom: [] as string[] };
    window.__thinkingSeen = seen;
    const api = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__;
    const look = () => {
      const t = api.state().thinking;
      if (t && !seen.state.includes(t)) seen.state.push(t);
      for (const el of document.querySelectorAll('[data-testid^="thinking-"]')) {
        const label = el.getAttribute('data-testid')!.slice('thinking-'.length);
        if (!seen.dom.includes(label)) seen.dom.push(label);
      }
      requestAnimationFrame(look);
    };
    look();
  });
}

test('two level-1 bots reply to the human by themselves; thinking shows, then clears; undo and redo are inverses', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  // A seed in which the human's king survives its first moves (balanced placement is risky).
  const c = config(3, 'balanced', 'bots-2');
  c.players = c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 }));
  await seam.newGame(page, c);
  await settle(page);
  await page.getByRole('button', { name: 'Got it' }).click();
  // The bots may move first; then it is the human's turn.
  await humanTurn(page);
  let s = await seam.state(page);
  const human = s.players.find((p) => p.kind === 'human')!;
  expect(s.toMove).toBe(human.label);
  expect(s.players.filter((p) => p.kind === 'bot').map((p) => p.level)).toEqual([1, 1]);
  await expect
    .poll(() => page.locator('.player .bot-tag').allTextContents())
    .toEqual(['bot 1 · beginner', 'bot 1 · beginner']);
  const before = s.moves.length;

  await watchThinking(page);
  await playByPointer(page, await findMove(page, SAME_BOARD_PAWN));
  await humanTurn(page);
  s = await seam.state(page);
  expect(s.moves.length).toBe(before + 3);
  expect(s.cursor).toBe(before + 3);
  const bots = s.players.filter((p) => p.kind === 'bot').map((p) => p.label);
  const seen = await page.evaluate(() => window.__thinkingSeen!);
  expect([...seen.state].sort()).toEqual([...bots].sort());
  expect([...seen.dom].sort()).toEqual([...bots].sort());
  expect(await page.locator('[data-testid^="thinking-"]').count()).toBe(0);

  // Undo takes back the bots' replies and the human's move: the human may try again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await settle(page);
  s = await seam.state(page);
  expect(s.cursor).toBe(before);
  expect(s.toMove).toBe(human.label);
  expect(s.moves.length).toBe(before + 3);

  // By keyboard, Redo is Undo's inverse (issue 50 item 3): Ctrl+Y redoes the whole turn (the
  // human's move and both replies), Ctrl+Z takes it back again.
  const cursor = async () => (await seam.state(page)).cursor;
  await page.keyboard.press('Control+y');
  await expect.poll(cursor).toBe(before + 3);
  await page.keyboard.press('Control+z');
  await expect.poll(cursor).toBe(before);
  await page.keyboard.press('Control+y');
  await expect.poll(cursor).toBe(before + 3);
  expect((await seam.state(page)).toMove).toBe(human.label);
  expect(errors).toEqual([]);
  await page.close();
});

test('a game of three level-1 bots plays on by itself', async () => {
  const { page, errors } = await openApp(browser);
  // Set up on the setup screen, as a player would: every seat a level-1 bot.
  for (const i of [1, 2, 3])
    await page.getByLabel(`Player ${i} seat`).selectOption({ label: 'Bot — level 1 (beginner)' });
  await page.getByText('More options').click();
  await page.getByLabel('Seed').fill('three-bots');
  await page.getByRole('radio', { name: 'Auto, balanced' }).check();
  await page.getByRole('button', { name: 'Start game' }).click();
  const start = (await seam.state(page)).moves.length;
  await page.waitForFunction(
    (n) => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state().moves.length >= n + 6,
    start,
    { timeout: 30_000, polling: 100 },
  );
  const s = await seam.state(page);
  expect(s.players.every((p) => p.kind === 'bot')).toBe(true);
  expect(s.cursor).toBe(s.moves.length);
  // The page keeps drawing while the bots think.
  expect((await seam.renderInfo(page)).frames).toBeGreaterThan(10);
  expect(errors).toEqual([]);
  await page.close();
});

test('8 players (28 boards): a level-3 bot thinks in its worker while the page keeps drawing frames', async () => {
  const { page, errors } = await openApp(browser);
  await page.evaluate(() => localStorage.clear());
  // Count the page's animation frames while the bot thinks: a search on the page's own thread
  // would stop them for the whole think.
  await page.evaluate(() => {
    window.__framesWhileThinking = 0;
    const api = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__;
    const tick = () => {
      if (api.state().thinking) window.__framesWhileThinking!++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // The seed decides the turn order: make the first player to move the bot.
  const c = config(8, 'balanced', 'eight-bot');
  await seam.newGame(page, c);
  const first = (await seam.state(page)).players.find((p) => p.status === 'to-move')!;
  const seat = c.players.findIndex((p) => p.name === first.name);
  c.players[seat] = { ...c.players[seat], kind: 'bot', level: 3 };
  await seam.newGame(page, c);
  const s0 = await seam.state(page);
  expect(s0.players.length).toBe(8);
  expect(s0.players.filter((p) => p.kind === 'bot').map((p) => p.label)).toEqual([first.label]);
  const bot = first.label;
  const start = s0.moves.length;
  await page.waitForFunction(
    (n) => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state().moves.length > n,
    start,
    { timeout: 60_000, polling: 100 },
  );
  const s = await seam.state(page);
  const thought = s.lastThought!;
  expect(thought.label).toBe(bot);
  // Within its budget: the node budget stopped the search (a test build lifts the level's safety
  // cap in time, src/ai/worker.ts).
  expect(thought.nodes).toBeLessThanOrEqual(nodeBudget(3, 8));
  expect(thought.timedOut).toBe(false);
  const frames = await page.evaluate(() => window.__framesWhileThinking!);
  console.log(
    `8 players, level 3: ${thought.ms} ms, depth ${thought.depth}, ${thought.nodes} nodes, ${frames} frames drawn meanwhile`,
  );
  // A search on the page's thread would leave at most one frame; the figure is printed above.
  expect(frames).toBeGreaterThanOrEqual(4);
  expect(errors).toEqual([]);
  await page.close();
});
