/** A person's fresh browser on the setup screen of the app at `url`, named `name`. */
import type { Browser, Page } from 'playwright-core';
import { loadApp } from './harness';

export async function visitor(
  browser: Browser,
  url: string,
  name: string,
  errors: string[],
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, url);
  await page.getByLabel('Player 1 name').fill(name);
  return page;
}
