/**
 * The built page's first chunk does not carry the test seam (issue #63 item 4): a page driven by
 * a script fetches it after, as a chunk of its own (test/app/first-chunk.test.ts walks the
 * sources for the same).
 */
import type { Browser } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { loadApp, withBrowser } from './harness';

let browser: Browser;
withBrowser((b) => (browser = b));

/** What only the seam's code says: the name it installs itself under (src/app/seam.ts). */
const SEAM_CODE = '__NDCHESS__';

test('the scripts the page starts with do not hold the seam; it comes after, in a chunk of its own', async () => {
  const base = inject('baseUrl');
  const html = await (await fetch(base)).text();
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(initial.length).toBeGreaterThan(0);
  for (const file of initial)
    expect((await (await fetch(new URL(file, base))).text()).includes(SEAM_CODE), file).toBe(false);

  const page = await browser.newPage();
  const scripts: Promise<[string, string]>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      scripts.push(r.text().then((text) => [new URL(r.url()).pathname, text]));
  });
  await loadApp(page, base);
  const holding = (await Promise.all(scripts)).filter(([, text]) => text.includes(SEAM_CODE));
  expect(holding.map(([file]) => file)).toEqual([
    expect.stringMatching(/^\/assets\/seam-[\w-]+\.js$/),
  ]);
});
