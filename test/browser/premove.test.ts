/**
 * Premove (issue #45 item 4), by real pointer: against two level-1 bots, the human clicks a
 * piece and a target while the bots are to move; the move is played the moment the human's turn
 * comes, or dropped with a notice when the bots' replies made it illegal. Esc and a right-click
 * clear it. The bots are held while the premove is queued (through the seam) and then released:
 * their replies are the level-1 bot's, which the test foresees with the same bot (seeded).
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { squareName, type Game } from '../../src/core';
import { PREMOVE } from '../../src/scene/gpu/geometries';
import { channels, hueOf } from '../../src/scene/colourContrast';
import { PREMOVE_TEXT } from '../../src/text';
import {
  actionIn,
  levelOneReply,
  onTo,
  premoveCases,
  type PremoveCase,
} from '../fixtures/premoves';
import { replayed } from './replay';
import {
  QUIET,
  clickSquare,
  coloursAt,
  config,
  findMove,
  nextFrames,
  openApp,
  playByPointer,
  seam,
  settle,
  squarePoint,
  squaresOf,
  type Seam,
  withBrowser,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const api = (page: Page) => ({
  holdBots: (hold: boolean) =>
    page.evaluate(
      (h) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.holdBots(h),
      hold,
    ),
  premove: () =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.premove()),
});

/** Dismiss the game hint ("Got it") if one shows, so that it covers no square. */
async function dismissHint(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

/**
 * A game of the human (seat 0) against two level-1 bots, held at the bots' turn right after the
 * human's first move; returns the record as replayed here and the human's turn-order index.
 */
async function heldAtBotsTurn(page: Page, seed: string): Promise<{ game: Game; human: number }> {
  await page.evaluate(() => localStorage.clear());
  await api(page).holdBots(true);
  const c = config(3, 'balanced', seed);
  c.players = c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 }));
  await seam.newGame(page, c);
  await settle(page);
  await dismissHint(page);
  let s = await seam.state(page);
  const label = s.players.find((p) => p.kind === 'human')!.label;
  while (s.toMove !== label) {
    // The bots are held: the test plays the opening bots' moves for them, then the human's.
    await seam.play(page, await findMove(page, QUIET));
    s = await seam.state(page);
  }
  // The coach comes up as the human's turn comes: dismissed before the human clicks.
  await settle(page);
  await dismissHint(page);
  await playByPointer(page, await findMove(page, QUIET));
  s = await seam.state(page);
  expect(s.toMove).not.toBe(label);
  const game = replayed(c, s.moves);
  return { game, human: game.players.findIndex((p) => p.label === label) };
}

/** A premove case's squares as the seam names them. */
const named = (g: Game, c: PremoveCase) => {
  const at = (sp: { board: number; square: number }) =>
    [g.position.g.names[sp.board], squareName(sp.square)] as const;
  return { from: at(c.from), to: at(c.to) };
};

/** Queue `c` by clicking its two squares while the bots are to move. */
async function queueByPointer(page: Page, g: Game, c: PremoveCase) {
  const { from, to } = named(g, c);
  await dismissHint(page);
  await clickSquare(page, ...from);
  await clickSquare(page, ...to);
  await expect.poll(() => api(page).premove()).toEqual({ from: from.join(':'), to: to.join(':') });
}

/**
 * Whether the premove tint shows on the target tile of `c`: an empty square (no piece over the
 * tile) and not one of the recent moves' squares (framed in their player's colour).
 */
function tintShows(game: Game, c: PremoveCase): boolean {
  const recent = new Set(
    game.actions.slice(-game.players.length).flatMap((t) => {
      const sq = squaresOf(t);
      return sq ? [sq.from.join(':'), sq.to.join(':')] : [];
    }),
  );
  return (
    game.position.pieceAt(c.to.board, c.to.square) === 0 && !recent.has(named(game, c).to.join(':'))
  );
}

/** The colours over the tile of `target`, with flat pieces (none stands in front of it). */
async function premoveTint(page: Page, target: [string, string]): Promise<number[][]> {
  const flat = page.getByRole('button', { name: 'Flat pieces' });
  if (await flat.isVisible()) await flat.click();
  await settle(page);
  // Points over the tile: on a far board a flat piece on the square nearer may cover its centre.
  const offsets: [number, number][] = [];
  for (const dx of [-3, 0, 3]) for (const dy of [-4, -2, 0]) offsets.push([dx, dy]);
  return coloursAt(page, [target], offsets);
}

/** The tile took the premove's hue (violet), which the board's own tiles do not have. */
function expectViolet(before: number[][], queued: number[][]): void {
  const violet = hueOf(channels(`#${PREMOVE.getHexString()}`)).hue;
  const gap = (rgb: number[]) => {
    const d = Math.abs(hueOf(rgb).hue - violet);
    return Math.min(d, 360 - d);
  };
  const seen = JSON.stringify({ before, queued });
  expect(Math.min(...queued.map(gap)), seen).toBeLessThan(15);
  expect(Math.min(...before.map(gap)), seen).toBeGreaterThan(30);
}

const movesNow = async (page: Page) => (await seam.state(page)).moves;

/**
 * The bots let go: they reply up to `after` (the human's turn), and the premove `c` queued is
 * the action right after their replies.
 */
async function expectPremovePlayed(page: Page, after: Game, c: PremoveCase): Promise<void> {
  await api(page).holdBots(false);
  await expect
    .poll(async () => (await movesNow(page)).length, { timeout: 30_000 })
    .toBe(after.length + 1);
  const moves = await movesNow(page);
  expect(moves.slice(0, after.length)).toEqual(after.actions);
  expect(moves[after.length]).toBe(after.actionText(actionIn(after, c)!));
}

test('a premove queued while the bots are to move is played on the next turn', async () => {
  const { page, errors } = await openApp(browser);
  const { game, human } = await heldAtBotsTurn(page, 'premove-fires');
  const after = onTo(game, human, levelOneReply);
  const c = [...premoveCases(game, human)].find((x) => actionIn(after, x) !== undefined);
  expect(c).toBeDefined();
  await queueByPointer(page, game, c!);
  expect(await movesNow(page)).toHaveLength(game.length);

  await expectPremovePlayed(page, after, c!);
  expect(await api(page).premove()).toBeNull();
  await api(page).holdBots(true);
  expect(errors).toEqual([]);
  await page.close();
});

test("issue #61 item 4: a piece picked right after one's move stays picked while the bots play, and its target clicked then is played", async () => {
  const { page, errors } = await openApp(browser);
  const { game, human } = await heldAtBotsTurn(page, 'premove-fires');
  const first = game.play(levelOneReply(game));
  if (!first.ok) throw new Error(first.error.message);
  const after = onTo(game, human, levelOneReply);
  const offered = (g: Game, c: PremoveCase) =>
    [...premoveCases(g, human)].some((x) => JSON.stringify(x) === JSON.stringify(c));
  // A move on one board, offered after the first bot's reply and legal when the turn comes.
  const c = [...premoveCases(game, human)].find(
    (x) =>
      x.to.board === x.from.board && offered(first.value, x) && actionIn(after, x) !== undefined,
  );
  expect(c).toBeDefined();
  const { from, to } = named(game, c!);
  await dismissHint(page);
  await clickSquare(page, ...from);
  expect((await seam.state(page)).selected).toEqual({ board: from[0], square: from[1] });
  // The bots play on (as right after one's move): the target is clicked once one has moved.
  await api(page).holdBots(false);
  await expect
    .poll(async () => (await movesNow(page)).length, { timeout: 30_000 })
    .toBeGreaterThan(game.length);
  await clickSquare(page, ...to);
  await expect
    .poll(async () => (await movesNow(page)).length, { timeout: 30_000 })
    .toBeGreaterThan(after.length);
  const moves = await movesNow(page);
  expect(moves.slice(0, after.length)).toEqual(after.actions);
  expect(moves[after.length]).toBe(after.actionText(actionIn(after, c!)!));
  await api(page).holdBots(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('a premove the bots made illegal is dropped with a notice', async () => {
  const { page, errors } = await openApp(browser);
  const { game, human } = await heldAtBotsTurn(page, 'premove-drop');
  const after = onTo(game, human, levelOneReply);
  const c = [...premoveCases(game, human)].find((x) => actionIn(after, x) === undefined);
  expect(c).toBeDefined();
  await queueByPointer(page, game, c!);

  await api(page).holdBots(false);
  await expect
    .poll(async () => (await seam.state(page)).notice, { timeout: 30_000 })
    .toBe(PREMOVE_TEXT.dropped);
  const s = await seam.state(page);
  expect(s.moves).toEqual(after.actions);
  expect(s.toMove).toBe(after.players[human].label);
  expect(await api(page).premove()).toBeNull();
  expect(await page.getByText(PREMOVE_TEXT.dropped).isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('the queued premove shows in its own colour; Esc and a right-click clear it', async () => {
  const { page, errors } = await openApp(browser);
  const { game, human } = await heldAtBotsTurn(page, 'premove-fires');
  const c = [...premoveCases(game, human)].find((x) => tintShows(game, x))!;
  const target: [string, string] = [...named(game, c).to];
  const before = await premoveTint(page, target);
  await queueByPointer(page, game, c);
  await settle(page);
  expectViolet(before, await premoveTint(page, target));

  await page.keyboard.press('Escape');
  await expect.poll(() => api(page).premove()).toBeNull();
  await settle(page);
  expect(await premoveTint(page, target)).toEqual(before);

  await queueByPointer(page, game, c);
  const { from } = named(game, c);
  const p = await seam.screenOf(page, ...from);
  await page.mouse.click(p!.x, p!.y, { button: 'right' });
  await expect.poll(() => api(page).premove()).toBeNull();
  // The right-click only cleared the premove: no square's information opened.
  expect(
    (await page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.explain()))
      ?.inspected,
  ).toBeNull();
  expect(await movesNow(page)).toHaveLength(game.length);
  expect(errors).toEqual([]);
  await page.close();
});

type Point = { x: number; y: number };

/** Where a few squares of every board are on screen: the camera stood still if they did. */
async function cameraView(page: Page): Promise<(Point | null)[]> {
  const out = [];
  for (const b of ['AB', 'AC', 'BC'])
    for (const sq of ['a1', 'h8']) out.push(await seam.screenOf(page, b, sq));
  return out;
}

/** A mouse drag from `from` to `to` in steps. */
async function mouseDrag(page: Page, from: Point, to: Point): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await nextFrames(page);
  await page.mouse.up();
  await nextFrames(page);
}

test("issue #63: a drag on a bot's piece during its turn turns the camera and selects nothing", async () => {
  const { page, errors } = await openApp(browser);
  const { game } = await heldAtBotsTurn(page, 'premove-fires');
  // A piece of the bot to move (not its king, which stands on several boards), on screen.
  let from: [string, string] | null = null;
  for (const t of await seam.actions(page)) {
    const sq = squaresOf(t);
    if (sq && QUIET.test(t) && !/:K/.test(t) && (await seam.screenOf(page, ...sq.from))) {
      from = sq.from;
      break;
    }
  }
  expect(from).not.toBeNull();
  await settle(page);
  const still = await cameraView(page);
  const p = await squarePoint(page, ...from!);
  await mouseDrag(page, p, { x: p.x + 240, y: p.y + 40 });
  await settle(page);
  const s = await seam.state(page);
  expect(s.selected).toBeNull();
  expect(s.moves).toHaveLength(game.length);
  expect(await api(page).premove()).toBeNull();
  expect(await cameraView(page)).not.toEqual(still);
  expect(errors).toEqual([]);
  await page.close();
});

test("issue #63: one's own piece dragged onto a target while a bot is to move queues a premove (violet), played when the turn comes", async () => {
  const { page, errors } = await openApp(browser);
  const { game, human } = await heldAtBotsTurn(page, 'premove-fires');
  const after = onTo(game, human, levelOneReply);
  const c = [...premoveCases(game, human)].find(
    (x) => actionIn(after, x) !== undefined && tintShows(game, x),
  );
  expect(c).toBeDefined();
  const { from, to } = named(game, c!);
  await dismissHint(page);
  const before = await premoveTint(page, [...to]);
  const still = await cameraView(page);
  await mouseDrag(page, await squarePoint(page, ...from), await squarePoint(page, ...to));
  await expect.poll(() => api(page).premove()).toEqual({ from: from.join(':'), to: to.join(':') });
  expectViolet(before, await premoveTint(page, [...to]));
  // The camera held still under the dragged piece, and nothing was played before the turn.
  expect(await cameraView(page)).toEqual(still);
  expect(await movesNow(page)).toHaveLength(game.length);

  await expectPremovePlayed(page, after, c!);
  await api(page).holdBots(true);
  expect(errors).toEqual([]);
  await page.close();
});
