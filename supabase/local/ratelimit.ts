/**
 * In-memory token buckets, one per key, like the tollbooth limiters GoTrue puts in front of its
 * endpoints: a key may burst `max` requests, and its allowance refills at `max` per window.
 */
export type RateLimitOptions = {
  /** Requests one key may make per window (and at once); 0 or less = unlimited. */
  max: number;
  windowMs: number;
  /** The clock, injectable so tests need not wait for a window to pass. */
  now?: () => number;
  /** Keys kept at most; past this the least recently used is forgotten, so memory stays bounded. */
  maxKeys?: number;
};

export type RateLimiter = {
  /** Milliseconds until `key` may make one more request; 0 when it may now. Changes nothing. */
  wait(key: string): number;
  /** Spends one request of `key`; call it only after `wait` returned 0. */
  take(key: string): void;
  /** Gives back one request `take` spent (a sign-in that turned out right); never above `max`. */
  give(key: string): void;
  /** How many keys are remembered (for tests). */
  readonly size: number;
};

type Bucket = { tokens: number; updated: number };

const DEFAULT_MAX_KEYS = 100_000;

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const max = options.max;
  const windowMs = Math.max(1, options.windowMs);
  const now = options.now ?? Date.now;
  const maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  const perMs = max / windowMs;
  // Map order is the order of last use (take re-inserts), so the stalest buckets come first.
  const buckets = new Map<string, Bucket>();

  const level = (bucket: Bucket, t: number) =>
    Math.min(max, bucket.tokens + Math.max(0, t - bucket.updated) * perMs);

  /** A bucket untouched for a whole window is full again, the same as no bucket: forget it. */
  function prune(t: number): void {
    for (const [key, bucket] of buckets) {
      if (t - bucket.updated < windowMs && buckets.size < maxKeys) break;
      buckets.delete(key);
    }
  }

  return {
    wait(key) {
      if (max <= 0) return 0;
      const bucket = buckets.get(key);
      if (!bucket) return 0;
      const tokens = level(bucket, now());
      // The epsilon keeps floating-point dust from adding a millisecond.
      return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs - 1e-6));
    },
    take(key) {
      if (max <= 0) return;
      const t = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : max;
      buckets.delete(key);
      prune(t);
      buckets.set(key, { tokens: Math.max(0, tokens - 1), updated: t });
    },
    give(key) {
      const bucket = buckets.get(key);
      if (max <= 0 || !bucket) return;
      const t = now();
      bucket.tokens = Math.min(max, level(bucket, t) + 1);
      bucket.updated = t;
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * Spends one request from every (limiter, key) pair, or from none when any is exhausted, so a
 * refused request leaves every count as it was. Returns the milliseconds to wait (0 = allowed).
 */
export function takeAll(hits: ReadonlyArray<readonly [RateLimiter, string]>): number {
  let wait = 0;
  for (const [limiter, key] of hits) wait = Math.max(wait, limiter.wait(key));
  if (wait > 0) return wait;
  for (const [limiter, key] of hits) limiter.take(key);
  return 0;
}
