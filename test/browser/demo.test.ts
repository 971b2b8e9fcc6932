/**
 * The demo: `?demo&seed=…&speed=4` plays a show of five bots that reaches a collapse within a
 * bounded time (the boards leave the state and the scene, the captions name it); pause stops the
 * moves; "take over" turns the show into a normal game with that seat human. The setup screen's
 * "Watch demo" starts a show, which is never saved, and Exit goes back to the setup screen.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seam, settle, openApp, observe, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

type Api = {
  state(): {
    toMove: string | null;
    moves: string[];
    boards: { name: string; live: boolean }[];
    players: { label: string; kind: string }[];
    demo: { running: boolean; speed: number; paused: boolean } | null;
  };
};
const api = (page: Page) =>
  page.evaluate(() => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state());

/** The seed of a show whose first collapse comes 24 moves after placement (scripts/demoSeeds.ts). */
const SEED = 'show-145';

test('?demo at 4×: a collapse within a bounded time, named by the captions; pause; take over', async () => {
  const { page, errors } = await openApp(browser, `?demo&seed=${SEED}&speed=4`);
  const started = Date.now();
  await page.waitForFunction(
    () => !!(window as unknown as { __NDCHESS__: Api }).__NDCHESS__?.state().demo?.running,
  );
  let s = await seam.state(page);
  expect(s.demo).toMatchObject({ running: true, paused: false, speed: 4, seed: SEED });
  expect(s.players).toHaveLength(5);
  expect(s.options?.collapse).toBe(true);
  expect(s.players.every((p) => p.kind === 'bot')).toBe(true);
  expect(await page.getByRole('button', { name: 'Speed 4×' }).getAttribute('aria-pressed')).toBe(
    'true',
  );

  // The first collapse. The page presses Pause the moment a caption names it: a click sent from
  // here could land after the next move, whose caption would replace it on a loaded machine.
  await page.evaluate(() => {
    const caption = document.querySelector('[data-testid="demo-caption"]')!;
    const observer = new MutationObserver(() => {
      if (!caption.textContent!.includes('Collapse: ')) return;
      observer.disconnect();
      document.querySelector<HTMLButtonElement>('.demo-bar .demo-play')!.click();
    });
    observer.observe(caption, { childList: true, characterData: true, subtree: true });
  });
  await page.waitForFunction(
    () => {
      const st = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state();
      return st.demo?.paused && st.boards.some((b) => !b.live);
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`demo at 4×: first collapse after ${seconds.toFixed(1)} s`);
  s = await seam.state(page);
  expect(s.demo!.paused).toBe(true);
  const gone = s.boards.filter((b) => !b.live).map((b) => b.name);
  expect(gone.length).toBeGreaterThanOrEqual(3);
  const said = s.demo!.log.find((c) => c.startsWith('Collapse: '));
  expect(said).toBeDefined();
  for (const name of gone) expect(said).toContain(name);
  expect(s.demo!.log.some((c) => /boards? collapses? in \d turns?/.test(c))).toBe(true);
  await expect.poll(() => page.getByTestId('demo-caption').textContent()).toContain('Collapse: ');
  await settle(page);
  const scene = await seam.scene(page);
  for (const name of gone) expect(scene.boards).not.toContain(name);
  expect(scene.boards).toHaveLength(s.boards.length - gone.length);

  // Paused: no moves.
  const n = (await api(page)).moves.length;
  await observe(page, 90);
  expect((await api(page)).moves.length).toBe(n);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(
    (k) => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state().moves.length > k,
    n,
    { timeout: 20_000, polling: 100 },
  );

  // Take over a seat: the show becomes a normal game in which that seat is human.
  await page.getByRole('button', { name: 'Take over' }).click();
  const seat = page.getByRole('menuitem').first();
  const name = (await seat.textContent())!.replace('Play as', '').trim();
  await seat.click();
  s = await seam.state(page);
  expect(s.demo).toBeNull();
  const mine = s.players.find((p) => p.name === name)!;
  expect(mine.kind).toBe('human');
  expect(s.players.filter((p) => p.kind === 'bot')).toHaveLength(4);
  expect(new URL(page.url()).search).toBe('');
  await expect.poll(() => page.getByRole('navigation', { name: 'Demo controls' }).count()).toBe(0);
  // The bots play on until it is the human's turn, then wait.
  await page.waitForFunction(
    (label) => {
      const st = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state();
      return st.toMove === label || st.toMove === null;
    },
    mine.label,
    { timeout: 30_000, polling: 100 },
  );
  s = await seam.state(page);
  if (s.toMove === mine.label) {
    const k = s.moves.length;
    await observe(page, 60);
    expect((await api(page)).moves.length).toBe(k);
    const move = (await seam.actions(page))[0];
    expect(await seam.play(page, move)).toBe(true);
    // The bots answer.
    await page.waitForFunction(
      (m) => (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state().moves.length > m,
      k + 1,
      { timeout: 20_000, polling: 100 },
    );
  }
  expect(errors).toEqual([]);
  await page.close();
});

test('"Watch demo" starts a show that is never saved; Exit goes back to the setup screen', async () => {
  const { page, errors } = await openApp(browser);
  await page.getByRole('button', { name: 'Watch demo' }).click();
  await page.waitForFunction(
    () => !!(window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state().demo?.running,
  );
  await page.getByRole('button', { name: 'Speed 4×' }).click();
  // Skip to the next event: the show plays on until something happens, then explains it.
  await page.getByRole('button', { name: /Next event/ }).click();
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__.state() as unknown as {
        phase: string;
        demo: { skipping: boolean; log: string[] };
      };
      return s.phase === 'play' && !s.demo.skipping && s.demo.log.length > 0;
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  expect(await page.evaluate(() => localStorage.getItem('ndchess.autosave'))).toBeNull();
  await page.getByRole('button', { name: 'Exit' }).click();
  const s = await seam.state(page);
  expect(s.screen).toBe('setup');
  expect(s.demo).toBeNull();
  expect(await page.getByRole('button', { name: 'Start game' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Back to the game' }).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});
