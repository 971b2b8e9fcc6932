/**
 * Serving the built app (dist/): files by path with their MIME types, index.html for any other
 * page path (the app's routes, e.g. an invite link ?room=…), nothing outside the folder.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { PROFILES } from '../net';

/** Page paths whose last part may hold a dot (a player's name): always the app. */
const PAGE_PREFIXES = [PROFILES.playerPage, PROFILES.leaderboardPage];

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export function staticHandler(root: string): http.RequestListener {
  const base = path.resolve(root);
  const send = async (res: http.ServerResponse, file: string, head: boolean) => {
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (head) res.end();
    else createReadStream(file).pipe(res);
  };
  return (req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) return void res.writeHead(405).end();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return void res.writeHead(400).end();
    }
    const file = path.join(base, pathname);
    if (file !== base && !file.startsWith(base + path.sep)) return void res.writeHead(403).end();
    stat(file)
      .then((s) => (s.isFile() ? send(res, file, head) : Promise.reject(new Error('not a file'))))
      .catch(() =>
        // A page path (no extension, or a profile's): the app; a missing asset: 404.
        path.extname(pathname) && !PAGE_PREFIXES.some((p) => pathname.startsWith(p))
          ? res.writeHead(404).end()
          : send(res, path.join(base, 'index.html'), head).catch(() => res.writeHead(404).end()),
      );
  };
}
