/**
 * Installable and offline (vite-plugin-pwa): the built app ships a valid web app manifest with
 * drawn icons, registers its service worker, and after the first visit reloads and plays a game
 * against bots with the network cut.
 */
import { inflateSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { config, loadApp, seam, settle, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

/** Width and height from a PNG's IHDR chunk, after checking the signature and that it inflates. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const len = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      idat.push(bytes.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  expect(inflateSync(Buffer.concat(idat)).length).toBeGreaterThan(0);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest names the game, opens full screen in any orientation and has drawn 192 px, 512 px and maskable icons', async () => {
  const base = inject('baseUrl');
  const html = await (await fetch(base)).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  const manifest = await (await fetch(new URL('manifest.webmanifest', base))).json();
  expect(manifest.name).toBe('n-Dimensional Chess');
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('fullscreen');
  expect(manifest.orientation).toBe('any');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const sizes = new Set<string>();
  for (const icon of manifest.icons as {
    src: string;
    sizes: string;
    type: string;
    purpose: string;
  }[]) {
    const r = await fetch(new URL(icon.src, base));
    expect(r.ok, icon.src).toBe(true);
    const { width, height } = pngSize(Buffer.from(await r.arrayBuffer()));
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

test("the browser's install offer is the game's own button, on the setup screen and in Settings", async () => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  const install = page.getByRole('button', { name: 'Install the game' });
  expect(await install.count()).toBe(0);
  // What Chromium fires once it deems the app installable (headless never does): an offer.
  const offer = () =>
    page.evaluate(() => {
      const w = window as unknown as { prompts: number };
      w.prompts ??= 0;
      const e = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(e, {
        prompt: async () => void w.prompts++,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
  expect(await offer()).toBe(true);
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(1);
  expect(await install.count()).toBe(0);

  // Offered again later, in a game: under Settings.
  expect(await seam.newGame(page, config(3, 'balanced', 'install'))).toBe(true);
  await offer();
  await page.getByRole('button', { name: 'Settings' }).click();
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(2);
  await page.close();
});

test('after the first visit the setup screen says the game plays offline, and it reloads and plays against bots with the network cut', async () => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loadApp(page, inject('baseUrl'));
    // The service worker installs and precaches every asset of the app shell.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(inject('baseUrl'));
    // The setup screen says so in its own flow, under the quick start: it covers nothing.
    const ready = page.locator('.quick-start .offline-ready');
    await ready.waitFor();
    expect(await ready.textContent()).toBe('Ready to play offline.');
    expect(await page.locator('.update-prompt').count()).toBe(0);
    await context.setOffline(true);
    await loadApp(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const c = config(3, 'balanced', 'offline');
    c.players[1].kind = 'bot';
    c.players[1].level = 1;
    c.players[2].kind = 'bot';
    c.players[2].level = 1;
    expect(await seam.newGame(page, c)).toBe(true);
    await settle(page);
    // The scene (a lazily loaded chunk) drew, and the bots' worker answers from the cache too.
    expect((await seam.renderInfo(page)).calls).toBeGreaterThan(0);
    const before = (await seam.state(page)).moves.length;
    const first = (await seam.actions(page)).find((t) => /^[A-H]{2}:[a-h]2-[a-h]4$/.test(t))!;
    expect(await seam.play(page, first)).toBe(true);
    // Both bots answer: their worker script came from the cache too.
    await page.waitForFunction(
      (n) =>
        (window as unknown as { __NDCHESS__: { state(): { moves: string[] } } }).__NDCHESS__.state()
          .moves.length >= n,
      before + 3,
      { timeout: 60_000 },
    );
    expect((await seam.state(page)).toMove).toBe('A');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
