/**
 * The built app runs under its Content-Security-Policy (issue #12, item 14): no violation is
 * reported while the game renders, a bot plays (its Web Worker) and a game is exported, and the
 * policy is really enforced (inline code is refused).
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { canvasInk, config, downloadedText, loadApp, seam, settle, testBrowser } from './harness';

declare global {
  interface Window {
    __violations?: string[];
  }
}

let browser: Browser;
let page: Page;
const errors: string[] = [];
const refused: string[] = [];
beforeAll(async () => {
  browser = await testBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  // Runs before the page's own scripts: every violation of the policy is recorded.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations!.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
});
afterAll(async () => {
  await browser?.close();
});

const violations = () => page.evaluate(() => window.__violations ?? []);

test('the built page carries a policy that allows only its own origin', async () => {
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("worker-src 'self'");
  expect(policy).not.toMatch(/unsafe|https?:|\*/);
});

test('under the policy the game renders, a bot plays and a game is exported, with no violation', async () => {
  const c = config(3, 'balanced', 'csp-seed');
  c.players = c.players.map((p) => ({ ...p, kind: 'bot' as const, level: 1 as const }));
  expect(await seam.newGame(page, c)).toBe(true);
  await expect
    .poll(async () => (await seam.state(page)).moves.length, { timeout: 60_000 })
    .toBeGreaterThan(46); // 45 placements by balanced auto-placement, then the bots' moves
  await seam.newGame(page, config(3, 'balanced', 'csp-seed'));
  await settle(page);
  expect(await canvasInk(page)).toBeGreaterThan(0.01);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(JSON.parse(await downloadedText(download)).format).toBe('n-dimensional-chess');
  expect(await violations()).toEqual([]);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test('the policy is enforced: an inline style or script is refused', async () => {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 1px solid red; }';
    document.head.append(style);
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true;';
    document.head.append(script);
  });
  await expect
    .poll(violations)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^style-src/),
        expect.stringMatching(/^script-src/),
      ]),
    );
  expect(await page.evaluate(() => (window as { __inline?: boolean }).__inline)).toBeUndefined();
});
