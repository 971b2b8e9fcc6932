import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The built app's Content-Security-Policy: everything from the app's own origin only — its
 * scripts, the bot's Web Worker, its style sheet and icon — and nothing else (no inline code,
 * no eval, no network requests). WebGL needs no directive.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Ships the policy in the built index.html (the dev server's hot reload needs inline code). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  server: { port: 5173, strictPort: true },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Browser tests drive a real Chromium against the built app; they get their own command.
    exclude: [...configDefaults.exclude, 'test/browser/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
