/**
 * Refresh the pictures in docs/ on purpose (`npm run screenshots`): the browser tests that take
 * them write to test-results/screenshots/ (ignored by git); this runs them and copies the
 * pictures over the docs' own.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, rmSync } from 'node:fs';

const TESTS = [
  'test/browser/explain.test.ts',
  'test/browser/play.test.ts',
  'test/browser/view.test.ts',
];
const from = new URL('../test-results/screenshots/', import.meta.url);
// Only the pictures these tests take: other browser tests leave theirs in the same folder.
rmSync(from, { recursive: true, force: true });
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.browser.config.ts', ...TESTS],
  // SCREENSHOTS: the view test's pictures (pieces, "my boards") are taken only when asked for.
  { stdio: 'inherit', env: { ...process.env, SCREENSHOTS: '1' } },
);
if (run.status !== 0) process.exit(run.status ?? 1);
const to = new URL('../docs/', import.meta.url);
for (const name of readdirSync(from).filter((f) => f.endsWith('.png'))) {
  copyFileSync(new URL(name, from), new URL(name, to));
  console.log(`docs/${name}`);
}
