import { describe, expect, it } from "vitest";
import { KeyedRequests, LatestRequest, RequestGroup } from "./latest-request";

describe("LatestRequest", () => {
  it("aborts the request before when a new one starts, and only the newest is current", () => {
    const latest = new LatestRequest();
    const first = latest.start();
    expect(latest.isCurrent(first)).toBe(true);
    const second = latest.start();
    expect(first.aborted).toBe(true);
    expect(latest.isCurrent(first)).toBe(false);
    expect(latest.isCurrent(second)).toBe(true);
  });

  it("cancels the one under way (its cancelled answer is still the newest's); after a reset nothing is current", () => {
    const latest = new LatestRequest();
    const signal = latest.start();
    latest.cancel();
    expect(signal.aborted).toBe(true);
    expect(latest.isCurrent(signal)).toBe(true);
    const next = latest.start();
    latest.reset();
    expect(next.aborted).toBe(true);
    expect(latest.isCurrent(next)).toBe(false);
  });
});

describe("RequestGroup", () => {
  it("stops every request under way at once, but not those that ended", () => {
    const group = new RequestGroup();
    const a = group.start();
    const b = group.start();
    b.done();
    group.abortAll();
    expect(a.signal.aborted).toBe(true);
    expect(b.signal.aborted).toBe(false);
  });
});

describe("KeyedRequests", () => {
  it("keeps one request per key, frees a key when its request ends, and aborts all but the kept keys", () => {
    const keyed = new KeyedRequests();
    const a1 = keyed.start("a");
    const a2 = keyed.start("a");
    expect(a1.aborted).toBe(true);
    keyed.done("a", a1);
    expect(keyed.has("a")).toBe(true);
    keyed.done("a", a2);
    expect(keyed.has("a")).toBe(false);
    const b = keyed.start("b");
    const c = keyed.start("c");
    keyed.keepOnly(new Set(["c"]));
    expect([b.aborted, c.aborted]).toEqual([true, false]);
    keyed.abortAll();
    expect(c.aborted).toBe(true);
    expect(keyed.has("c")).toBe(false);
  });
});
