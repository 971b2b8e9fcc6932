/** Browser tests: real headless Chromium against the built app (vite build + vite preview). */
import { configDefaults, defineConfig } from 'vitest/config';
import { SLOW_TESTS } from './vite.config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    // The slow demo-length checks run with `npm run test:slow` (vitest.browser.slow.config.ts).
    exclude: [...configDefaults.exclude, SLOW_TESTS],
    globalSetup: ['test/browser/globalSetup.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Two files at a time, each worker with its own Chromium (globalSetup.ts): while one waits
    // (a bot, a server, a settling scene) the other draws.
    maxWorkers: 2,
    // Test files share their worker's modules (playwright's client, the harness): each file
    // loaded them anew before, a second of a file's time.
    isolate: false,
    // A condition polled (expect.poll) may take seconds on a loaded machine: wait for it.
    expect: { poll: { timeout: 15_000 } },
  },
});
