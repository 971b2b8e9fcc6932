/**
 * While the record store is down (issue #48 item 4), the process says so and takes no one in:
 * the health check reports it, and matchmaking (create, join, reconnect) is refused at once with
 * a clear error, instead of a room that cannot keep its record or a request that hangs on Redis.
 * Matchmaking is also where one address's rate of creating and joining rooms is bounded (issue
 * #48 item 5, addressLimits.ts): past it, that address alone is refused.
 */
import type http from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { AddressLimits } from './addressLimits';
import type { RecordStore } from './store';

/** How long a store's check may take before it counts as down (a hung disk or Redis). */
export const CHECK_MS = 3000;

/** The check under way per store: requests arriving meanwhile share it (one probe, not one each). */
const checking = new WeakMap<RecordStore, Promise<string | null>>();

/** Why the store cannot save now, or null when it can. */
export function storeDown(store: RecordStore): Promise<string | null> {
  let check = checking.get(store);
  if (!check) {
    check = checkNow(store).finally(() => checking.delete(store));
    checking.set(store, check);
  }
  return check;
}

async function checkNow(store: RecordStore): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_MS} ms`)), CHECK_MS);
  });
  try {
    await Promise.race([store.check(), late]);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    clearTimeout(timer);
  }
}

/** The words a client gets when matchmaking is refused because the store is down. */
export const storeDownMessage = (why: string) =>
  `this server cannot save games right now (${why}): try again in a moment`;

/** The words a client gets when its address creates or joins rooms too fast. */
export const tooFastMessage = (what: 'create' | 'join') =>
  `too many ${what === 'create' ? 'games created' : 'joins'} from one address: wait a moment`;

/**
 * Put the rate limits and the store check in front of Colyseus' matchmaking routes on `server`
 * (call it after the Colyseus server is made: it wraps the request listeners Colyseus
 * installed).
 */
export function gateMatchmaking(
  server: http.Server,
  store: RecordStore,
  addresses: AddressLimits,
): void {
  const listeners = server.listeners('request') as http.RequestListener[];
  server.removeAllListeners('request');
  const pass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const matchmaking =
      req.method === 'POST' && req.url?.includes(`/${matchMaker.controller.matchmakeRoute}/`);
    if (!matchmaking) return pass(req, res);
    const refuse = (status: number, error: string) => {
      res.writeHead(status, {
        ...matchMaker.controller.DEFAULT_CORS_HEADERS,
        ...matchMaker.controller.getCorsHeaders(req),
        'Content-Type': 'application/json',
      });
      res.end(JSON.stringify({ error }));
    };
    const address = addresses.of(req);
    const kind = req.url?.includes(`/${matchMaker.controller.matchmakeRoute}/create/`)
      ? 'create'
      : 'join';
    const allowed = kind === 'create' ? addresses.mayCreate(address) : addresses.mayJoin(address);
    if (!allowed) return refuse(429, tooFastMessage(kind));
    // The body waits, unread, until Colyseus' handler reads it.
    void storeDown(store).then((why) =>
      why === null ? pass(req, res) : refuse(503, storeDownMessage(why)),
    );
  });
}
