/**
 * What the online client (onlineClient.ts), the table chat and the rematch use of the game
 * server: a connection to one room and the requests that open one. colyseus.js's Client and Room
 * (0.16) have all of it; a unit test gives a stand-in room instead.
 */

/** A connection to one room. */
export interface RoomConnection {
  readonly roomId: string;
  /** Colyseus's token for a quick way back into this connection (kept with the seat). */
  readonly reconnectionToken: string;
  /** Hear the room's messages of `type`. */
  onMessage<T>(type: string, handler: (message: T) => void): unknown;
  /** The connection closed, with its WebSocket close code. */
  onLeave(handler: (code: number) => void): unknown;
  onError(handler: (code: number, message?: string) => void): unknown;
  send(type: string, message?: unknown): void;
  /** Leave the room (`consented`: this page chose to; a seat then waits for its grace period). */
  leave(consented?: boolean): Promise<unknown>;
  /** Stop hearing the room (every handler above is dropped). */
  removeAllListeners(): void;
}

/** The game server as a page asks it for rooms (Colyseus's matchmaking). */
export interface GameServer {
  create(roomName: string, options: object): Promise<RoomConnection>;
  joinOrCreate(roomName: string, options: object): Promise<RoomConnection>;
  joinById(roomId: string, options: object): Promise<RoomConnection>;
}

/** Reach the game server (each request of the client makes a new one, as colyseus.js's Client). */
export type Connect = () => Promise<GameServer>;
