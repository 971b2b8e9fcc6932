/**
 * Performance figures of the built app (run `npm run perf`): draw calls and triangles per frame
 * for 3–8 players in headless Chromium, frames rendered while idle, the gzip size of the
 * JavaScript the first page load needs, and the main thread's JavaScript time per frame during
 * a shift and a collapse at 3 and 8 players (and the table's turn to the next player at 8),
 * next to an empty react-three-fiber scene's (drawing every display frame, and at the game's own
 * frame rate) and to the floor of a scene that only draws as many things as an 8-player shift
 * (perf/); and the whole machine's CPU per frame drawn at 3 and 8 players, next to the empty
 * scene's (under headless Chromium the GPU process draws with SwiftShader, on the CPU).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { Seam } from '../src/app/seam';
import {
  QUIET,
  SHIFT,
  config,
  findMove,
  launch,
  loadApp,
  nextFrames,
  seam,
  settle,
  startPreview,
} from '../test/browser/harness';

/**
 * Main-thread JavaScript per frame over a window that lasts until MIN_FRAMES frames were drawn (or
 * MAX_WINDOW_MS passed, or `running` says the animation ended). A window of fixed time held only
 * 2–6 frames of an 8-player game under the software renderer, so one slow frame decided it.
 *
 * Three figures, each ÷ frames drawn: `script`, Chrome's ScriptDuration (all JavaScript, per-second
 * work included); and, from a trace of the same window, the animation-frame callbacks (the frame's
 * own work) in wall time, `frame`, and in the main thread's CPU time, `cpu`. Wall time counts the
 * waits: under headless Chromium's software renderer a WebGL call waits while the GPU process,
 * still drawing the last frame, drains its command buffer (on a tablet's GPU it returns at once),
 * and on a shared machine the thread waits its turn for a core. CPU time is the work itself.
 * Also `fps`, the frames drawn a second over the window (the paced reference is drawn at it).
 */
async function jsPerFrame(
  page: Page,
  frames: () => Promise<number>,
  running: () => Promise<boolean>,
) {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Performance.enable');
  const script = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')!
      .value;
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const [s0, f0] = [await script(), await frames()];
  const start = Date.now();
  let f1 = f0;
  while (f1 - f0 < MIN_FRAMES && Date.now() - start < MAX_WINDOW_MS && (await running())) {
    await page.waitForTimeout(POLL_MS);
    f1 = await frames();
  }
  const s1 = await script();
  f1 = await frames();
  const seconds = (Date.now() - start) / 1000;
  await cdp.send('Tracing.end');
  await complete;
  const { frameTree } = await cdp.send('Page.getFrameTree');
  await cdp.detach();
  const drawn = Math.max(1, f1 - f0);
  const work = animationFrames(events, frameTree.frame.id);
  return {
    script: ((s1 - s0) * 1000) / drawn,
    frame: work.wall / drawn,
    cpu: work.cpu / drawn,
    frames: f1 - f0,
    fps: (f1 - f0) / seconds,
  };
}

/** The parts of a Chrome trace event read here (durations in µs; tdur: thread CPU time). */
interface TraceEvent {
  name: string;
  dur?: number;
  tdur?: number;
  args?: { data?: { frame?: string } };
}

/** Milliseconds of the page's animation-frame callbacks in a trace: wall time and CPU time. */
function animationFrames(events: TraceEvent[], frameId: string): { wall: number; cpu: number } {
  const work = { wall: 0, cpu: 0 };
  // The trace covers the whole browser: only the page's own frame counts.
  for (const e of events)
    if (e.name === 'FireAnimationFrame' && e.args?.data?.frame === frameId) {
      work.wall += (e.dur ?? 0) / 1000;
      work.cpu += (e.tdur ?? 0) / 1000;
    }
  return work;
}

const MIN_FRAMES = 40;
const MAX_WINDOW_MS = 8000;
const POLL_MS = 250;

/** The cost of the frames drawn while the game's animation runs (the same polling as the empty scene's). */
function gameWindow(page: Page) {
  return jsPerFrame(
    page,
    async () => (await seam.renderInfo(page)).frames,
    () => seam.busy(page),
  );
}

/** Play an action and wait for the animation's first frames (the action's own cost is not a frame's). */
async function startAnimation(page: Page, move: string): Promise<void> {
  await seam.play(page, move);
  await nextFrames(page);
}

/** The software renderer draws 3–4 frames a second at 8 players: slower still, for MIN_FRAMES. */
const slower = (n: number) => (n > 5 ? 2 : 1);

/** A shift flying along its edge, slowed down so that it outlasts the window. */
async function shiftCost(page: Page, n: number) {
  await seam.newGame(page, config(n, 'balanced', `frame-shift-${n}`));
  await settle(page);
  await seam.slowMotion(page, 8 * slower(n));
  await startAnimation(page, await findMove(page, SHIFT));
  const cost = await gameWindow(page);
  await seam.slowMotion(page, 1);
  await settle(page);
  return cost;
}

/**
 * The table turning to the next player once a move has landed: at 6–8 players the new mover's
 * boards glide to the front (pass-and-play, all seats human).
 */
async function turnCost(page: Page, n: number) {
  await seam.newGame(page, config(n, 'balanced', `frame-turn-${n}`));
  await settle(page);
  await seam.slowMotion(page, 8 * slower(n));
  await seam.play(page, await findMove(page, QUIET));
  // The move lands first (slowed down: a few seconds), then the boards glide.
  for (let i = 0; i < 1500 && !(await seam.scene(page)).moving; i++) await page.waitForTimeout(20);
  if (!(await seam.scene(page)).moving) throw new Error(`no turn glided at ${n} players`);
  await nextFrames(page);
  const cost = await gameWindow(page);
  await seam.slowMotion(page, 1);
  await settle(page);
  return cost;
}

/**
 * Dimensional Collapse: the first player resigns; quiet moves run the countdown to the collapse,
 * the last of them in slow motion.
 */
async function collapseCost(page: Page, n: number) {
  const c = config(n, 'balanced', `frame-collapse-${n}`);
  c.options = {
    hyperspace: false,
    collapse: true,
    cowardly: false,
    scavenger: false,
    shade: false,
  };
  await seam.newGame(page, c);
  await settle(page);
  await seam.play(page, 'resign');
  await settle(page);
  for (let i = 0; i < 80; i++) {
    const last = (await seam.state(page)).boards.some((b) => b.countdown === 1);
    await seam.slowMotion(page, last ? 4 * slower(n) : 1);
    await startAnimation(page, await findMove(page, QUIET));
    if ((await seam.state(page)).caption.some((line) => line.startsWith('Collapse'))) {
      const cost = await gameWindow(page);
      await seam.slowMotion(page, 1);
      await settle(page);
      return cost;
    }
    await settle(page);
  }
  throw new Error(`no collapse at ${n} players`);
}

/**
 * The reference page (perf/, served at `url`): the empty scene, or with `draws` the floor of that
 * many draws; with `fps`, drawing that many frames a second instead of every display frame.
 */
async function referenceCost(browser: Browser, url: string, { draws = 0, fps = 0 } = {}) {
  const page = await newPage(browser);
  const query = new URLSearchParams();
  if (draws) query.set('draws', String(draws));
  if (fps) query.set('fps', fps.toFixed(1));
  try {
    await page.goto(`${url}?${query}`);
    // A few frames first (a paced scene draws only a few a second).
    await page.waitForFunction((least) => window.__frames > least, fps && fps < 10 ? 2 : 10);
    return await jsPerFrame(
      page,
      () => page.evaluate(() => window.__frames),
      async () => true,
    );
  } finally {
    await page.close();
  }
}

type Cost = Awaited<ReturnType<typeof jsPerFrame>>;

const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

const medianCost = (costs: Cost[]): Cost => ({
  script: middle(costs.map((e) => e.script)),
  frame: middle(costs.map((e) => e.frame)),
  cpu: middle(costs.map((e) => e.cpu)),
  frames: middle(costs.map((e) => e.frames)),
  fps: middle(costs.map((e) => e.fps)),
});

/** A game window and the empty scene's window right after it, at the game window's frame rate. */
interface Paired {
  game: Cost;
  paced: Cost;
}

/** Windows of each animation (one window can be off by a fifth of another's on a shared machine). */
const WINDOWS = 3;

/**
 * The draw calls of an 8-player shift: eleven idle with every kind of piece standing (the
 * `draw calls` lines print them) and the explanation's two.
 */
const SHIFT_DRAWS_8 = 13;

async function frameCost(browser: Browser, page: Page) {
  // The references are measured before, between and after the game's windows, and the median of
  // each figure is taken: on a shared machine one window can be off by a third.
  // One server for the reference page, idle while the game is measured.
  const reference = await startPreview('vite.perf.config.ts');
  const empties: Cost[] = [];
  const floors: Cost[] = [];
  const references = async () => {
    empties.push(await referenceCost(browser, reference.url));
    floors.push(await referenceCost(browser, reference.url, { draws: SHIFT_DRAWS_8 }));
  };
  const rows = new Map<string, Paired[]>();
  try {
    await references();
    for (const n of [3, 8]) {
      // Each animation is played and measured WINDOWS times, in turn with the others, and the
      // median taken, as for the references.
      for (let w = 0; w < WINDOWS; w++)
        for (const [what, run] of [
          ['shift', shiftCost],
          ['collapse', collapseCost],
          // At 3 players a new mover's boards only turn in place: nothing glides.
          ...(n > 5 ? ([['turn', turnCost]] as const) : []),
        ] as const) {
          const who = `${n} players ${what}`;
          const game = await run(page, n);
          const paced = await referenceCost(browser, reference.url, { fps: game.fps });
          rows.set(who, [...(rows.get(who) ?? []), { game, paced }]);
        }
      await references();
    }
  } finally {
    reference.stop();
  }
  const empty = medianCost(empties);
  console.log(`\nmain-thread JavaScript per frame, ms (same run; see jsPerFrame)`);
  console.log(
    '× cpu: against the empty scene at 60 frames a second; × paced: against the empty scene ' +
      "drawing at the game window's own frame rate, measured right after it (median of the ratios)",
  );
  const row = (who: string, r: Cost, paced?: number) =>
    console.log(
      [
        who.padEnd(18),
        ...[r.script, r.frame, r.cpu].map((ms) => ms.toFixed(2).padStart(6)),
        String(r.frames).padStart(6),
        r.fps.toFixed(1).padStart(5),
        ...[
          r.script / empty.script,
          r.cpu / empty.cpu,
          ...(paced === undefined ? [] : [paced]),
        ].map((x) => x.toFixed(2).padStart(8)),
      ].join('  '),
    );
  console.log(
    '                    script   frame     cpu  frames    fps  × script     × cpu  × paced',
  );
  row('empty r3f scene', empty);
  row(`${SHIFT_DRAWS_8} bare draws`, medianCost(floors));
  for (const [who, pairs] of rows)
    row(
      who,
      medianCost(pairs.map((p) => p.game)),
      middle(pairs.map((p) => p.game.cpu / p.paced.cpu)),
    );
  const cpus = (costs: Cost[]) => costs.map((e) => e.cpu.toFixed(2)).join(', ');
  console.log(
    `(cpu in each window, the median taken: empty scene ${cpus(empties)}; bare draws ${cpus(floors)}; ${[
      ...rows,
    ]
      .map(
        ([who, pairs]) =>
          `${who} ${pairs.map((p) => `${p.game.cpu.toFixed(2)} at ${p.game.fps.toFixed(1)} fps / empty ${p.paced.cpu.toFixed(2)}`).join(', ')}`,
      )
      .join('; ')})`,
  );
}

/** Busy CPU time of the whole machine so far, in seconds (Linux: /proc/stat, in USER_HZ = 100). */
function machineBusy(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * A page of the perf browser, 1280×800. tsx, which runs this script, wraps named functions in a
 * helper (__name) that the functions evaluated in a page (the harness's too) then call: the page
 * gets one that leaves them as they are.
 */
async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    (window as unknown as { __name: (f: unknown) => unknown }).__name = (f) => f;
  });
  return page;
}

/** Frames drawn back to back for the drawing cost. */
const REDRAWS = 30;

/**
 * Draw `n` frames back to back in `page`: the game's (each frame asks the seam for the next) or
 * the empty scene's (perf/, which draws every display frame of its own).
 */
const drawFrames = (page: Page, n: number, game: boolean) =>
  page.evaluate(
    ([n, game]) =>
      new Promise<void>((done) => {
        const api = (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__;
        const drawn = () => (game ? api.renderInfo().frames : window.__frames);
        const start = drawn();
        const next = () => {
          if (drawn() - start >= n) return done();
          if (game) api.invalidate();
          requestAnimationFrame(next);
        };
        next();
      }),
    [n, game] as const,
  );

/**
 * The whole machine's CPU per frame (ms) while `page` draws REDRAWS frames back to back, after
 * as many drawn unmeasured: the GPU process works through a page's frames after its JavaScript
 * has sent them, so a first window leaves part of its cost to the next. What a frame costs the
 * page and the GPU process together (a software renderer here, where the drawing is on the CPU
 * too), on a machine otherwise idle bar what shares it.
 */
async function redrawCost(page: Page, game: boolean): Promise<number> {
  await drawFrames(page, REDRAWS, game);
  const before = machineBusy();
  await drawFrames(page, REDRAWS, game);
  return ((machineBusy() - before) * 1000) / REDRAWS;
}

/** The empty scene's cost a frame, in a page of its own. */
async function redrawEmpty(browser: Browser, url: string): Promise<number> {
  const page = await newPage(browser);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__frames > 10);
    return await redrawCost(page, false);
  } finally {
    await page.close();
  }
}

/**
 * The whole machine's CPU per frame drawn at 3 and 8 players, against the empty scene's measured
 * before, between and after them (the median of the three: one measure can be off several times
 * on a shared machine).
 */
async function drawingCost(browser: Browser, page: Page) {
  const reference = await startPreview('vite.perf.config.ts');
  try {
    const empty = [await redrawEmpty(browser, reference.url)];
    const game = new Map<number, number>();
    for (const n of [3, 8]) {
      await seam.newGame(page, config(n, 'balanced', `perf-${n}`));
      await settle(page);
      game.set(n, await redrawCost(page, true));
      // The game at rest again before the empty scene is measured (they share the machine).
      await settle(page);
      empty.push(await redrawEmpty(browser, reference.url));
    }
    const base = middle(empty);
    console.log(
      `\nwhole machine's CPU per frame drawn, ms (${REDRAWS} frames back to back; the GPU process draws on the CPU here):`,
    );
    console.log(
      `empty r3f scene ${base.toFixed(1)} (median of ${empty.map((ms) => ms.toFixed(1)).join(', ')})`,
    );
    for (const [n, ms] of game)
      console.log(`${n} players ${ms.toFixed(1)} (× ${(ms / base).toFixed(1)} the empty scene)`);
  } finally {
    reference.stop();
  }
}

async function main() {
  const dist = new URL('../dist/', import.meta.url);
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gz = 0;
  for (const file of initial) gz += gzipSync(readFileSync(new URL(file, dist))).length;
  console.log(`initial JavaScript: ${initial.join(', ')} = ${(gz / 1024).toFixed(1)} KB gzip`);

  const server = await startPreview();
  const browser = await launch();
  try {
    const page = await newPage(browser);
    // The production build, driven through the seam that `?seam` installs (device/automation.ts).
    await loadApp(page, `${server.url}?seam`);
    // `tsx scripts/perf.ts frames`: only the frame costs (after a build); `drawing`: only the
    // machine's CPU per frame drawn.
    const framesOnly = process.argv.includes('frames');
    if (process.argv.includes('drawing')) return await drawingCost(browser, page);
    if (!framesOnly) console.log('players  boards  draw calls  triangles  idle frames (2 s)');
    for (let n = 3; n <= 8 && !framesOnly; n++) {
      await seam.newGame(page, config(n, 'balanced', `perf-${n}`));
      await settle(page);
      await seam.invalidate(page);
      await page.waitForTimeout(400);
      const info = await seam.renderInfo(page);
      await page.waitForTimeout(2000);
      const idle = (await seam.renderInfo(page)).frames - info.frames;
      console.log(
        `${String(n).padStart(7)}  ${String((n * (n - 1)) / 2).padStart(6)}  ${String(info.calls).padStart(10)}  ${String(info.triangles).padStart(9)}  ${String(idle).padStart(17)}`,
      );
    }
    if (!framesOnly) await drawingCost(browser, page);
    await frameCost(browser, page);
  } finally {
    await browser.close();
    server.stop();
  }
}

void main();
