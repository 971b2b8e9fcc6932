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
    fileParallelism: false,
  },
});
