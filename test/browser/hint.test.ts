/**
 * Issue #16, the hint that explains, in real Chromium: in a game of three humans (hints on by
 * default) the Hint button asks the strong bot in its worker; the boards frame the move and draw
 * its line, the HUD says why in one line and counts the hint; the Threats switch lists and draws
 * each opponent's move.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeamExplanation } from '../../src/app/seam';
import { config, openApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

const drawn = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __NDCHESS__: { explain(): SeamExplanation } }).__NDCHESS__.explain()
        .drawn,
  );

test('Hint frames the move on the boards and says why; Threats shows each opponent', async () => {
  const { page, errors } = await openApp(browser);
  expect(await seam.newGame(page, config(3, 'balanced', 'hint-seed'))).toBe(true);
  await settle(page);
  const before = await drawn(page);
  const mover = (await seam.state(page)).toMove;
  const name = (await seam.state(page)).players.find((p) => p.label === mover)!.name;

  await page.getByTestId('hint-button').click();
  const line = page.getByTestId('hint-line');
  await expect
    .poll(() => line.textContent(), { timeout: 60_000 })
    .toMatch(/^Hint: [A-H]{2}(:[A-H]{2})?:\S+ \w.*\.$/);
  await settle(page);
  const withHint = await drawn(page);
  // The squares left and reached are framed, and a line joins them.
  expect(withHint.frames).toBeGreaterThanOrEqual(before.frames + 2);
  expect(withHint.segments).toBeGreaterThan(before.segments);
  await expect
    .poll(() => page.getByTestId('advice').textContent())
    .toContain(`Hints used: ${name} 1`);

  await page.getByTestId('threats-toggle').check();
  const threats = page.getByTestId('threats').locator('li');
  await expect.poll(() => threats.count(), { timeout: 60_000 }).toBe(2);
  await expect
    .poll(() => threats.allTextContents(), { timeout: 60_000 })
    .toEqual([expect.stringMatching(/^P\d: \S+ \w/), expect.stringMatching(/^P\d: \S+ \w/)]);
  await settle(page);
  // On the boards: the threats that reach the mover's boards (named in the move's text), each
  // with its two squares framed.
  const reaching = (await threats.allTextContents()).filter((t) =>
    (t.split(' ')[1].match(/[A-H]{2}(?=:)/g) ?? []).some((b) => b.includes(mover!)),
  );
  expect((await drawn(page)).frames).toBeGreaterThanOrEqual(withHint.frames + 2 * reaching.length);

  // Playing the hinted move clears the hint; the threats follow the new position.
  const hinted = (await line.textContent())!.split(' ')[1];
  expect(await seam.play(page, hinted)).toBe(true);
  await expect.poll(() => page.getByTestId('hint-line').count()).toBe(0);
  await expect
    .poll(() => threats.allTextContents(), { timeout: 60_000 })
    .toEqual([expect.stringMatching(/^P\d: /), expect.stringMatching(/^P\d: /)]);
  expect(errors).toEqual([]);
}, 180_000);

test('against bots the Hint button is off by default and says where to turn it on, in words on the page; Threats are offered (issue 45 item 2)', async () => {
  const { page, errors } = await openApp(browser);
  const c = config(3, 'balanced', 'hint-bots');
  c.players = c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 }));
  expect(await seam.newGame(page, c)).toBe(true);
  const button = page.getByTestId('hint-button');
  await expect.poll(() => button.isDisabled()).toBe(true);
  expect(await button.getAttribute('title')).toContain('"Hint button"');
  await expect
    .poll(() => page.getByTestId('advice-why').textContent())
    .toMatch(/^Hint: off for this game \(setup screen, More options\)/);
  expect(await page.getByTestId('threats-toggle').isDisabled()).toBe(false);
  expect(errors).toEqual([]);
}, 60_000);
