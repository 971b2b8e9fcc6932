/** The slow browser tests (whole demo shows played to their first collapse): `npm run test:slow`. */
import { configDefaults, defineConfig } from 'vitest/config';
import browser from './vitest.browser.config';

export default defineConfig({
  test: {
    ...browser.test,
    include: ['test/browser/**/*.slow.test.ts'],
    exclude: [...configDefaults.exclude],
  },
});
