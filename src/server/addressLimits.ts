/**
 * What one address may do to a whole process (issue 48 items 3 and 5): create rooms and join
 * them at a bounded rate (a token bucket per address and kind), and hold a bounded number of
 * connections across all rooms. A seated player's own connection is never refused by these:
 * the room lets a seat token in before it asks (room.ts onAuth).
 *
 * The address is the client's as clientAddress reads it (issue #61 item 10): the socket's, or
 * behind trusted proxies the one they forwarded; a header the client wrote itself never counts.
 */
import type { IncomingMessage } from 'node:http';
import { BucketsByKey } from './rateLimit';

/**
 * The address `req` came from: its socket's peer; or, when the server stands behind
 * `trustedProxies` proxies (TRUST_PROXY), the address the outermost of them was reached from.
 * Each proxy appends the address it was reached from to X-Forwarded-For, so that one is the
 * `trustedProxies`-th from the end; what stands before it is anyone's to write. A request with
 * fewer forwarded addresses than that did not come through the proxies: its socket counts.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const peer = req.socket?.remoteAddress ?? '';
  if (trustedProxies <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return forwarded.length >= trustedProxies ? forwarded[forwarded.length - trustedProxies] : peer;
}

export interface AddressCaps {
  /**
   * Connections from one address to all rooms, seated players' included (a seat's token is
   * never refused by it, but its connection counts).
   */
  connections: number;
  createsPerSecond: number;
  createBurst: number;
  joinsPerSecond: number;
  joinBurst: number;
  /** Pairing requests ("Play online now", issue 49), and waiting public tables sat at at once. */
  pairsPerSecond: number;
  pairBurst: number;
  pairingTables: number;
  /** Requests for the list of open tables and live games (issue 49 item 2). */
  listsPerSecond: number;
  listBurst: number;
}

/**
 * No per-address limit: for load tests and benchmarks on loopback, where every simulated player
 * shares one address.
 */
export const LOOPBACK_LOAD: AddressCaps = {
  connections: Infinity,
  createsPerSecond: Infinity,
  createBurst: Infinity,
  joinsPerSecond: Infinity,
  joinBurst: Infinity,
  pairsPerSecond: Infinity,
  pairBurst: Infinity,
  pairingTables: Infinity,
  listsPerSecond: Infinity,
  listBurst: Infinity,
};

export class AddressLimits {
  private readonly creates: BucketsByKey;
  private readonly joins: BucketsByKey;
  private readonly pairs: BucketsByKey;
  private readonly lists: BucketsByKey;
  private readonly open = new Map<string, number>();
  /** The address of each room socket, read from its upgrade request (server.ts). */
  private readonly sockets = new WeakMap<object, string>();

  constructor(
    private readonly caps: AddressCaps,
    private readonly now: () => number,
    /** Proxies the server stands behind (TRUST_PROXY): 0, the socket's peer is the client. */
    private readonly trustedProxies = 0,
  ) {
    this.creates = new BucketsByKey(caps.createsPerSecond, caps.createBurst);
    this.joins = new BucketsByKey(caps.joinsPerSecond, caps.joinBurst);
    this.pairs = new BucketsByKey(caps.pairsPerSecond, caps.pairBurst);
    this.lists = new BucketsByKey(caps.listsPerSecond, caps.listBurst);
  }

  /** The address `req` came from (clientAddress). */
  of(req: IncomingMessage): string {
    return clientAddress(req, this.trustedProxies);
  }

  /** A room socket opened with the upgrade request `req`: its address is that request's. */
  connected(socket: object, req: IncomingMessage): void {
    this.sockets.set(socket, this.of(req));
  }

  /** The address a room socket connected from ('' when it was never seen). */
  ofSocket(socket: object): string {
    return this.sockets.get(socket) ?? '';
  }

  /** Whether `address` may create a room now (one taken from its bucket if so). */
  mayCreate(address: string): boolean {
    return this.creates.take(address, this.now());
  }

  /** Whether `address` may join a room now (one taken from its bucket if so). */
  mayJoin(address: string): boolean {
    return this.joins.take(address, this.now());
  }

  /** Whether `address` may ask for a pairing now (one taken from its bucket if so). */
  mayPair(address: string): boolean {
    return this.pairs.take(address, this.now());
  }

  /** Whether `address` may ask for the list of open tables now (one taken if so). */
  mayList(address: string): boolean {
    return this.lists.take(address, this.now());
  }

  /** Whether `address` holds as many connections as it may. */
  full(address: string): boolean {
    return (this.open.get(address) ?? 0) >= this.caps.connections;
  }

  opened(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
  }

  closed(address: string): void {
    const left = (this.open.get(address) ?? 0) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
  }
}
