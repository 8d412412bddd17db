import { describe, expect, it } from "vitest";
import { chooseEvictions } from "./eviction";

const run = (id: string, createdAt: number, sizeBytes = 10, starred = false) => ({ id, createdAt, sizeBytes, starred });

describe("chooseEvictions", () => {
  it("removes nothing under both caps", () => {
    expect(chooseEvictions([run("a", 1), run("b", 2)], { maxRuns: 2, maxBytes: 20 })).toEqual([]);
  });

  it("removes the oldest unstarred runs until the count fits", () => {
    const runs = [run("new", 5), run("old", 1), run("starred-oldest", 0, 10, true), run("mid", 3)];
    expect(chooseEvictions(runs, { maxRuns: 2, maxBytes: 1e9 })).toEqual(["old", "mid"]);
  });

  it("removes until the bytes fit, never the run just saved", () => {
    const runs = [run("big-new", 9, 100), run("a", 1, 30), run("b", 2, 30), run("c", 3, 30)];
    expect(chooseEvictions(runs, { maxRuns: 100, maxBytes: 120 }, "big-new")).toEqual(["a", "b", "c"]);
  });

  it("stays over the cap rather than touch starred runs", () => {
    const runs = [run("s1", 1, 10, true), run("s2", 2, 10, true), run("n", 3)];
    expect(chooseEvictions(runs, { maxRuns: 1, maxBytes: 1e9 }, "n")).toEqual([]);
  });
});
