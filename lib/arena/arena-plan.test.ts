import { describe, expect, it } from "vitest";
import { planArena } from "./arena-plan";

const limits = { maxCells: 64, promptMaxChars: 1000 };

describe("planArena", () => {
  it("shows every pair of models on every prompt, each pair's sides balanced", () => {
    const result = planArena({ models: "a, b, c, d", prompts: "a {red|blue} fox\na whale\na tree", ratio: "16:9" }, limits, 7);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { matches, prompts } = result.plan;
    expect(prompts).toEqual(["a red fox", "a blue fox", "a whale", "a tree"]);
    expect(matches).toHaveLength(6 * 4);
    expect(matches.map((match) => match.index)).toEqual(matches.map((_, index) => index));
    const pairs = new Map<string, { shown: Set<string>; firstLeft: number }>();
    for (const match of matches) {
      const [first, second] = [match.left, match.right].sort();
      const key = `${first}|${second}`;
      const entry = pairs.get(key) ?? { shown: new Set(), firstLeft: 0 };
      entry.shown.add(match.prompt);
      if (match.left === first) entry.firstLeft += 1;
      pairs.set(key, entry);
    }
    expect([...pairs.keys()].sort()).toEqual(["a|b", "a|c", "a|d", "b|c", "b|d", "c|d"]);
    for (const entry of pairs.values()) {
      expect(entry.shown.size).toBe(4);
      expect(entry.firstLeft).toBe(2);
    }
  });

  it("balances an odd number of prompts within one, and the same seed gives the same arena", () => {
    const spec = { models: "x, y", prompts: "one\ntwo\nthree", ratio: "1:1" };
    const first = planArena(spec, limits, 42);
    const again = planArena(spec, limits, 42);
    expect(first).toEqual(again);
    if (!first.ok) throw new Error("planned");
    const xLeft = first.plan.matches.filter((match) => match.left === "x").length;
    expect([1, 2]).toContain(xLeft);
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(planArena(spec, limits, seed))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("says what is wrong with each field, and refuses an arena larger than a grid", () => {
    const result = planArena({ models: "only-one", prompts: " ", ratio: "16x9" }, limits, 1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.models).toMatch(/2 to 4 different models/);
    expect(result.errors.prompts).toMatch(/at least one prompt/);
    expect(result.errors.ratio).toBeTruthy();
    const big = planArena({ models: "a, b, c, d", prompts: "{1|2|3|4|5|6}", ratio: "1:1" }, limits, 1);
    expect(big.ok ? null : big.errors.size).toBe("That makes 36 pairs (72 requests); an arena can make at most 64 requests, as a grid.");
    expect(planArena({ models: "a, b, c, d, e", prompts: "p", ratio: "1:1" }, limits, 1).ok).toBe(false);
  });
});
