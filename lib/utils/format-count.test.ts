import { describe, expect, it } from "vitest";
import { countOf, formatCount } from "./format-count";

describe("formatCount", () => {
  it("writes what toLocaleString('en') writes for whole numbers", () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 16_777_216, 9_007_199_254_740_991, -4_096])
      expect(formatCount(value)).toBe(value.toLocaleString("en"));
  });

  it("rounds fractions, as durations measured with performance.now() have them", () => {
    expect(formatCount(1234.6)).toBe("1,235");
    expect(formatCount(0.4)).toBe("0");
  });
});

describe("countOf", () => {
  it("names one thing in the singular and any other count in the plural, with separators", () => {
    expect(countOf(1, "run")).toBe("1 run");
    expect(countOf(0, "run")).toBe("0 runs");
    expect(countOf(1204, "saved run")).toBe("1,204 saved runs");
  });
});
