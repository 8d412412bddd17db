import { describe, expect, it } from "vitest";
import { bestRatedFirst, groupHistory } from "./history-groups";
import type { HistoryRun } from "./history-types";
import type { Rating } from "./verdict";

const spec = { prompts: "p", models: "m", ratios: "1:1" };
const run = (id: string, createdAt: number, group?: { id: string; cellIndex: number }) =>
  ({ id, createdAt, ...(group ? { group: { ...group, cellCount: 3, rowAxis: "prompt", spec } } : {}) }) as HistoryRun;

describe("groupHistory", () => {
  it("gathers a grid's runs into one entry where its newest run is, keeping the latest run per cell", () => {
    const runs = [
      run("single-new", 9),
      run("g-cell1-rerun", 8, { id: "g", cellIndex: 1 }),
      run("single-mid", 7),
      run("g-cell0", 6, { id: "g", cellIndex: 0 }),
      run("g-cell1", 5, { id: "g", cellIndex: 1 }),
      run("single-old", 1),
    ];
    const entries = groupHistory(runs);
    expect(entries.map((entry) => (entry.kind === "run" ? entry.run.id : `grid:${entry.cells.map((cell) => cell.id).join(",")}`))).toEqual([
      "single-new",
      "grid:g-cell0,g-cell1-rerun",
      "single-mid",
      "single-old",
    ]);
    const grid = entries[1];
    expect(grid?.kind === "grid" && grid.all.map((cell) => cell.id)).toEqual(["g-cell1-rerun", "g-cell0", "g-cell1"]);
  });
});

describe("bestRatedFirst", () => {
  it("puts the best-rated entries first (a grid by its best cell), unrated last, equals newest first", () => {
    const group = (cellIndex: number) => ({ id: "g", cellIndex }) as never;
    const runs: { id: string; group?: never; rating?: Rating }[] = [
      { id: "new", rating: 3 },
      { id: "g0", group: group(0), rating: 2 },
      { id: "g1", group: group(1), rating: 5 },
      { id: "unrated" },
      { id: "old", rating: 3 },
    ];
    const order = bestRatedFirst(groupHistory(runs)).map((entry) => (entry.kind === "grid" ? `grid:${entry.id}` : entry.run.id));
    expect(order).toEqual(["grid:g", "new", "old", "unrated"]);
  });
});
