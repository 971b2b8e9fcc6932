/**
 * The real game server for the online browser tests, as `npm run serve` runs it
 * (src/server/main.ts: the built app and the rooms on one port), in its own process on a free
 * loopback port with a temporary data folder, its game archive on a PostgreSQL server of its own
 * (bench/localPostgres.ts: it starts in seconds, where PGlite's first opening takes tens). Games
 * can be put in the folder before the start: opening their link recreates their rooms from the
 * stored record.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { SaveFile } from '../../src/core';
import { startPostgres } from '../../bench/localPostgres';
import { withBrowser } from './harness';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../../src/server/store';
import { hashToken, randomToken } from '../../src/server/tokens';

const ROOT = new URL('../..', import.meta.url).pathname;

/** How long a stopping server may drain before it is killed. */
const DRAIN_GRACE_MS = 30_000;

export interface TestGameServer {
  /** The app's address, e.g. http://127.0.0.1:40123/ (the same after a restart). */
  url: string;
  /** Its data folder (DATA_DIR): the record store's files. */
  dataDir: string;
  /** Its game archive's PostgreSQL server (rows can be seeded there). */
  databaseUrl: string;
  /** What the server printed so far (its errors among it). */
  output(): string;
  /** Stop the process as a deployment does (SIGTERM) and start it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface ServerProcess {
  url: string;
  port: string;
  output(): string;
  stop(): Promise<void>;
}

/** Start the server with `games` stored in its data folder. */
export async function startGameServer(games: StoredGame[] = []): Promise<TestGameServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ndchess-online-'));
  await mkdir(path.join(dataDir, 'games'));
  for (const game of games)
    await writeFile(path.join(dataDir, 'games', `${game.id}.json`), JSON.stringify(game));
  const postgres = await startPostgres();
  let server = await spawnServer(dataDir, '0', postgres.url);
  return {
    url: server.url,
    dataDir,
    databaseUrl: postgres.url,
    output: () => server.output(),
    async restart() {
      await server.stop();
      server = await spawnServer(dataDir, server.port, postgres.url);
    },
    async stop() {
      await server.stop();
      await postgres.remove();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function spawnServer(
  dataDir: string,
  port: string,
  databaseUrl: string,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_DIR: path.join(ROOT, 'dist'),
      REDIS_URL: '',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the game server did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the game server exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    port: new URL(url).port,
    output: () => output,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // The drain (records written, pages told "restarting") is what the restart test checks:
      // give it a deployment's grace period, not a few seconds a loaded machine can overrun.
      await Promise.race([exited, new Promise((r) => setTimeout(r, DRAIN_GRACE_MS))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A started room of a saved game (R10.1), as the server stores it: its human seats held by the
 * returned tokens (null for a bot seat), no clocks.
 */
export function storedRoom(save: SaveFile): { game: StoredGame; tokens: (string | null)[] } {
  const seats = save.seats ?? save.setup.players.map(() => ({ kind: 'human' as const }));
  const tokens = seats.map((s) => (s.kind === 'human' ? randomToken() : null));
  const game: StoredGame = {
    format: STORED_FORMAT,
    version: STORED_VERSION,
    id: randomToken(),
    setup: save.setup,
    actions: save.actions,
    settings: {
      seats: seats.map((s) => (s.kind === 'bot' ? s : { kind: 'open' })),
      placement: 'balanced',
      timeControl: null,
      graceMs: 60_000,
      afterGrace: { kind: 'eliminate' },
    },
    tokenHashes: tokens.map((t) => t && hashToken(t)),
    hostTokenHash: hashToken(randomToken()),
    started: true,
    remainingMs: null,
    over: false,
    savedAt: Date.now(),
  };
  return { game, tokens };
}

/**
 * A game server and the Chromium for a test file (withBrowser: a test's pages close after it):
 * started before its tests (handed to `use`), stopped after them.
 */
export function withGameServer(use: (server: TestGameServer, browser: Browser) => void): void {
  let browser: Browser;
  withBrowser((b) => (browser = b));
  let server: TestGameServer | undefined;
  beforeAll(async () => {
    server = await startGameServer();
    use(server, browser);
  });
  afterAll(async () => {
    await server?.stop();
  });
}
