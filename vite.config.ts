import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';

/** The slow unit tests (bot strength, whole demo shows): `npm run test:slow`, after `npm test`. */
export const SLOW_TESTS = 'test/**/*.slow.test.ts';

/**
 * The built app's Content-Security-Policy: everything from the app's own origin only — its
 * scripts, the bot's Web Worker and the service worker, its style sheet, icons and manifest —
 * and nothing else (no inline code,
 * no eval, no network requests). WebGL needs no directive.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  // Online play: the game server's matchmaking (HTTP, 'self') and rooms (WebSocket). With several
  // processes a room's socket goes to the public address of the process holding it, which may be
  // another host than the page's: hence ws: and wss:.
  "connect-src 'self' ws: wss:",
  // The web app manifest (installing the app, vite-plugin-pwa).
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The game server behind the dev server (`npm run server`; GAME_SERVER to use another). */
const GAME_SERVER = process.env.GAME_SERVER ?? 'http://127.0.0.1:2567';

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
  plugins: [
    react(),
    contentSecurityPolicy(),
    // Installable and playable offline: the app shell and every asset are precached; a new
    // version waits for the player's "Reload" (registerType 'prompt'), never swapped under a game.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'n-Dimensional Chess',
        short_name: 'nD Chess',
        description: 'Chess for 3 to 8 players, one board for every pair, in 3D.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'fullscreen',
        display_override: ['fullscreen', 'standalone'],
        orientation: 'any',
        background_color: '#0b0d12',
        theme_color: '#0b0d12',
        categories: ['games'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: 'icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The scene and the bot worker are single large chunks (three.js, the rules core).
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        // The game server's own answers: a player's games file is downloaded by navigating to it.
        navigateFallbackDenylist: [/^\/api\//, /^\/replay\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // Online play in development: the page talks to its own origin, and the dev server passes
    // the game server's matchmaking and room sockets (/<process id>/<room id>) to `npm run server`.
    proxy: {
      '/matchmake': GAME_SERVER,
      '/open-tables': GAME_SERVER,
      '/replay/': GAME_SERVER,
      '/room-replay/': GAME_SERVER,
      // Identities, profiles and leaderboards; /player/<name> and /leaderboard/<pool> are the
      // app's own pages.
      '/api/': GAME_SERVER,
      '^/[\\w-]+/[\\w-]{22}(\\?|$)': { target: GAME_SERVER, ws: true },
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Browser tests drive a real Chromium against the built app; they get their own command, and
    // so do the slow strength and demo-length checks (vitest.slow.config.ts).
    exclude: [...configDefaults.exclude, 'test/browser/**', SLOW_TESTS],
    environment: 'node',
    // The database tests' servers and PGlite templates, made once per worker (archiveBackends.ts).
    globalSetup: ['test/server/databasesSetup.ts'],
    testTimeout: 60_000,
    // Every core runs test files: vitest's default keeps one for itself, and on a 2-core
    // machine that ran the files one at a time while its own process idled.
    maxWorkers: availableParallelism(),
    // Worker threads rather than child processes: the lane runs faster (figures in the commit).
    pool: 'threads',
    // Test files share their worker's modules instead of loading the core, the AI and the server
    // again for each file: per-file loading was a third of the suite's time. Nothing a test file
    // relies on is module state (stores and servers are created per test, fake timers restored);
    // the suite passes in shuffled file order (--sequence.shuffle.files).
    isolate: false,
  },
});
