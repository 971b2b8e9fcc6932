/**
 * The HTTP API of profiles and leaderboards (issue #64 items 4 and 5; net/profiles.ts), read
 * from the game archive with no identity needed:
 *
 *   GET /api/players/<name>             the player's page (profiles.ts playerProfile)
 *   GET /api/players/<name>/games?page=N  their games, newest first, 20 a page
 *   GET /api/players/<name>/games.txt   every game of theirs in the game text format, one file
 *   GET /api/leaderboard/<pool>?page=N  the top 100 of a pool, 25 a page
 *
 * Errors are JSON, `{ error: { code, message } }`: 400 for a malformed path or page, 404 for a
 * name no player has or a pool that does not exist, 405 for another method than GET, 429 past
 * an address's limit or while PROFILE_LIMITS.exportsAtOnce exports are being written, 503 when
 * the server keeps no archive or the archive's database cannot be read.
 */
import type http from 'node:http';
import { PROFILES } from '../net';
import type { Queryable } from './database';
import { BucketsByKey } from './rateLimit';
import { exportGames, leaderboard, playerGames, playerNamed, playerProfile } from './profiles';

/** A path segment longer than this names no player (a name is at most LIMITS.name characters). */
const MAX_SEGMENT = 256;

export const PROFILE_LIMITS = {
  /** Requests one address may make a second on average, and in one burst (a page makes two). */
  perSecond: 5,
  burst: 20,
  /**
   * Exports written at once by this process: each replays every game it writes on the rooms'
   * thread, so more wait their turn (429) rather than slow the rooms down.
   */
  exportsAtOnce: 2,
};

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** One path segment, decoded; a bad %-escape or an overlong one is refused. */
function segment(raw: string, what: string): string {
  if (raw.length > MAX_SEGMENT)
    throw new ApiFailure(400, 'bad-path', `the ${what} in the path is too long`);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiFailure(400, 'bad-path', `the ${what} in the path is not valid %-encoding`);
  }
}

/** The `page` parameter: a whole number from 1 (1 when absent). */
function pageOf(url: URL, most: number): number {
  const text = url.searchParams.get('page');
  if (text === null) return 1;
  const page = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(page >= 1 && page <= most))
    throw new ApiFailure(
      400,
      'bad-page',
      `page must be a whole number from 1 to ${most}, got "${text.slice(0, 20)}"`,
    );
  return page;
}

const noPlayer = (name: string) =>
  new ApiFailure(404, 'no-player', `no player is named "${name.slice(0, 40)}"`);

/**
 * The handler of the API's paths (true when it answered `req`), reading from `db` (none: this
 * server keeps no archive, and every path answers 503 saying so); `addressOf` is a request's
 * address for the per-address limit (addressLimits.ts: the socket's, or a trusted proxy's header).
 */
export function profileApiHandler(
  db: Queryable | null,
  log: (message: string) => void,
  addressOf: (req: http.IncomingMessage) => string,
  limits = PROFILE_LIMITS,
) {
  let exporting = 0;
  const buckets = new BucketsByKey(limits.perSecond, limits.burst);
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (!buckets.take(addressOf(req), Date.now()))
      throw new ApiFailure(429, 'too-many', 'too many requests from this address: wait a moment');
    if (req.method !== 'GET')
      throw new ApiFailure(405, 'bad-method', `profiles are read with GET, not ${req.method}`);
    if (!db)
      throw new ApiFailure(
        503,
        'no-archive',
        'this server keeps no game archive: profiles and leaderboards are not available',
      );
    const { pathname } = url;
    if (pathname.startsWith(PROFILES.leaderboardPath)) {
      const pool = segment(pathname.slice(PROFILES.leaderboardPath.length), 'pool');
      const most = Math.ceil(PROFILES.leaderboardTop / PROFILES.leaderboardPerPage);
      const board = await leaderboard(db, pool, pageOf(url, most));
      if (!board)
        throw new ApiFailure(404, 'no-pool', `no pool "${pool.slice(0, 20)}": 3, 4 or 5-8`);
      return sendJson(res, 200, board);
    }
    const [rawName, what, ...rest] = pathname.slice(PROFILES.playersPath.length).split('/');
    const name = segment(rawName, 'name');
    if (!name || rest.length || (what !== undefined && what !== 'games' && what !== 'games.txt'))
      throw new ApiFailure(
        404,
        'bad-path',
        'the paths are /api/players/<name>, …/games?page=N and …/games.txt',
      );
    if (what === undefined) {
      const profile = await playerProfile(db, name);
      if (!profile) throw noPlayer(name);
      return sendJson(res, 200, profile);
    }
    if (what === 'games') {
      const games = await playerGames(db, name, pageOf(url, 1e6));
      if (!games) throw noPlayer(name);
      return sendJson(res, 200, games);
    }
    const player = await playerNamed(db, name);
    if (!player) throw noPlayer(name);
    if (exporting >= limits.exportsAtOnce)
      throw new ApiFailure(
        429,
        'busy',
        "the server is writing other players' games files: try again in a minute",
      );
    exporting++;
    try {
      await sendExport(res, db, player, log);
    } finally {
      exporting--;
    }
  };
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://api');
    if (
      !url.pathname.startsWith(PROFILES.playersPath) &&
      !url.pathname.startsWith(PROFILES.leaderboardPath)
    )
      return false;
    answer(req, res, url).catch((e: Error) => {
      if (res.headersSent) return;
      if (e instanceof ApiFailure)
        return sendJson(res, e.status, { error: { code: e.code, message: e.message } });
      log(`profiles: ${req.method} ${url.pathname} failed: ${e.message}`);
      sendJson(res, 503, {
        error: {
          code: 'archive-unavailable',
          message: `the game archive cannot be read now (${e.message}); try again in a moment`,
        },
      });
    });
    return true;
  };
}

/**
 * The export as a download, written a game at a time (waiting while the connection's buffer is
 * full). A failure halfway cuts the connection: the download fails rather than ends short.
 */
async function sendExport(
  res: http.ServerResponse,
  db: Queryable,
  player: { id: string; name: string },
  log: (message: string) => void,
): Promise<void> {
  const file = `${player.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}-games.txt`;
  res.writeHead(200, {
    ...HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="games.txt"; filename*=UTF-8''${encodeURIComponent(file)}`,
  });
  try {
    await exportGames(db, player, async (text) => {
      if (res.destroyed) throw new Error('the client went away');
      // The rooms' messages go first between two games.
      await new Promise((resolve) => setImmediate(resolve));
      if (!res.write(text))
        await new Promise((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
    });
    res.end();
  } catch (e) {
    log(`profiles: the export of ${player.id} stopped: ${(e as Error).message}`);
    res.destroy();
  }
}
