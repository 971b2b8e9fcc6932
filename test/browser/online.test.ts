/**
 * Online play in real browsers: one Chromium, a context per person, the real game server
 * (src/server, as `npm run serve` runs it) serving the built app and the rooms on one loopback
 * port. The creator makes a room with clocks, two more people open the invite link and claim
 * seats, everyone places by auto-place, moves are played by clicking squares (a shift among
 * them), a spectator sees the same record and is told why a click does nothing, a player who
 * closes the tab and opens the link again has their seat back, and a second tab on a seat takes
 * it over. A second room, resumed from a stored record, has a player checkmated by clicks and
 * the game going on with a server bot's move. A third, when its server process restarts (a
 * deployment), tells its player, who rejoins the room reopened from its record and plays on.
 * A fourth is filled with server bots from its lobby, which place and answer moves.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { SaveFile } from '../../src/core';
import {
  clickSquare,
  findMove,
  loadApp,
  testBrowser,
  playByPointer,
  NOT_PROMOTION,
  QUIET,
  seam,
  settle,
  SHIFT,
  squaresOf,
  seatedContext,
} from './harness';
import { startGameServer, storedRoom, type TestGameServer } from './gameServer';

/**
 * A three-player game (Mia, Noor, and Otto played by a level-1 bot) saved one move before Mia
 * checkmates Noor with a shift of her queen; level-1 bots played it from a balanced
 * auto-placement (seed mate-8). Noor's final move was chosen so that none of the bot's answers
 * ends the game or mates Mia before the mated king is taken.
 */
const MATE_SAVE = JSON.parse(
  readFileSync(new URL('../fixtures/online-mate.json', import.meta.url), 'utf8'),
) as SaveFile;
const MATE = 'AB:Qd8-BC:d8';
const FINAL = 'AC:Bf8-b4';
const mateRoom = storedRoom(MATE_SAVE);
const restartRoom = storedRoom(MATE_SAVE);

let browser: Browser;
let server: TestGameServer;
const errors: string[] = [];

beforeAll(async () => {
  server = await startGameServer([mateRoom.game, restartRoom.game]);
  browser = await testBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, `${server.url}${path}`);
  return page;
}

const online = async (page: Page) => (await seam.state(page)).online;

/** The page whose player is to move (by the name in the player list). */
async function moverOf(pages: Record<string, Page>, any: Page): Promise<Page> {
  const s = await seam.state(any);
  const name = s.players.find((p) => p.label === s.toMove)!.name;
  return pages[name];
}

/**
 * What of the game panel is drawn on something else: its parts (online bar, players, tray,
 * controls, …) and its buttons, each as far as it shows inside the boxes that scroll it.
 */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const cut = (p: Box, q: Box): Box => ({
      left: Math.max(p.left, q.left),
      top: Math.max(p.top, q.top),
      right: Math.min(p.right, q.right),
      bottom: Math.min(p.bottom, q.bottom),
    });
    const shown = (el: Element): Box => {
      let box: Box = el.getBoundingClientRect();
      for (let up = el.parentElement; up; up = up.parentElement)
        if (getComputedStyle(up).overflowY !== 'visible')
          box = cut(box, up.getBoundingClientRect());
      return box;
    };
    const named = (el: Element) =>
      `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 20)}"`;
    const items = [...document.querySelectorAll('.panel > *, .panel button')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({
        el,
        box: shown(el),
      }));
    const hits: string[] = [];
    for (const [i, p] of items.entries())
      for (const q of items.slice(i + 1)) {
        if (p.el.contains(q.el) || q.el.contains(p.el)) continue;
        const both = cut(p.box, q.box);
        if (both.right - both.left > 1 && both.bottom - both.top > 1)
          hits.push(`${named(p.el)} / ${named(q.el)}`);
      }
    return hits;
  });
}

/**
 * The players' rows, and their clocks, that are not wholly in sight: cut by the window or by a
 * box that scrolls them (issue 48 item 8: every row and clock shows during placement).
 */
async function rowsOutOfSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inSight = (el: Element) => {
      const box = el.getBoundingClientRect();
      const within = (r: DOMRect | { left: number; top: number; right: number; bottom: number }) =>
        box.left >= r.left - 0.5 &&
        box.top >= r.top - 0.5 &&
        box.right <= r.right + 0.5 &&
        box.bottom <= r.bottom + 0.5;
      if (box.width === 0 || !within({ left: 0, top: 0, right: innerWidth, bottom: innerHeight }))
        return false;
      for (let up = el.parentElement; up; up = up.parentElement)
        if (getComputedStyle(up).overflowY !== 'visible' && !within(up.getBoundingClientRect()))
          return false;
      return true;
    };
    const out: string[] = [];
    for (const row of document.querySelectorAll('.players .player')) {
      const name = row.querySelector('.name')?.textContent ?? '?';
      if (!inSight(row)) out.push(`${name}: row`);
      const clock = row.querySelector('.clock');
      if (!clock) out.push(`${name}: no clock`);
      else if (!inSight(clock)) out.push(`${name}: clock`);
    }
    return out;
  });
}

/** Wait until every page shows a record of `length` actions. */
async function sameRecord(pages: Page[], length: number) {
  for (const p of pages)
    await p.waitForFunction(
      (n) =>
        (window as unknown as { __NDCHESS__: { state(): { moves: string[] } } }).__NDCHESS__.state()
          .moves.length >= n,
      length,
      { timeout: 20_000 },
    );
}

test('three players and a spectator play a room: invite, seats, auto-place, clicks, a shift, reconnection, clocks', async () => {
  // The first friend's visit installs the service worker: its notices must leave the lobby be.
  const ctx = await Promise.all(
    [0, 1, 2, 3].map((i) => browser.newContext(i === 1 ? { serviceWorkers: 'allow' } : {})),
  );
  // The creator: Play online with clocks; the first human seat (Orange) is theirs.
  const a = await open(ctx[0], '');
  await a.getByRole('checkbox', { name: 'Clocks' }).check();
  await a.getByRole('button', { name: 'Create online game' }).click();
  const link = a.getByTestId('invite-link');
  await link.waitFor();
  const invite = await link.inputValue();
  expect(invite).toMatch(/\?room=[\w-]+$/);
  // The seat comes with the room's welcome, which may follow the invite link.
  await expect.poll(async () => (await online(a))?.seat).toBe(0);

  // Two friends open the link and take the open seats under their names.
  const path = invite.slice(invite.indexOf('?'));
  const b = await open(ctx[1], path);
  await b.getByRole('button', { name: 'Take this seat' }).first().waitFor();
  await expect.poll(async () => (await online(b))?.seat ?? null).toBeNull();
  // Before claiming, the joiner sees what they agree to (issue 48 item 8), and no offline note.
  const terms = b.getByRole('definition');
  await expect
    .poll(() => terms.allTextContents())
    .toEqual([
      expect.stringMatching(/^\d+ min each, \+ \d+ s a turn$/),
      expect.stringMatching(/^the seat waits .+; then /),
      expect.any(String),
      expect.any(String),
    ]);
  expect(await b.locator('.offline-ready, .update-prompt').count()).toBe(0);
  await b.getByRole('button', { name: 'Take this seat' }).first().click();
  await expect.poll(async () => (await online(b))?.seat).toBe(1);
  const c = await open(ctx[2], path);
  await c.getByRole('button', { name: 'Take this seat' }).first().click();
  // Every seat filled: the game starts on every device.
  for (const p of [a, b, c])
    await expect.poll(async () => (await seam.state(p)).screen, { timeout: 15_000 }).toBe('game');
  const pages: Record<string, Page> = { Orange: a, Sky: b, Yellow: c };
  expect((await seam.state(a)).players.map((p) => p.name).sort()).toEqual([
    'Orange',
    'Sky',
    'Yellow',
  ]);

  // Placement: each player, on their turn, auto-places the rest; later steps go by themselves.
  // The first one places on a tablet held upright, the panel's parts side by side, not on each other.
  for (let turn = 0; turn < 3; turn++) {
    const mover = await moverOf(pages, a);
    await mover.getByRole('button', { name: 'Auto-place the rest (balanced)' }).waitFor();
    if (turn === 0) {
      expect(await rowsOutOfSight(mover)).toEqual([]);
      expect(await overlaps(mover)).toEqual([]);
      await mover.setViewportSize({ width: 768, height: 1024 });
      expect(await overlaps(mover)).toEqual([]);
    }
    await mover.getByRole('button', { name: 'Auto-place the rest (balanced)' }).click();
    if (turn === 0) await mover.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(async () => (await seam.state(a)).moves.length, { timeout: 15_000 })
      .toBeGreaterThan(turn);
  }
  await expect.poll(async () => (await seam.state(a)).phase, { timeout: 30_000 }).toBe('play');
  const placed = (await seam.state(a)).moves.length;
  await sameRecord([a, b, c], placed);

  // A player not to move is told why a click does nothing.
  const first = await moverOf(pages, a);
  const idle = [a, b, c].find((p) => p !== first)!;
  await idle.getByRole('button', { name: 'Undo' }).isDisabled();
  expect(await idle.getByRole('button', { name: 'Undo' }).getAttribute('title')).toBe(
    'Not available in an online game',
  );

  // Clocks: the mover's counts down on another device.
  const clockText = async (p: Page) => p.locator('.clock.running').first().textContent();
  const t0 = await clockText(idle);
  await expect.poll(() => clockText(idle)).not.toBe(t0);

  // A spectator opens the link: every seat is taken, so they watch.
  const d = await open(ctx[3], path);
  await expect.poll(async () => (await seam.state(d)).screen, { timeout: 15_000 }).toBe('game');
  await expect(d.getByTestId('online-role').textContent()).resolves.toBe('Watching');

  // Moves by clicking: a quiet move, then the next players' moves with a shift among them.
  let played = placed;
  let shifted = false;
  for (let k = 0; k < 3; k++) {
    const mover = await moverOf(pages, a);
    await settle(mover);
    let move: string;
    if (!shifted) {
      move = await findMove(mover, SHIFT).catch(() => '');
      shifted = !!move;
      if (!move) move = await findMove(mover, QUIET);
    } else move = await findMove(mover, QUIET);
    await playByPointer(mover, move);
    played++;
    await sameRecord([a, b, c, d], played);
    expect((await seam.state(d)).moves.at(-1)).toBe(move);
  }
  expect(shifted).toBe(true);
  const record = (await seam.state(a)).moves;
  for (const p of [b, c, d]) expect((await seam.state(p)).moves).toEqual(record);

  // The spectator clicks a piece of the player to move: nothing is selected, and they are told why.
  expect((await seam.state(d)).online!.seat).toBeNull();
  const piece = squaresOf(await findMove(d, QUIET))!.from;
  await clickSquare(d, ...piece);
  const watched = await seam.state(d);
  expect(watched.selected).toBeNull();
  expect(watched.notice).toBe('You are watching this game; only the seated players move.');
  await d.getByText(watched.notice!).waitFor();

  // Sky closes the tab: the others see "reconnecting…"; opening the link again gives the seat back.
  await b.close();
  await expect
    .poll(async () => (await online(a))!.seats[1].presence, { timeout: 10_000 })
    .toBe('reconnecting');
  const b2 = await open(ctx[1], path);
  await expect.poll(async () => (await online(b2))?.seat, { timeout: 15_000 }).toBe(1);
  await expect
    .poll(async () => (await online(a))!.seats[1].presence, { timeout: 10_000 })
    .toBe('connected');
  expect((await seam.state(b2)).moves).toEqual(record);

  // A second tab of Sky's browser takes the seat; the first one watches and can take it back.
  const b3 = await open(ctx[1], path);
  await expect.poll(async () => (await online(b3))?.seat, { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await online(b2))?.takenOver, { timeout: 10_000 }).toBe(true);
  await expect(b2.getByTestId('online-role').textContent()).resolves.toBe(
    'Watching: your seat is played in another tab',
  );
  await b2.getByRole('button', { name: 'Play here instead' }).click();
  await expect.poll(async () => (await online(b2))?.seat, { timeout: 15_000 }).toBe(1);
  expect((await online(b2))!.takenOver).toBe(false);
  await expect.poll(async () => (await online(b3))?.takenOver, { timeout: 10_000 }).toBe(true);
  await b3.close();
  await expect
    .poll(async () => (await online(a))!.seats[1].presence, { timeout: 10_000 })
    .toBe('connected');

  expect(errors).toEqual([]);
  await Promise.all(ctx.map((x) => x.close()));
});

test('a player is checkmated by clicks and the game goes on with a server bot, in a room resumed from its stored record', async () => {
  const { game, tokens } = mateRoom;
  /** A context holding `name`'s seat token, as the browser that claimed it would. */
  const person = async (name: string) => {
    const seat = game.setup.players.findIndex((p) => p.name === name);
    const context = await seatedContext(browser, game.id, seat, tokens[seat]);
    const page = await open(context, `?room=${game.id}`);
    await expect
      .poll(async () => (await seam.state(page)).screen, { timeout: 20_000 })
      .toBe('game');
    await expect.poll(async () => (await online(page))?.seat).toBe(seat);
    return { context, page };
  };
  const mia = await person('Mia');
  const noor = await person('Noor');
  const pages = [mia.page, noor.page];
  const player = async (page: Page, name: string) =>
    (await seam.state(page)).players.find((p) => p.name === name)!;
  const toMove = async (page: Page) => {
    const s = await seam.state(page);
    return s.players.find((p) => p.label === s.toMove)?.name;
  };
  /** Wait until `page` shows `length` actions with `name` to move. */
  const turnOf = async (page: Page, name: string, length: number) => {
    await sameRecord([page], length);
    await expect.poll(() => toMove(page)).toBe(name);
  };
  expect((await player(mia.page, 'Otto')).kind).toBe('bot');
  expect((await seam.state(mia.page)).moves).toEqual(MATE_SAVE.actions);
  const n = MATE_SAVE.actions.length;

  // Mia mates Noor by clicks (a shift); Noor's device says so and she makes her one final move.
  await settle(mia.page);
  await playByPointer(mia.page, MATE);
  await turnOf(noor.page, 'Noor', n + 1);
  expect((await player(noor.page, 'Noor')).status).toBe('mated');
  const mated = await seam.state(noor.page);
  expect(mated.kind).toBe('final-move');
  expect(mated.caption.join(' ')).toContain('Noor is checkmated by Mia');
  await settle(noor.page);
  await playByPointer(noor.page, FINAL);

  // The server's bot plays Otto's turn; then Mia's only moves take Noor's king: Noor is out.
  await turnOf(mia.page, 'Mia', n + 3);
  expect((await seam.state(mia.page)).kind).toBe('forced-capture');
  const captures = await seam.actions(mia.page);
  expect(captures.length).toBeGreaterThan(0);
  expect(captures.every((t) => t.includes('x'))).toBe(true);
  await settle(mia.page);
  await playByPointer(mia.page, captures[0]);
  for (const page of pages)
    await expect.poll(async () => (await player(page, 'Noor')).status).toBe('eliminated');

  // The game goes on between the two left: the bot moves, and it is Mia's turn again.
  for (const page of pages) await turnOf(page, 'Mia', n + 5);
  expect((await seam.state(mia.page)).phase).toBe('play');
  expect((await seam.state(noor.page)).moves).toEqual((await seam.state(mia.page)).moves);

  expect(errors).toEqual([]);
  await Promise.all([mia.context.close(), noor.context.close()]);
});

test('a server restart: the page is told, rejoins the room reopened from its record, and plays on', async () => {
  const { game, tokens } = restartRoom;
  const seat = game.setup.players.findIndex((p) => p.name === 'Mia');
  const context = await seatedContext(browser, game.id, seat, tokens[seat]);
  const page = await open(context, `?room=${game.id}`);
  await expect.poll(async () => (await online(page))?.seat, { timeout: 20_000 }).toBe(seat);
  const n = MATE_SAVE.actions.length;
  // The game stays on screen through the restart: the same canvas, never the lobby in between.
  await expect.poll(async () => (await seam.state(page)).screen, { timeout: 20_000 }).toBe('game');
  await page.locator('.scene canvas').evaluate((c: HTMLElement) => (c.dataset.mark = 'before'));

  // The page is told while the server drains, and the record it gets on rejoining the new one
  // clears the notice: watch from the start of the restart, not from its end.
  const told = expect
    .poll(async () => (await seam.state(page)).notice, { timeout: 20_000 })
    .toContain('restarting');
  await server.restart();
  await told;
  await expect.poll(async () => (await online(page))?.connection, { timeout: 30_000 }).toBe('open');
  expect((await online(page))?.seat).toBe(seat);
  await settle(page);
  expect(await page.locator('.scene canvas').evaluate((c: HTMLElement) => c.dataset.mark)).toBe(
    'before',
  );

  await settle(page);
  await playByPointer(page, MATE);
  await sameRecord([page], n + 1);
  expect((await seam.state(page)).moves.at(-1)).toBe(MATE);
  expect(errors).toEqual([]);
  await context.close();
});

test('the creator fills the open seats with bots: the game starts, the server bots place and answer moves', async () => {
  const context = await browser.newContext();
  const page = await open(context, '');
  await page.getByRole('button', { name: 'Create online game' }).click();
  await page.getByTestId('invite-link').waitFor();
  await page.getByRole('combobox', { name: 'Bot level for the open seats' }).selectOption('1');
  await page.getByRole('button', { name: 'Fill the open seats with bots' }).click();
  await expect.poll(async () => (await seam.state(page)).screen, { timeout: 15_000 }).toBe('game');
  const seats = (await online(page))!.seats;
  expect(seats.map((s) => [s.holder, s.level])).toEqual([
    ['human', null],
    ['bot', 1],
    ['bot', 1],
  ]);

  // The creator auto-places on each of their placing turns; the bots place on theirs. The
  // button also shows for a moment on each later turn of the creator's, until the room takes the
  // plan's next step: a click that finds it gone is let go (a click waits 30 s by default).
  const autoPlace = page.getByRole('button', { name: 'Auto-place the rest (balanced)' });
  await expect
    .poll(
      async () => {
        const s = await seam.state(page);
        if (s.phase === 'placement' && (await autoPlace.isVisible()))
          await autoPlace.click({ timeout: 1_000 }).catch(() => {});
        return s.phase;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe('play');

  // Two moves of the creator's, each answered by both bots. The creator plays its first quiet
  // move, so the two bots may mate it before its turn comes (a mated player with no move passes
  // at once, R6.3): then it is out, and the bots play on between themselves (R6.4, R7).
  const creator = seats[0].name;
  const turn = async () => {
    const s = await seam.state(page);
    const me = s.players.find((p) => p.name === creator)!;
    if (me.status === 'eliminated' || s.phase === 'over') return 'out';
    return s.toMove === me.label ? 'mine' : 'theirs';
  };
  for (let k = 0; ; k++) {
    // The bots answer (however many actions that takes: a mate brings a final move, R6.3).
    await expect.poll(turn, { timeout: 60_000 }).not.toBe('theirs');
    if ((await turn()) === 'out') {
      // Only the bots moved besides the creator: the elimination (or the end) is their answer.
      console.log(`the game ended for ${creator} after ${k} of its moves`);
      break;
    }
    if (k === 2) break;
    const before = (await seam.state(page)).moves.length;
    await settle(page);
    // A bot's reply may leave the creator in check with only shifts or captures to answer it.
    const move = await findMove(page, QUIET).catch(() => findMove(page, NOT_PROMOTION));
    await playByPointer(page, move);
    await sameRecord([page], before + 1).catch(async (e) => {
      const s = await seam.state(page);
      throw new Error(
        `${creator}'s ${move} did not land: ${s.moves.length} actions, ${s.toMove} to move, selected ${JSON.stringify(s.selected)}`,
        { cause: e },
      );
    });
  }
  expect(errors).toEqual([]);
  await context.close();
});
