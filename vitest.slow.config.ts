/**
 * The slow unit tests: bot strength and whole demo shows, which play many searches through.
 * `npm test` leaves them out; `npm run test:slow` (run by CI after `npm test`) runs them, and
 * then the slow browser tests (vitest.browser.slow.config.ts).
 */
import { configDefaults, defineConfig } from 'vitest/config';
import base, { SLOW_TESTS } from './vite.config';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [SLOW_TESTS],
    exclude: [...configDefaults.exclude, 'test/browser/**'],
  },
});
