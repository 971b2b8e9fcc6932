/**
 * The list of open tables and live games (issue 49 item 2, src/net/listing.ts), answered over
 * HTTP from the matchmaker's room listing: with the Redis driver that is every process's rooms,
 * and a dead process's rooms leave it when the processes sweep them (scaleOut.ts, SWEEP_MS).
 * Each address is rate-limited; one reading of the listing serves every request of the next
 * second (a poll from many pages costs Redis one read a second per process).
 */
import type http from 'node:http';
import { matchMaker } from '@colyseus/core';
import {
  LISTING,
  PUBLIC_ROOM_NAME,
  type ListedState,
  type LiveGame,
  type OpenTable,
  type OpenTables,
  type TableFormat,
} from '../net';
import type { AddressLimits } from './addressLimits';

/** How long one reading of the listing answers requests, in ms (by default). */
const FRESH_MS = 1000;

interface Listing {
  roomId: string;
  createdAt?: unknown;
  metadata?: { listed?: ListedState | null };
  size?: unknown;
  clock?: unknown;
  rules?: unknown;
}

/** The list from the matchmaker's listings of public tables, at server time `now`. */
export async function readOpenTables(now: number): Promise<OpenTables> {
  const rooms = (await matchMaker.query({ name: PUBLIC_ROOM_NAME })) as Listing[];
  const waiting: OpenTable[] = [];
  const playing: { since: number; game: LiveGame }[] = [];
  for (const room of rooms) {
    const listed = room.metadata?.listed;
    if (!listed) continue;
    const format = { size: room.size, clock: room.clock, rules: room.rules } as TableFormat;
    if (listed.state === 'waiting')
      waiting.push({
        roomId: room.roomId,
        ...format,
        seated: listed.seated,
        ratings: listed.ratings ?? [],
        waitingMs: Math.max(0, now - listed.openedAt),
      });
    else
      playing.push({
        since: new Date(room.createdAt as string).getTime() || 0,
        game: {
          roomId: room.roomId,
          ...format,
          players: listed.players,
          move: listed.move,
          ratings: listed.ratings ?? [],
        },
      });
  }
  waiting.sort((a, b) => b.waitingMs - a.waitingMs);
  playing.sort((a, b) => a.since - b.since);
  return {
    waiting: waiting.slice(0, LISTING.maxEach),
    playing: playing.slice(0, LISTING.maxEach).map(({ game }) => game),
  };
}

/**
 * The HTTP handler of LISTING.path (true when it answered `req`); `now` is the rooms' clock (the
 * tables' waiting times, the rate limits of `addresses`); one reading of the listing answers the
 * requests of the next `freshMs`.
 */
export function openTablesHandler(addresses: AddressLimits, now: () => number, freshMs = FRESH_MS) {
  let cached: { at: number; answer: Promise<OpenTables> } | null = null;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = req.url ?? '';
    if (url !== LISTING.path && !url.startsWith(`${LISTING.path}?`)) return false;
    if (!addresses.mayList(addresses.of(req)))
      send(res, 429, { error: 'too many requests for the list of open tables: wait a moment' });
    else if (req.method !== 'GET')
      send(res, 405, { error: `the list of open tables is read with GET, not ${req.method}` });
    else if (url !== LISTING.path)
      send(res, 400, { error: 'the list of open tables takes no parameters' });
    else {
      if (!cached || Date.now() - cached.at >= freshMs) {
        const answer = readOpenTables(now());
        cached = { at: Date.now(), answer };
        answer.catch(() => (cached = null));
      }
      cached.answer.then(
        (list) => send(res, 200, list),
        (e: Error) => send(res, 503, { error: `the list of open tables failed: ${e.message}` }),
      );
    }
    return true;
  };
}
