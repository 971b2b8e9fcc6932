/**
 * A worker thread running a TypeScript module. Node 20 does not pass tsx's loader to workers
 * (`--import tsx` in a worker's execArgv is ignored), so the worker starts from a small ES
 * module that registers tsx in its own thread and then imports the file.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startTsWorker(file: URL, options: WorkerOptions = {}): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, options);
  const cjsApi = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(path.join(path.dirname(cjsApi), 'index.mjs')).href;
  const boot = `import { register } from ${JSON.stringify(api)};
register();
await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
