/**
 * The page's online client (onlineClient.ts) over the page's store and colyseus.js (0.16), and
 * what the online screens call: its actions, whether it is busy, the list of open tables.
 * Creating it connects nothing: a connection opens when a room is created or joined.
 */
import type { Client } from 'colyseus.js';
import { LISTING, type OpenTables } from '../net';
import { createOnlineClient } from './onlineClient';
import { pageSource, useGame } from '../store/store';

/** The formats "Play online now" offers (the server's, src/net/pairing.ts). */
export {
  LISTING,
  MAX_TABLE,
  MIN_TABLE,
  PAIRING_CLOCKS,
  rulesKey,
  tableOptions,
  type LiveGame,
  type OpenTable,
  type OpenTables,
  type PairRequest,
} from '../net';
export { MAX_NAME } from './onlineClient';

/** Where the game server is: the page's own origin. */
const serverUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;

/**
 * A client of the game server. colyseus.js is loaded only when a page plays online: its message
 * decoder (msgpackr) probes `Function('')` as it loads, which the app's Content-Security-Policy
 * refuses and reports (the decoder then does without), and no offline game should report that.
 */
async function newClient(): Promise<Client> {
  const { Client } = await import('colyseus.js');
  return new Client(serverUrl());
}

/**
 * The page's online client: what the online screens call (`onlineClient.createRoom(…)`,
 * `onlineClient.leaveRoom()`, …; see onlineClient.ts).
 */
export const onlineClient = createOnlineClient({
  store: useGame,
  source: pageSource,
  connect: newClient,
});

/** Whether a room is being created or joined (the buttons wait). */
export const useRoomBusy = () => onlineClient.busy((s) => s.busy);

/** The table chat's lines and mutes, and the rematch's request (the online HUD reads them). */
export const useTableChat = onlineClient.chat.state;
export const useRematch = onlineClient.rematch.state;

/** The list of open tables and live games, from the game server (src/net/listing.ts). */
export async function fetchOpenTables(): Promise<OpenTables> {
  const res = await fetch(serverUrl().replace(/^ws/, 'http') + LISTING.path);
  const body = (await res.json().catch(() => null)) as (OpenTables & { error?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.error ?? `the server answered ${res.status}`);
  return body;
}
