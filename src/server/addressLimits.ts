/**
 * What one address may do to a whole process (issue 48 items 3 and 5): create rooms and join
 * them at a bounded rate (a token bucket per address and kind), and hold a bounded number of
 * connections across all rooms. A seated player's own connection is never refused by these:
 * the room lets a seat token in before it asks (room.ts onAuth).
 */
import { TokenBucket } from './rateLimit';

export interface AddressCaps {
  /** Connections from one address to all rooms, seated ones excepted. */
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

/** Buckets kept at most (the oldest are forgotten first: a full bucket is a fresh one). */
const MAX_TRACKED = 10_000;

export class AddressLimits {
  private readonly creates = new Map<string, TokenBucket>();
  private readonly joins = new Map<string, TokenBucket>();
  private readonly pairs = new Map<string, TokenBucket>();
  private readonly lists = new Map<string, TokenBucket>();
  private readonly open = new Map<string, number>();

  constructor(
    private readonly caps: AddressCaps,
    private readonly now: () => number,
  ) {}

  /** Whether `address` may create a room now (one taken from its bucket if so). */
  mayCreate(address: string): boolean {
    return this.take(this.creates, address, this.caps.createsPerSecond, this.caps.createBurst);
  }

  /** Whether `address` may join a room now (one taken from its bucket if so). */
  mayJoin(address: string): boolean {
    return this.take(this.joins, address, this.caps.joinsPerSecond, this.caps.joinBurst);
  }

  /** Whether `address` may ask for a pairing now (one taken from its bucket if so). */
  mayPair(address: string): boolean {
    return this.take(this.pairs, address, this.caps.pairsPerSecond, this.caps.pairBurst);
  }

  /** Whether `address` may ask for the list of open tables now (one taken if so). */
  mayList(address: string): boolean {
    return this.take(this.lists, address, this.caps.listsPerSecond, this.caps.listBurst);
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

  private take(
    buckets: Map<string, TokenBucket>,
    address: string,
    perSecond: number,
    burst: number,
  ): boolean {
    const now = this.now();
    let bucket = buckets.get(address);
    if (!bucket) {
      if (buckets.size >= MAX_TRACKED) buckets.delete(buckets.keys().next().value!);
      bucket = new TokenBucket(perSecond, burst, now);
      buckets.set(address, bucket);
    }
    return bucket.take(now);
  }
}
