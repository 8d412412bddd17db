import { describe, expect, it } from "vitest";
import { readBatchRows } from "@/lib/batches/batch-rows";
import { gridBatchName, gridBatchRows } from "./grid-batch";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import { planGrid, type GridPlan } from "./grid-plan";

const extraFields: ExtraFieldsSetting = { mode: "list", names: ["seed"] };

function plan(prompts: string, field?: { field: string; fieldValues: string }): GridPlan {
  const planned = planGrid(
    { prompts, models: "m-1, m-2", ratios: "1:1, 16:9", ...field },
    { maxCells: 64, promptMaxChars: 4000, extraFields },
  );
  if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
  return planned.plan;
}

describe("a grid as a batch", () => {
  it("makes one row per cell that the server's batch reader takes as it is, the swept field included", () => {
    const grid = plan("a {red|blue} fox", { field: "seed", fieldValues: "1, 2" });
    const rows = gridBatchRows(grid);
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual({ prompt: "a red fox", model: "m-1", aspect_ratio: "1:1", seed: 1 });
    const read = readBatchRows({ kind: "rows", rows }, { promptMaxChars: 4000, extraFields, maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => row.request)).toEqual(
      grid.cells.map((cell) => ({ prompt: cell.prompt, model: cell.model, aspect_ratio: cell.aspect_ratio, extra: cell.extra })),
    );
  });

  it("is named by its first prompt, and the name fits a collection's", () => {
    expect(gridBatchName(plan("a lighthouse at dawn"))).toBe("Grid: a lighthouse at dawn");
    expect(gridBatchName(plan("a {red|blue} fox\nan owl"))).toBe("Grid: a red fox +2 prompts");
    const long = gridBatchName(plan(`${"word ".repeat(40)}\nan owl`));
    expect(long).toHaveLength(80);
    expect(long).toMatch(/^Grid: word word .*… \+1 prompt$/);
  });
});
