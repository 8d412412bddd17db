import { describe, expect, it, vi } from "vitest";
import { batchReads } from "./batch-reads";

describe("batchReads", () => {
  it("reads keys asked for in the same moment together, once each, and answers null for missing ones", async () => {
    const readMany = vi.fn(async (keys: string[]) => new Map(keys.filter((key) => key !== "gone").map((key) => [key, key.toUpperCase()])));
    const read = batchReads(readMany);
    const answers = await Promise.all([read("a"), read("b"), read("a"), read("gone")]);
    expect(answers).toEqual(["A", "B", "A", null]);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(readMany).toHaveBeenCalledWith(["a", "b", "gone"]);
    expect(await read("c")).toBe("C");
    expect(readMany).toHaveBeenCalledTimes(2);
  });

  it("answers null when the read fails, instead of leaving callers waiting", async () => {
    const read = batchReads<string>(() => Promise.reject(new Error("storage gone")));
    expect(await Promise.all([read("a"), read("b")])).toEqual([null, null]);
  });
});
