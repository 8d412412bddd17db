import { describe, expect, it } from "vitest";
import { TokenBucketLimiter } from "./rate-limiter";

describe("TokenBucketLimiter", () => {
  it("allows a burst of the per-minute count, then asks to wait for the next token", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(30, () => now);
    for (let i = 0; i < 30; i++) expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 2 });
    now += 2000;
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a").ok).toBe(false);
  });

  it("keeps clients apart", () => {
    const limiter = new TokenBucketLimiter(1, () => 0);
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take("b").ok).toBe(true);
  });

  it("refills up to the burst size only", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(2, () => now);
    now += 10 * 60_000;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
  });

  it("counts over a longer window when told (shares per hour)", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(60, () => now, 3_600_000);
    for (let i = 0; i < 60; i++) expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    now += 60_000;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
  });
});
