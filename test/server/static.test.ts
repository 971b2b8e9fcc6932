/** The built app served by the game server: MIME types, the page for app paths, nothing outside. */
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler } from '../../src/server/static';
import { serveOnLoopback, type LoopbackServer } from './loopbackServer';

let dir: string;
let server: LoopbackServer;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ndchess-static-'));
  await mkdir(path.join(dir, 'app', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'app', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dir, 'app', 'assets', 'main-1.js'), 'export {};');
  await writeFile(path.join(dir, 'secret.txt'), 'secret');
  server = await serveOnLoopback(staticHandler(path.join(dir, 'app')));
  base = server.base;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** GET a raw path (not normalised by a URL parser). */
function get(rawPath: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { path: rawPath }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
        );
      })
      .on('error', reject);
  });
}

describe('static app', () => {
  it('serves files with their MIME types', async () => {
    expect(await get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(await get('/assets/main-1.js')).toMatchObject({
      status: 200,
      type: 'text/javascript; charset=utf-8',
      body: 'export {};',
    });
  });

  it('serves the app for page paths (invite links), 404 for a missing file', async () => {
    expect((await get('/game?room=abc')).body).toContain('<title>app</title>');
    expect((await get('/assets/gone.js')).status).toBe(404);
  });

  it("serves the app for a player's page and a leaderboard, a dot in the name too (#64)", async () => {
    for (const p of ['/player/Ada', '/player/Ada.B', '/player/%C3%85sa.txt', '/leaderboard/5-8'])
      expect(await get(p)).toMatchObject({
        status: 200,
        body: '<!doctype html><title>app</title>',
      });
  });

  it('serves nothing outside its folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt'])
      expect((await get(p)).body).not.toContain('secret');
  });
});
