/**
 * The game server: one HTTP server for the built app (static.ts) and the Colyseus rooms over
 * WebSocket, on one port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, matchMaker, type Room } from '@colyseus/core';
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';
import { LIMITS, LISTING, PAIRING, PUBLIC_ROOM_NAME, ROOM_NAME } from '../net';
import { BotPool, type BotPlayer } from './bots';
import { FileStore } from './fileStore';
import { colyseusLogger, limitedLog } from './logLines';
import { localReopenGuard } from './reopen';
import { AddressLimits } from './addressLimits';
import type { ArchiveState, Archiver } from './archive';
import { identityHandler } from './identityApi';
import { isReplayPath, isRoomReplayPath, serveReplay, serveRoomReplay } from './replays';
import { openTablesHandler } from './openTables';
import { profileApiHandler } from './profileApi';
import { MATCHED_FIELDS, publicTableRoom } from './publicTable';
import { GameRoom, type ConnectionCaps, type RoomServices } from './room';
import type { ScaleOut } from './scaleOut';
import { staticHandler } from './static';
import type { ArchiveOutbox, RecordStore } from './store';
import { gateMatchmaking, storeDown } from './storeGate';
import { systemTimers, type Timers } from './timers';

export interface ServerOptions {
  /** 0 for any free port. */
  port: number;
  /** Loopback by default; '0.0.0.0' to serve a network. */
  host?: string;
  store: RecordStore;
  bots?: BotPlayer;
  timers?: Timers;
  /** The built app to serve (dist/), or none: rooms only. */
  appDir?: string;
  log?: (message: string) => void;
  /** Where refused client messages and frames go, one line each (rate-limited); default: log. */
  logRefused?: (message: string) => void;
  /** Several processes sharing Redis (scaleOut.ts); none: this process alone. */
  scaleOut?: ScaleOut;
  /** Connections a room takes without a seat and from one address (default: LIMITS). */
  caps?: Partial<ConnectionCaps>;
  /** Joins and leaves are told to a room at most once in this many ms (LIMITS.presenceMs). */
  presenceMs?: number;
  /**
   * How many proxies stand in front of this server (TRUST_PROXY, default 0): the client's
   * address is then read from X-Forwarded-For (addressLimits.ts clientAddress).
   */
  trustedProxies?: number;
  /** Where finished games are archived (archive.ts), closed with the server; none: not archived. */
  archive?: Archiver;
  /** How long one reading of the open tables' listing answers requests (openTables.ts FRESH_MS). */
  openTablesFreshMs?: number;
}

export interface GameServer {
  colyseus: Server;
  http: http.Server;
  port: number;
  services: RoomServices;
  /** The rooms this process holds. */
  rooms: ReadonlySet<Room>;
  /** Stop at once: rooms closed, clients told the rooms are gone (tests). */
  close(): Promise<void>;
  /**
   * Stop gracefully (SIGTERM): no new rooms here, every record written, clients told to rejoin
   * (they reach another process, which reopens their rooms from the store).
   */
  drain(): Promise<void>;
  /** Set while draining: the health check answers 503 so that balancers send no one here. */
  draining: boolean;
}

/** How often the store's expired records are removed (store.ts keepFor), and once at start. */
const SWEEP_EVERY_MS = 3600 * 1000;

function sweepRecords(services: RoomServices): NodeJS.Timeout {
  const { store, timers, log } = services;
  const sweep = () => {
    store.sweep?.(timers.now()).then(
      (removed) => removed && log(`record store: ${removed} expired games removed`),
      (e: Error) => log(`record store: sweeping failed: ${e.message}`),
    );
  };
  sweep();
  return setInterval(sweep, SWEEP_EVERY_MS).unref();
}

/** A WebSocket frame larger than this closes the connection; messages over LIMITS.message get an error. */
const MAX_FRAME = 64 * 1024;

/**
 * The WebSocket transport, each socket's address read from its upgrade request for the rooms'
 * caps (Colyseus itself would hand a room the client's own X-Real-IP or X-Forwarded-For).
 */
class AddressedTransport extends WebSocketTransport {
  constructor(options: TransportOptions, addresses: AddressLimits) {
    super(options);
    // Before Colyseus' own listener, which hands the socket to its room.
    this.wss.prependListener('connection', (socket, req) => addresses.connected(socket, req));
  }
}

export async function startServer(options: ServerOptions): Promise<GameServer> {
  const { scaleOut } = options;
  const timers = options.timers ?? systemTimers;
  const caps: ConnectionCaps = {
    spectators: LIMITS.spectators,
    perAddress: LIMITS.perAddress,
    connections: LIMITS.addressConnections,
    createsPerSecond: LIMITS.createsPerSecond,
    createBurst: LIMITS.createBurst,
    joinsPerSecond: LIMITS.joinsPerSecond,
    joinBurst: LIMITS.joinBurst,
    pairsPerSecond: PAIRING.pairsPerSecond,
    pairBurst: PAIRING.pairBurst,
    pairingTables: PAIRING.tablesPerAddress,
    listsPerSecond: LISTING.perSecond,
    listBurst: LISTING.burst,
    ...options.caps,
  };
  const services: RoomServices = {
    store: options.store,
    bots: options.bots ?? new BotPool(),
    timers,
    log: options.log ?? ((m) => console.error(m)),
    reopen: scaleOut?.reopen ?? localReopenGuard(),
    refused: () => {},
    caps,
    addresses: new AddressLimits(caps, () => timers.now(), options.trustedProxies),
    presenceMs: options.presenceMs ?? LIMITS.presenceMs,
    archive: options.archive,
  };
  services.refused = limitedLog(options.logRefused ?? services.log, () => services.timers.now());
  const rooms = new Set<Room>();
  const files = options.appDir ? staticHandler(options.appDir) : null;
  const openTables = openTablesHandler(
    services.addresses,
    () => timers.now(),
    options.openTablesFreshMs,
  );
  const { archive } = options;
  // A replay from the archive, which keeps it for good and where a deleted player's name is gone
  // (identity.ts); else the record store's copy: a game not archived yet, or the archive down.
  const loadReplay = async (id: string) =>
    (archive ? await archive.loadReplay(id).catch(() => null) : null) ??
    (await services.store.loadReplay(id));
  // A room link's finished game once the record store forgot the room: only the archive has it.
  const replayOfRoom = async (roomId: string) => (archive ? archive.replayOfRoom(roomId) : null);
  const identity = identityHandler(archive?.db, services.addresses);
  const profiles = profileApiHandler(archive?.db ?? null, services.log, (req) =>
    services.addresses.of(req),
  );
  const httpServer = http.createServer((req, res) => {
    if (req.url === HEALTH_PATH)
      return void health(res, server.draining, rooms.size, services.store, archive?.state());
    if (isReplayPath(req.url)) return void serveReplay(req, res, loadReplay);
    if (isRoomReplayPath(req.url)) return void serveRoomReplay(req, res, replayOfRoom);
    if (openTables(req, res)) return;
    if (identity(req, res)) return;
    if (profiles(req, res)) return;
    if (files) return files(req, res);
    res.writeHead(404).end();
  });
  const colyseus = new Server({
    transport: new AddressedTransport(
      { server: httpServer, maxPayload: MAX_FRAME },
      services.addresses,
    ),
    gracefullyShutdown: false,
    greet: false,
    logger: colyseusLogger(services.refused),
    presence: scaleOut?.presence,
    driver: scaleOut?.driver,
    publicAddress: scaleOut?.publicAddress,
  });
  gateMatchmaking(httpServer, services.store, services.addresses);
  /** The saves of rooms gone meanwhile (a table left by its last player saves as it closes). */
  const lastSaves = new Set<Promise<void>>();
  const held = (handler: ReturnType<typeof colyseus.define>) =>
    handler
      .on('create', (room: Room) => {
        rooms.add(room);
        // A reopened room is listed now: its reopening is over.
        void services.reopen.release(room.roomId);
      })
      .on('dispose', (room: Room) => {
        rooms.delete(room);
        const saved = (room as GameRoom).settled().finally(() => lastSaves.delete(saved));
        lastSaves.add(saved);
      });
  held(
    colyseus.define(
      ROOM_NAME,
      class extends GameRoom {
        protected override services = services;
      },
    ),
  );
  // Quick pairing: the oldest waiting table of the format asked for (publicTable.ts).
  held(
    colyseus
      .define(PUBLIC_ROOM_NAME, publicTableRoom(services))
      .filterBy([...MATCHED_FIELDS])
      .sortBy({ createdAt: 1 }),
  );
  await colyseus.listen(options.port, options.host ?? '127.0.0.1');
  scaleOut?.startSweeping(() => rooms);
  const expiry = sweepRecords(services);
  // Games finished before a stop or during an outage wait in the outbox.
  archive?.catchUp();
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus' test client reads the port it was given; with port 0 that is the real one.
  (colyseus as unknown as { port: number }).port = port;
  const release = async () => {
    clearInterval(expiry);
    scaleOut?.stopSweeping();
    await services.bots.close();
    await archive?.close();
    await services.store.close();
  };
  const server: GameServer = {
    colyseus,
    http: httpServer,
    port,
    services,
    rooms,
    draining: false,
    async close() {
      // Every room finishes its saves first.
      const listed = await matchMaker.query({});
      await Promise.all(
        listed.map((l) =>
          (matchMaker.getLocalRoomById(l.roomId) as GameRoom | undefined)?.settled(),
        ),
      );
      await Promise.all(matchMaker.disconnectAll());
      await colyseus.gracefullyShutdown(false);
      await Promise.allSettled(lastSaves);
      await release();
    },
    async drain() {
      server.draining = true;
      // Each room's onBeforeShutdown writes, tells and closes; disposal waits for the writes.
      await colyseus.gracefullyShutdown(false);
      await release();
    },
  };
  return server;
}

/**
 * The health check of a balancer: 200 while taking games; 503 while draining, or while the
 * record store cannot save ("store": "down", with the reason). It reports the game archive's
 * state too (games waiting in its outbox, its last error): games go on while it is down.
 */
export const HEALTH_PATH = '/healthz';

async function health(
  res: http.ServerResponse,
  draining: boolean,
  rooms: number,
  store: RecordStore,
  archive: ArchiveState | undefined,
): Promise<void> {
  const down = await storeDown(store);
  const status = draining ? 'draining' : down !== null ? 'store-down' : 'ok';
  res.writeHead(status === 'ok' ? 200 : 503, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  const storeState = down === null ? { store: 'up' } : { store: 'down', storeError: down };
  res.end(JSON.stringify({ status, rooms, ...storeState, ...(archive && { archive }) }));
}

/**
 * TRUST_PROXY: how many proxies stand in front of this process (0 when unset: clients reach it
 * directly, and a forwarding header is the client's own words).
 */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.TRUST_PROXY?.trim() || '0';
  if (!/^\d{1,2}$/.test(text))
    throw new Error(
      `TRUST_PROXY must be how many proxies stand in front of the server (0, 1, 2, …), not "${text}"`,
    );
  return Number(text);
}

/** Several processes sharing Redis when REDIS_URL is set (each at PUBLIC_ADDRESS), else none. */
export async function scaleOutFromEnv(env: NodeJS.ProcessEnv): Promise<ScaleOut | undefined> {
  if (!env.REDIS_URL) return undefined;
  const { redisScaleOut } = await import('./scaleOut');
  return redisScaleOut(env.REDIS_URL, env.PUBLIC_ADDRESS || undefined);
}

/** The record store the environment asks for: Redis when REDIS_URL is set, else files under dataDir. */
export async function storeFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<RecordStore & ArchiveOutbox> {
  if (env.REDIS_URL) {
    const { RedisStore } = await import('./redisStore');
    return new RedisStore(env.REDIS_URL);
  }
  return new FileStore(dataDir);
}
