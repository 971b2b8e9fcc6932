/**
 * Online games' permanent replays (issue #47 item 4, src/net/replay.ts): once a room's game is
 * over, its record is kept as a saved game (setup with the players' names, the seats it began
 * with, the actions; no token) under an id derived from the room's id and its host token's hash:
 * unguessable without the host token's 128 random bits, the same whenever the room saves, and
 * known to no one the room does not tell. The record store keeps them apart from rooms' records,
 * for good until the game is archived (then as long as the room's record: store.ts), and the HTTP
 * route serves them to anyone with the id, from the store or else from the archive. A finished
 * game's room link outlives its room record the same way: a second route answers its replay id.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { saveGame, type Game, type SaveFile, type SavedSeat } from '../core';
import {
  MAX_REPLAY_BYTES,
  REPLAY_PATH,
  ROOM_REPLAY_PATH,
  isReplayId,
  type RoomReplay,
} from '../net';
import type { RecordStore, StoredGame } from './store';
import { isRoomId } from './tokens';

/** The replay id of a room: 22 base64url characters of SHA-256 over its id and host token's hash. */
export function replayIdOf(roomId: string, hostTokenHash: string): string {
  return createHash('sha256')
    .update(`replay\0${roomId}\0${hostTokenHash}`)
    .digest('base64url')
    .slice(0, 22);
}

/** A finished game's saved form: its record (R10.1) and the seats it began with. */
export function replayFile(stored: StoredGame, game: Game): SaveFile {
  // The seats the game began with; the record's take-overs and returns say who held them later.
  const seats = stored.settings.seats.map((s): SavedSeat =>
    s.kind === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'human' },
  );
  return saveGame(game, seats);
}

/** The replay of a finished game (replayFile), as JSON; null when too large. */
export function replayText(stored: StoredGame, game: Game): string | null {
  const text = JSON.stringify(replayFile(stored, game));
  return Buffer.byteLength(text) <= MAX_REPLAY_BYTES ? text : null;
}

/** Keep the replay of `stored` (whose record is `game`) once it is over; a later save keeps the same. */
export async function keepReplay(
  store: RecordStore,
  stored: StoredGame,
  game: Game,
): Promise<void> {
  if (!stored.over) return;
  const text = replayText(stored, game);
  if (text !== null) await store.saveReplay(replayIdOf(stored.id, stored.hostTokenHash), text);
}

/** Whether `url` is a replay's address (serveReplay answers it). */
export const isReplayPath = (url: string | undefined): boolean =>
  !!url && url.startsWith(REPLAY_PATH);

/** Whether `url` asks for a room's replay id (serveRoomReplay answers it). */
export const isRoomReplayPath = (url: string | undefined): boolean =>
  !!url && url.startsWith(ROOM_REPLAY_PATH);

/**
 * GET (or HEAD) /replay/<id>: the replay's JSON, from `load` (the record store, then the game
 * archive); 404 for an id that is malformed or unknown, 405 for another method, 503 while it
 * cannot be read. Not indexed by search engines.
 */
export const serveReplay = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  load: (id: string) => Promise<string | null>,
): Promise<void> => serveById(req, res, REPLAY_PATH, isReplayId, load);

/**
 * GET (or HEAD) /room-replay/<room id>: `{"replay": "<replay id>"}` of the room's finished game
 * from `find` (the game archive), for a room link whose room the record store has forgotten;
 * otherwise as serveReplay (404 for a room that never finished or is unknown).
 */
export const serveRoomReplay = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  find: (roomId: string) => Promise<string | null>,
): Promise<void> =>
  serveById(req, res, ROOM_REPLAY_PATH, isRoomId, async (roomId) => {
    const replay = await find(roomId);
    return replay === null ? null : JSON.stringify({ replay } satisfies RoomReplay);
  });

/** Answer GET or HEAD at `prefix` + id with the JSON `load` finds for the id (see serveReplay). */
async function serveById(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  prefix: string,
  isId: (id: string) => boolean,
  load: (id: string) => Promise<string | null>,
): Promise<void> {
  const headers = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return void res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
  const id = new URL(req.url ?? '', 'http://replay').pathname.slice(prefix.length);
  let text: string | null = null;
  try {
    text = isId(id) ? await load(id) : null;
  } catch {
    return void res.writeHead(503, headers).end();
  }
  if (text === null || Buffer.byteLength(text) > MAX_REPLAY_BYTES)
    return void res.writeHead(404, headers).end();
  res.writeHead(200, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}
