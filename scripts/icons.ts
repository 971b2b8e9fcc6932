/**
 * Draws the app's icons (run `npx tsx scripts/icons.ts` after changing public/icons/icon.svg):
 * headless Chromium renders the SVG at each size; the PNGs are committed in public/icons so
 * that the build and the installed app need nothing else. The maskable icon keeps the drawing
 * inside the central 80 % safe zone that launchers may crop to a circle.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from '../test/browser/harness';

const dir = new URL('../public/icons/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', dir), 'utf8');
const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'apple-touch-icon.png', size: 180, inset: 0 },
  { file: 'maskable-512.png', size: 512, inset: 0.1 },
];

async function main() {
  const browser = await launch();
  try {
    for (const { file, size, inset } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const pad = Math.round(size * inset);
      await page.setContent(
        `<body style="margin:0;background:#0b0d12"><div style="padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
      );
      writeFileSync(new URL(file, dir), await page.screenshot({ type: 'png' }));
      await page.close();
      console.log(`${file}: ${size}×${size}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
