/**
 * Performance figures of the built app (run `npm run perf`): draw calls and triangles per frame
 * for 3–8 players in headless Chromium, frames rendered while idle, and the gzip size of the
 * JavaScript the first page load needs.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { config, launch, seam, settle, startPreview } from '../test/browser/harness';

async function main() {
  const dist = new URL('../dist/', import.meta.url);
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gz = 0;
  for (const file of initial) gz += gzipSync(readFileSync(new URL(file, dist))).length;
  console.log(`initial JavaScript: ${initial.join(', ')} = ${(gz / 1024).toFixed(1)} KB gzip`);

  const server = await startPreview();
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    console.log('players  boards  draw calls  triangles  idle frames (2 s)');
    for (let n = 3; n <= 8; n++) {
      await seam.newGame(page, config(n, 'balanced', `perf-${n}`));
      await settle(page, 300);
      await seam.invalidate(page);
      await page.waitForTimeout(400);
      const info = await seam.renderInfo(page);
      await page.waitForTimeout(2000);
      const idle = (await seam.renderInfo(page)).frames - info.frames;
      console.log(
        `${String(n).padStart(7)}  ${String((n * (n - 1)) / 2).padStart(6)}  ${String(info.calls).padStart(10)}  ${String(info.triangles).padStart(9)}  ${String(idle).padStart(17)}`,
      );
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

void main();
