import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Browser tests drive a real Chromium against the built app; they get their own command.
    exclude: [...configDefaults.exclude, 'test/browser/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
