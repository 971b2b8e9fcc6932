/**
 * Issue 61 item 1: pointing at a square reaches that square and nothing else. At 8 players
 * ("my boards": the mover's seven boards in a grid in front, the others dimmed behind them),
 * with the recent moves framed and a move's arrow drawn across the boards, the mouse names and
 * selects the square the player sees under it, from the grid's face-on view and from the
 * slanted view of one board; a board behind, a line or an arc never takes the pointer.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  QUIET,
  config,
  nextFrames,
  openApp,
  seam,
  settle,
  squaresOf,
  withBrowser,
  type Seam,
} from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

/** The name the square tip gives the point (x, y) once the mouse is there ('' for none). */
async function tipAt(page: Page, x: number, y: number): Promise<string> {
  await page.mouse.move(x, y);
  return page.evaluate(
    () =>
      new Promise<string>((done) =>
        // The tip follows the mouse in the next animation frame.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const tip = document.querySelector<HTMLElement>('.square-tip')!;
            done(tip.style.visibility === 'visible' ? tip.textContent! : '');
          }),
        ),
      ),
  );
}

/** The mover's pieces that may move, as [board, square], from the legal moves. */
async function movable(page: Page): Promise<[string, string][]> {
  const seen = new Set<string>();
  for (const text of await seam.actions(page)) {
    const sq = squaresOf(text);
    if (sq) seen.add(sq.from.join(' '));
  }
  return [...seen].map((s) => s.split(' ') as [string, string]);
}

/** Four squares of the first rank of a board's South (`south`) or North player, by name. */
const firstRank = (south: boolean) => [...'acfh'].map((f) => f + (south ? '1' : '8'));

/** The squares next to `square` (a name), by name. */
const neighbours = (square: string) =>
  [-1, 0, 1].flatMap((df) =>
    [-1, 0, 1].flatMap((dr) => {
      const f = square.charCodeAt(0) + df;
      const r = square.charCodeAt(1) + dr;
      const inside = (df || dr) && f >= 97 && f <= 104 && r >= 49 && r <= 56;
      return inside ? [String.fromCharCode(f, r)] : [];
    }),
  );

/**
 * Points on `squares` where the square tip names what the player does not see there: at the
 * centre another square; `part` of a square towards two opposite corners, another square than
 * it or a neighbour on its board whose piece leans over that corner (a tall piece away from the
 * middle of the view does).
 */
async function misnamed(page: Page, squares: [string, string][], part: number): Promise<string[]> {
  const occupied = new Set(
    await page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.occupied()),
  );
  const wrong: string[] = [];
  for (const [board, square] of squares) {
    const box = (await seam.boardBox(page, board))!;
    const off = ((box.right - box.left) / 8) * part;
    const at = (await seam.screenOf(page, board, square))!;
    const leaning = neighbours(square)
      .map((n) => `${board} ${n}`)
      .filter((n) => occupied.has(n));
    for (const [dx, dy] of [
      [0, 0],
      [-off, -off],
      [off, off],
    ]) {
      const named = await tipAt(page, at.x + dx, at.y + dy);
      const seen = named === `${board} ${square}` || (dx !== 0 && leaning.includes(named));
      if (!seen) wrong.push(`${board} ${square} (${dx.toFixed(1)}, ${dy.toFixed(1)}): ${named}`);
    }
  }
  return wrong;
}

/** Click each piece at a point a third of a square off its centre: the ones not selected. */
async function notSelected(page: Page, pieces: [string, string][]): Promise<string[]> {
  const wrong: string[] = [];
  for (const [board, square] of pieces) {
    const box = (await seam.boardBox(page, board))!;
    const third = (box.right - box.left) / 32;
    const at = (await seam.screenOf(page, board, square))!;
    await page.mouse.click(at.x - third, at.y + third);
    await nextFrames(page);
    const selected = (await seam.state(page)).selected;
    if (selected?.board !== board || selected.square !== square)
      wrong.push(`${board} ${square}: ${selected ? `${selected.board} ${selected.square}` : '-'}`);
  }
  return wrong;
}

test('8 players, lines and arcs drawn: the mouse names and selects the square it is on, face-on and slanted', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(8, 'balanced', 'picking-8'))).toBe(true);
  // A round of quiet moves: every opponent's move is framed and lined on the mover's boards.
  for (let i = 0; i < 8; i++) {
    const move = (await seam.actions(page)).find((t) => QUIET.test(t))!;
    expect(await seam.play(page, move)).toBe(true);
  }
  const s = await seam.state(page);
  const mover = s.toMove!;
  // The arrow of one of the mover's shifts drawn across the boards (an arc), too.
  const shift = (await seam.actions(page)).find((t) =>
    /^[A-H]{2}:[NBRQ]?[a-h][1-8]-[A-H]{2}:/.test(t),
  );
  await page.evaluate(
    (a) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.showArrow(a),
    shift ? { index: s.moves.length, text: shift } : null,
  );
  await settle(page);
  expect((await seam.scene(page)).boards.length).toBe(28);

  const mine = s.boards.filter((b) => b.live && b.seats.includes(mover));
  expect(mine.length).toBe(7);
  // Face-on: the first rank of every board of the mover (its edges and middle).
  const home = mine.flatMap((b) =>
    firstRank(b.seats[0] === mover).map((sq): [string, string] => [b.name, sq]),
  );
  expect(await misnamed(page, home, 1 / 3)).toEqual([]);
  const pieces = await movable(page);
  expect(pieces.length).toBeGreaterThan(10);
  expect(
    await notSelected(
      page,
      pieces.filter((_, i) => i % 2 === 0),
    ),
  ).toEqual([]);

  // Slanted: one board focused through its label, seen from its near side at 42°.
  const [south] = mine.filter((b) => b.seats[0] === mover);
  await page.keyboard.press('Escape');
  await page.locator(`.board-label[data-board="${south.name}"]`).click();
  await settle(page);
  const near = [...'abcdefgh'].map((f): [string, string] => [south.name, `${f}1`]);
  expect(await misnamed(page, near, 1 / 5)).toEqual([]);
  expect(
    await notSelected(
      page,
      pieces.filter(([b, sq]) => b === south.name && sq[1] === '1'),
    ),
  ).toEqual([]);
  expect(errors).toEqual([]);
});
