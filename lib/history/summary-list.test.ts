import { describe, expect, it } from "vitest";
import { mergeSummaries, withoutRuns } from "./summary-list";

const run = (id: string, createdAt: number) => ({ id, createdAt });
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("mergeSummaries", () => {
  const list = [run("c", 30), run("b", 20), run("a", 10)];

  it("puts a new run on top and an older page at the bottom", () => {
    expect(ids(mergeSummaries(list, [run("d", 40)]))).toEqual(["d", "c", "b", "a"]);
    expect(ids(mergeSummaries(list, [run("z", 1), run("y", 5)]))).toEqual(["c", "b", "a", "y", "z"]);
  });

  it("places runs from the middle (an import, another tab) in order and replaces runs with the same id", () => {
    expect(ids(mergeSummaries(list, [run("m", 15), run("b", 20)]))).toEqual(["c", "b", "m", "a"]);
    const starred = { ...run("b", 20), starred: true };
    expect(mergeSummaries<{ id: string; createdAt: number; starred?: boolean }>(list, [starred])[1]).toBe(starred);
  });

  it("orders runs of the same millisecond by id, newest id first, like the store's index", () => {
    expect(ids(mergeSummaries([run("b", 5)], [run("a", 5), run("c", 5)]))).toEqual(["c", "b", "a"]);
  });

  it("leaves the list as it is when nothing comes in, and removes by id", () => {
    expect(mergeSummaries(list, [])).toBe(list);
    expect(ids(withoutRuns(list, ["b", "x"]))).toEqual(["c", "a"]);
  });
});
