/** Shared helpers of the browser tests: find Chromium, launch it, drive the app. */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium as playwright, type Browser, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Seam } from '../../src/app/seam';
import { SEAT_KEY_PREFIX } from '../../src/online/seatTokens';
import { NO_OPTIONS, type Options } from '../../src/core';

export const LAUNCH_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // ANGLE builds each of SwiftShader's pipelines whole, not from pipeline libraries: less
  // compiling at each page start.
  '--disable-angle-features=supportsGraphicsPipelineLibrary',
];

export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

const launchOptions = async () => ({
  executablePath: await chromiumPath(),
  headless: true,
  args: LAUNCH_ARGS,
});

export async function launch(): Promise<Browser> {
  return playwright.launch(await launchOptions());
}

/**
 * Chromium as a server that the test files connect to (see testBrowser). It composites the page
 * on the CPU, so that SwiftShader draws only the WebGL canvas: compositing through it took a
 * third of the GPU process's time in the browser tests.
 */
export async function launchServer() {
  const options = await launchOptions();
  return playwright.launchServer({
    ...options,
    args: [...options.args, '--disable-gpu-compositing'],
  });
}

/**
 * The Chromium of this test file's worker, launched once for the run by globalSetup.ts (a fresh
 * browser for each file spent a second or two more on every file's first page: its caches start
 * empty). One for each worker: a browser's GPU process decodes its pages' drawing on one thread,
 * so two files on one browser waited for each other there. Closing what this returns closes the
 * contexts the file opened and leaves the browser running.
 *
 * Its contexts block service workers unless asked (`serviceWorkers: 'allow'`, the offline
 * test): every context is a first visit, whose worker would fetch and precache the whole app.
 */
export async function testBrowser(): Promise<Browser> {
  const endpoints = inject('browserEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const browser = await playwright.connect(endpoints[worker % endpoints.length]);
  const newContext = browser.newContext.bind(browser);
  // browser.newPage opens its own context through newContext too.
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * Chromium for a test file: connected before its tests (handed to `use`); the pages a test
 * opened are closed after it (one left open, a demo or bots at play, would go on drawing and
 * thinking through the next tests).
 */
export function withBrowser(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await testBrowser();
    use(browser);
  });
  afterEach(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** The text of a finished download (read through the connection: the browser runs apart). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Open the app at `url` in `page`, or reload the page without one, and wait until the test seam
 * (window.__NDCHESS__) is there. The page loads the seam by a dynamic import (src/app/main.tsx),
 * which its load event does not wait for: every navigation of a test that then uses the seam goes
 * through here.
 */
export async function loadApp(page: Page, url?: string): Promise<void> {
  if (url === undefined) await page.reload();
  else await page.goto(url);
  try {
    await page.waitForFunction(() => '__NDCHESS__' in window);
  } catch (e) {
    throw new Error(`the test seam (window.__NDCHESS__) did not load at ${page.url()}`, {
      cause: e,
    });
  }
}

/** A desktop-sized page on the app (`path` after the base address), collecting page errors. */
export async function openApp(
  browser: Browser,
  path = '',
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loadApp(page, `${inject('baseUrl')}${path}`);
  return { page, errors };
}

/** A browser context holding an online room's seat token, as the browser that claimed it would. */
export async function seatedContext(
  browser: Browser,
  roomId: string,
  seat: number,
  token: string | null,
) {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    `${SEAT_KEY_PREFIX}${roomId}`,
    JSON.stringify({ seat, token }),
  ] as const);
  return context;
}

/** A touch tablet (mobile, a CSS pixel a device pixel) on the app with a fresh profile. */
export async function openTablet(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await loadApp(page, inject('baseUrl'));
  await page.evaluate(() => localStorage.clear());
  return { context, page };
}

export interface Config {
  players: { name: string; colour: string; kind: 'human' | 'bot'; level?: 1 | 2 | 3 }[];
  seed: string;
  placement: 'hand' | 'balanced' | 'random';
  options?: Partial<Options>;
}

export type { Options };

export function config(
  n: number,
  placement: Config['placement'] = 'balanced',
  seed = 'test-seed',
): Config {
  const colours = [
    '#e0533d',
    '#3d8fe0',
    '#e8c547',
    '#4fbf6f',
    '#b46be0',
    '#46c8c8',
    '#e07fb0',
    '#f0f0f0',
  ];
  return {
    players: Array.from({ length: n }, (_, i) => ({
      name: `P${i + 1}`,
      colour: colours[i],
      kind: 'human' as 'human' | 'bot',
    })),
    seed,
    placement,
  };
}

/** A box on screen (CSS px). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type { Seam };

/**
 * Where a test saves a picture of the game: test-results/screenshots/ (ignored by git), so that
 * `npm test` rewrites no tracked file; `npm run screenshots` copies them to docs/ on purpose.
 */
export function screenshotPath(name: string): string {
  const dir = new URL('../../test-results/screenshots/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  return new URL(name, dir).pathname;
}

export const seam = {
  state: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.state()),
  newGame: (page: Page, c: Config) =>
    page.evaluate((c) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.newGame(c), {
      ...c,
      options: { ...NO_OPTIONS, ...c.options },
    }),
  screenOf: (page: Page, board: string, square: string) =>
    page.evaluate(
      ([b, s]) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.screenOf(b, s),
      [board, square] as const,
    ),
  /** The screen box of a board's squares (not clipped to the view), or null. */
  boardBox: (page: Page, board: string) =>
    page.evaluate(
      (b) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.boardBox(b),
      board,
    ),
  renderInfo: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.renderInfo()),
  invalidate: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.invalidate()),
  fullResolution: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.fullResolution()),
  actions: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.actions()),
  play: (page: Page, text: string) =>
    page.evaluate((t) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.play(t), text),
  scene: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.scene()),
  busy: (page: Page) =>
    page.evaluate(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.busy()),
  /** Draw the board labels' pictures in the canvas or not. */
  labelPictures: (page: Page, shown: boolean) =>
    page.evaluate(
      (shown) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.labelPictures(shown),
      shown,
    ),
  /** Animations k times slower (1 restores normal speed). */
  slowMotion: (page: Page, k: number) =>
    page.evaluate((k) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.slowMotion(k), k),
};

/**
 * Wait until the scene is at rest: it has drawn, nothing animates, no frame is asked for, and it
 * has rendered no frame for QUIET_MS. The scene renders on demand, so a stretch without frames is
 * what "at rest" means: a gliding camera or label renders every frame while it moves. Watched
 * from the page, frame by frame, so the wait ends as soon as the scene is still.
 */
export async function settle(page: Page): Promise<void> {
  const stuck = await page.evaluate(
    ({ quiet, limit }) =>
      new Promise<string | null>((done) => {
        const api = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__;
        const start = performance.now();
        let frames = -1;
        let since = start;
        const tick = (now: number) => {
          const drawn = api.renderInfo().frames;
          const busy = api.busy() || api.framePending();
          if (drawn === 0 || busy || drawn !== frames) {
            frames = drawn;
            since = now;
          } else if (now - since >= quiet) return done(null);
          // Say what kept the scene from settling: no frame drawn, an animation, a stage moving.
          if (now - start > limit)
            return done(
              JSON.stringify({
                frames: drawn,
                busy,
                scene: api.scene(),
                screen: api.state().screen,
              }),
            );
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { quiet: QUIET_MS, limit: 20_000 },
  );
  if (stuck) throw new Error(`the scene did not settle: ${stuck}`);
}

/** How long the scene renders nothing (no frame asked for) before settle() calls it at rest. */
const QUIET_MS = 50;

/** A point to click for a square: its on-screen centre, or fail. */
export async function squarePoint(page: Page, board: string, square: string) {
  const p = await seam.screenOf(page, board, square);
  if (!p) throw new Error(`${board}:${square} is not on screen`);
  return p;
}

/** Click a square, aimed once the scene is still (a gliding camera moves it under the pointer). */
export async function clickSquare(page: Page, board: string, square: string): Promise<void> {
  await settle(page);
  const p = await squarePoint(page, board, square);
  await page.mouse.click(p.x, p.y);
  await nextFrames(page);
}

/**
 * The canvas's colours (r, g, b) at the centres on screen of squares (board, square), or at
 * points offset from each centre by (dx, dy) CSS pixels: every offset of the first square, then
 * of the next.
 */
export function coloursAt(
  page: Page,
  squares: [string, string][],
  offsets: [number, number][] = [[0, 0]],
): Promise<number[][]> {
  return page.evaluate(
    ([squares, offsets]) => {
      type Api = { screenOf(b: string, s: string): { x: number; y: number } | null };
      const api = (window as unknown as { __NDCHESS__: Api }).__NDCHESS__;
      const canvas = document.querySelector('canvas')!;
      const rect = canvas.getBoundingClientRect();
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      return squares.flatMap(([b, s]) => {
        const at = api.screenOf(b, s)!;
        return offsets.map(([dx, dy]) => {
          const x = Math.round(((at.x + dx - rect.left) * canvas.width) / rect.width);
          const y = Math.round(((at.y + dy - rect.top) * canvas.height) / rect.height);
          return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
        });
      });
    },
    [squares, offsets] as const,
  );
}

/** Fraction of sampled canvas pixels that differ from the background. */
export async function canvasInk(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    if (!canvas) return 0;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    let ink = 0;
    let total = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      total++;
      if (data[i] + data[i + 1] + data[i + 2] > 90) ink++;
    }
    return ink / total;
  });
}

/** Start `vite preview` of the built app (or of another vite config's build) on a free port; resolves once it answers. */
export async function startPreview(
  configFile?: string,
): Promise<{ url: string; stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
      ...(configFile ? ['--config', configFile] : []),
    ],
    { cwd: new URL('../..', import.meta.url).pathname, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('vite preview did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => child.kill() };
}

/** The squares of a move text: "AB:e2-e4", "AB:Nb1-AC:c3", "AB:Qd1xe2" (not castling). */
export function squaresOf(text: string): { from: [string, string]; to: [string, string] } | null {
  const m = /^([A-H]{2}):[NBRQK]?([a-h][1-8])[-x](?:([A-H]{2}):)?([a-h][1-8])(=[QRBN])?$/.exec(
    text,
  );
  if (!m) return null;
  return { from: [m[1], m[2]], to: [m[3] ?? m[1], m[4]] };
}

/** Play a move by clicking (or tapping) its two squares; returns after the animation. */
export async function playByPointer(page: Page, text: string, touch = false): Promise<void> {
  const sq = squaresOf(text);
  if (!sq) throw new Error(`cannot click ${text}`);
  const press = async (board: string, square: string) => {
    const p = await squarePoint(page, board, square);
    if (touch) await page.touchscreen.tap(p.x, p.y);
    else await page.mouse.click(p.x, p.y);
    await nextFrames(page);
  };
  // Aim at a still scene: a hint just dismissed or a move just landed may set the camera gliding.
  await settle(page);
  // On a board whose squares are too small for a finger a tap zooms to it: tap again once the
  // camera has arrived.
  for (let tries = 0; tries < 3; tries++) {
    await press(...sq.from);
    await settle(page);
    if (!touch || (await seam.state(page)).selected) break;
  }
  // A destination on another board may be out of the zoomed view: frame all boards first.
  if (!(await seam.screenOf(page, ...sq.to))) {
    await page.keyboard.press('f');
    await settle(page);
  }
  await press(...sq.to);
  await settle(page);
}

/** The first legal move matching a pattern. */
export async function findMove(page: Page, re: RegExp): Promise<string> {
  const all = await seam.actions(page);
  const hit = all.find((t) => re.test(t) && squaresOf(t));
  if (!hit) throw new Error(`no legal move matches ${re}: ${all.slice(0, 20).join(' ')}`);
  return hit;
}

/** Wait until the page has drawn two more frames (what was just done is on the screen). */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * Draw at the device's resolution from now on (a test build draws at half, see
 * src/scene/resolution.ts), for a test that compares pictures or saves one; resolves once the
 * scene is at rest at it.
 */
export async function fullResolution(page: Page): Promise<void> {
  await seam.fullResolution(page);
  await drawFresh(page);
  await settle(page);
}

/** Save a picture of the page at full resolution (see screenshotPath). */
export async function savePicture(page: Page, name: string): Promise<void> {
  await fullResolution(page);
  await page.screenshot({ path: screenshotPath(name) });
}

/** Render one frame now and wait until it is drawn: renderInfo() then counts that frame. */
export async function drawFresh(page: Page): Promise<void> {
  const drawn = (await seam.renderInfo(page)).frames;
  await seam.invalidate(page);
  await page.waitForFunction(
    (n) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.renderInfo().frames > n,
    drawn,
  );
}

/** Wait until the scene has drawn `n` more frames (at whatever rate this machine draws them). */
export async function framesDrawn(page: Page, n: number): Promise<void> {
  const drawn = (await seam.renderInfo(page)).frames;
  await page.waitForFunction(
    (k) => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.renderInfo().frames >= k,
    drawn + n,
  );
}

/**
 * Let the page run `frames` animation frames (about frames / 60 seconds): the window in which a
 * test sees that something does not happen (no move while paused, no frame while idle).
 */
export const observe = (page: Page, frames: number) =>
  page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const tick = () => (--n <= 0 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    frames,
  );

/**
 * Run `check` while an animation runs: from its start, every few frames until it ends. A check
 * fails the test only if the animation still runs after it (one racing the animation's end saw
 * the state after it); at least one check must have seen the animation still running.
 */
export async function duringAnimation(page: Page, check: () => Promise<void>): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.busy());
  let seen = 0;
  while (await seam.busy(page)) {
    try {
      await check();
    } catch (e) {
      // A check that fails once the animation has ended saw the state after it: not a failure.
      if (await seam.busy(page)) throw e;
      break;
    }
    if (await seam.busy(page)) seen++;
    await observe(page, 10);
  }
  if (!seen) throw new Error('the animation ended before it could be checked');
}

/** Play quiet moves (through the store, as a click would) until `done` or `limit` actions. */
export async function playQuiet(page: Page, limit: number, done: () => Promise<boolean>) {
  for (let i = 0; i < limit && !(await done()); i++) {
    const all = await seam.actions(page);
    const move = all.find((t) => QUIET.test(t) && !/:K/.test(t)) ?? all[0];
    if (!(await seam.play(page, move))) throw new Error(`the move ${move} was refused`);
  }
}

export const SAME_BOARD_PAWN = /^[A-H]{2}:[a-h][1-8]-[a-h][1-8]$/;
/** A quiet pawn or piece move on one board (no capture, no shift). */
export const QUIET = /^[A-H]{2}:[NBRQK]?[a-h][1-8]-[a-h][1-8]$/;
/** Any move that needs no promotion choice. */
export const NOT_PROMOTION = /^[^=]+$/;
export const SHIFT = /^[A-H]{2}:[NBRQ]?[a-h][1-8]-[A-H]{2}:[a-h][1-8]$/;

/** Wait until a human seat is to move and no bot is thinking. */
export async function humanTurn(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__.state();
      const me = s.players.find((p) => p.label === s.toMove);
      return me?.kind === 'human' && s.thinking === null;
    },
    undefined,
    { timeout, polling: 50 },
  );
}
