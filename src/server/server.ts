/**
 * The game server: one HTTP server for the built app (static.ts) and the Colyseus rooms over
 * WebSocket, on one port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ROOM_NAME } from '../net';
import { BotPool, type BotPlayer } from './bots';
import { FileStore } from './fileStore';
import { GameRoom, type RoomServices } from './room';
import { staticHandler } from './static';
import type { RecordStore } from './store';
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
}

export interface GameServer {
  colyseus: Server;
  http: http.Server;
  port: number;
  services: RoomServices;
  close(): Promise<void>;
}

/** A WebSocket frame larger than this closes the connection; messages over LIMITS.message get an error. */
const MAX_FRAME = 64 * 1024;

export async function startServer(options: ServerOptions): Promise<GameServer> {
  const services: RoomServices = {
    store: options.store,
    bots: options.bots ?? new BotPool(),
    timers: options.timers ?? systemTimers,
    log: options.log ?? ((m) => console.error(m)),
  };
  const httpServer = http.createServer(
    options.appDir ? staticHandler(options.appDir) : (_req, res) => res.writeHead(404).end(),
  );
  const colyseus = new Server({
    transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_FRAME }),
    gracefullyShutdown: false,
    greet: false,
  });
  colyseus.define(
    ROOM_NAME,
    class extends GameRoom {
      protected override services = services;
    },
  );
  await colyseus.listen(options.port, options.host ?? '127.0.0.1');
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus' test client reads the port it was given; with port 0 that is the real one.
  (colyseus as unknown as { port: number }).port = port;
  return {
    colyseus,
    http: httpServer,
    port,
    services,
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
      await services.bots.close();
      await services.store.close();
    },
  };
}

/** The record store the environment asks for: Redis when REDIS_URL is set, else files under dataDir. */
export async function storeFromEnv(env: NodeJS.ProcessEnv, dataDir: string): Promise<RecordStore> {
  if (env.REDIS_URL) {
    const { RedisStore } = await import('./redisStore');
    return new RedisStore(env.REDIS_URL);
  }
  return new FileStore(dataDir);
}
