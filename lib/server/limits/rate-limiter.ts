import "server-only";

/**
 * A token bucket per client: `perWindow` tokens (a minute's worth unless told), refilled
 * continuously, one spent per request.
 * Buckets that have refilled completely carry no information and are dropped to bound memory.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  take(client: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const refillPerMs = this.perWindow / this.windowMs;
    const bucket = this.buckets.get(client) ?? { tokens: this.perWindow, updatedAt: now };
    bucket.tokens = Math.min(this.perWindow, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
    bucket.updatedAt = now;
    this.buckets.set(client, bucket);
    if (this.buckets.size > 10_000) this.dropFullBuckets(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)) };
  }

  private dropFullBuckets(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * (this.perWindow / this.windowMs) >= this.perWindow) this.buckets.delete(client);
    }
  }
}

const slot = globalThis as typeof globalThis & { __generationLimiters?: Map<number, TokenBucketLimiter> };

/** The process-wide limiter for a given rate (one per configuration, shared by all requests). */
export function generationLimiter(perMinute: number): TokenBucketLimiter {
  slot.__generationLimiters ??= new Map();
  let limiter = slot.__generationLimiters.get(perMinute);
  if (!limiter) {
    limiter = new TokenBucketLimiter(perMinute);
    slot.__generationLimiters.set(perMinute, limiter);
  }
  return limiter;
}

const shareSlot = globalThis as typeof globalThis & { __shareLimiters?: Map<number, TokenBucketLimiter> };

/** The process-wide limiter for shares and share comments: `perHour` per client, an hour's burst. */
export function shareLimiter(perHour: number): TokenBucketLimiter {
  shareSlot.__shareLimiters ??= new Map();
  let limiter = shareSlot.__shareLimiters.get(perHour);
  if (!limiter) {
    limiter = new TokenBucketLimiter(perHour, Date.now, 3_600_000);
    shareSlot.__shareLimiters.set(perHour, limiter);
  }
  return limiter;
}
