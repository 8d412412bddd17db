import { describe, expect, it } from "vitest";
import { groupHistory } from "./history-groups";
import type { HistoryRun } from "./history-types";

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
