import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("timeAgo", () => {
  it("says how long ago in the largest sensible unit", () => {
    expect(timeAgo(now - 10_000, now)).toBe("just now");
    expect(timeAgo(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe("3 h ago");
    expect(timeAgo(now - 26 * 3_600_000, now)).toBe("yesterday");
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe("3 days ago");
    expect(timeAgo(now - 30 * 86_400_000, now)).toMatch(/2026/);
  });

  it("never says a negative time for a clock that moved back", () => {
    expect(timeAgo(now + 60_000, now)).toBe("just now");
  });
});
