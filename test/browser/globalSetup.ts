/**
 * Build the app once, as a test build (`--mode test`: the test seam installed, see
 * src/device/automation.ts), and serve it with `vite preview` on a free port for all browser tests;
 * launch a Chromium for each worker, which its test files connect to (harness.ts, testBrowser).
 */
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { launchServer, startPreview } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoints: string[];
  }
}

export default async function setup(project: TestProject) {
  const root = new URL('../..', import.meta.url).pathname;
  if (!process.env.SKIP_BUILD) {
    const built = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--mode', 'test'],
      {
        cwd: root,
        stdio: 'inherit',
        // vitest sets NODE_ENV=test, which would build React's development bundle.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const server = await startPreview();
  const browsers = await Promise.all(
    Array.from({ length: Math.max(1, project.config.maxWorkers) }, () => launchServer()),
  );
  project.provide('baseUrl', server.url);
  project.provide(
    'browserEndpoints',
    browsers.map((b) => b.wsEndpoint()),
  );
  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    server.stop();
  };
}
