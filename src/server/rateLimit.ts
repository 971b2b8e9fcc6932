/**
 * A token bucket per client: `burst` messages at once, then `perSecond` on average. A flood
 * empties only the flooding client's bucket.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Take one token at `now`; false when the bucket is empty (the message is refused). */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Keys (addresses) whose buckets are kept at most: the oldest are forgotten first (a full bucket is a fresh one). */
const MAX_TRACKED = 10_000;

/** A token bucket per key (a client's address), each `burst` at once, then `perSecond`. */
export class BucketsByKey {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Take one token of `key`'s bucket at `now`; false when it is empty. */
  take(key: string, now: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_TRACKED) this.buckets.delete(this.buckets.keys().next().value!);
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }
}
