/** The state of one key's bucket. */
interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** The answer for one request: allowed or not, and the figures the rate-limit headers carry. */
export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until one more token is available (0 when one is). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

/**
 * Token buckets per key: `ratePerSecond` tokens a second, up to `capacity`. A bucket that has refilled is
 * the same as no bucket, so idle keys are dropped (at most one sweep a second): memory is bounded by the
 * keys active in the last `capacity / ratePerSecond` seconds.
 * NOTE: hand-written: hono-rate-limiter and rate-limiter-flexible's RateLimiterMemory count fixed or
 * sliding windows (a burst of 2x the rate would need two combined limiters and still not refill
 * continuously); a token bucket is the rule the settings state, in a few lines.
 * @example new TokenBuckets(10, 20).take('org_a', Date.now()).allowed // true
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  #sweptMs = 0;

  constructor(
    readonly ratePerSecond: number,
    readonly capacity: number,
  ) {}

  /** Takes one token from `key`'s bucket at time `nowMs`. */
  take(key: string, nowMs: number): TakeResult {
    this.#sweep(nowMs);
    const bucket = this.#refilled(this.#buckets.get(key), nowMs);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    const missing = this.capacity - bucket.tokens;
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      retryAfterSeconds: bucket.tokens >= 1 ? 0 : (1 - bucket.tokens) / this.ratePerSecond,
      resetSeconds: missing / this.ratePerSecond,
    };
  }

  /** How many keys are held (for tests of the eviction). */
  get size(): number {
    return this.#buckets.size;
  }

  #refilled(bucket: Bucket | undefined, nowMs: number): Bucket {
    if (bucket === undefined) return { tokens: this.capacity, updatedMs: nowMs };
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    return { tokens: Math.min(this.capacity, bucket.tokens + elapsed * this.ratePerSecond), updatedMs: nowMs };
  }

  #sweep(nowMs: number): void {
    if (nowMs - this.#sweptMs < 1000) return;
    this.#sweptMs = nowMs;
    for (const [key, bucket] of this.#buckets) {
      if (this.#refilled(bucket, nowMs).tokens >= this.capacity) this.#buckets.delete(key);
    }
  }
}
