import { describe, expect, it } from "vitest";
import { expandAlternations } from "./expand-prompt";
import { layoutGrid } from "./grid-layout";
import { planGrid } from "./grid-plan";

const limits = { maxCells: 64, promptMaxChars: 4000 };

describe("expandAlternations", () => {
  it("expands every {a|b} group, in reading order", () => {
    expect(expandAlternations("a {red|blue} fox {sleeping|running}", 100)).toEqual([
      "a red fox sleeping",
      "a red fox running",
      "a blue fox sleeping",
      "a blue fox running",
    ]);
  });

  it("keeps braces without a choice and empty choices", () => {
    expect(expandAlternations("json {like this} {|very }big", 100)).toEqual(["json {like this} big", "json {like this} very big"]);
  });

  it("stops at the limit instead of building every combination", () => {
    expect(expandAlternations("{a|b}{c|d}{e|f}{g|h}{i|j}{k|l}{m|n}{o|p}{q|r}{s|t}{u|v}{w|x}", 10)).toHaveLength(10);
  });
});

describe("planGrid", () => {
  it("makes one cell per prompt × model × ratio, with lines and alternations as prompts", () => {
    const result = planGrid({ prompts: "a {red|blue} fox\n\n a whale ", models: "m1, m2\nm1", ratios: "1:1, 16 : 9" }, limits);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    // Without a swept field, the field axis is one empty value: it adds no cells and no column.
    expect(result.plan.axes).toEqual({
      prompt: ["a red fox", "a blue fox", "a whale"],
      model: ["m1", "m2"],
      ratio: ["1:1", "16:9"],
      field: [""],
    });
    expect(result.plan.field).toBe("");
    expect(result.plan.cells).toHaveLength(12);
    expect(result.plan.cells[5]).toEqual({
      index: 5,
      prompt: "a blue fox",
      model: "m1",
      aspect_ratio: "16:9",
      key: { prompt: 1, model: 0, ratio: 1, field: 0 },
    });
  });

  it("sweeps one extra field as a fourth axis, its values typed as JSON", () => {
    const spec = { prompts: "a fox", models: "m1, m2", ratios: "1:1", field: "seed", fieldValues: "1, 2, 3" };
    const result = planGrid(spec, { ...limits, extraFields: { mode: "list", names: ["seed", "quality"] } });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.field).toBe("seed");
    expect(result.plan.cells).toHaveLength(6);
    expect(result.plan.cells.map((cell) => [cell.model, cell.extra])).toEqual([
      ["m1", { seed: 1 }],
      ["m1", { seed: 2 }],
      ["m1", { seed: 3 }],
      ["m2", { seed: 1 }],
      ["m2", { seed: 2 }],
      ["m2", { seed: 3 }],
    ]);
    const words = planGrid({ ...spec, field: "quality", fieldValues: "low, high" }, { ...limits, extraFields: { mode: "any" } });
    expect(words.ok && words.plan.cells.map((cell) => cell.extra)).toEqual([
      { quality: "low" },
      { quality: "high" },
      { quality: "low" },
      { quality: "high" },
    ]);
  });

  it("holds the swept field to the extra-field rules and counts it in the grid's size", () => {
    const spec = { prompts: "a fox", models: "m1", ratios: "1:1", field: "style", fieldValues: "a, b" };
    const refused = planGrid(spec, { ...limits, extraFields: { mode: "list", names: ["seed"] } });
    expect(refused.ok === false && refused.errors.field).toBe('"style" is not allowed here. Allowed extra fields: seed.');
    expect(planGrid(spec, limits).ok).toBe(false);
    const own = planGrid({ ...spec, field: "model" }, { ...limits, extraFields: { mode: "any" } });
    expect(own.ok === false && own.errors.field).toMatch(/cannot set model/);
    const empty = planGrid({ ...spec, fieldValues: " " }, { ...limits, extraFields: { mode: "any" } });
    expect(empty.ok === false && empty.errors.fieldValues).toBe("Enter the values of style, separated by commas, e.g. 1, 2, 3.");
    const large = planGrid(
      { ...spec, models: "m1,m2,m3,m4", ratios: "1:1,4:3,16:9,9:16", fieldValues: "1,2,3,4,5" },
      { ...limits, extraFields: { mode: "any" } },
    );
    expect(large).toEqual({ ok: false, count: 80, errors: { size: "That makes 80 requests; a grid can have at most 64." } });
  });

  it("names every field to fix, and refuses grids over the maximum", () => {
    const empty = planGrid({ prompts: " ", models: "", ratios: "4:x" }, limits);
    expect(empty.ok === false && Object.keys(empty.errors).sort()).toEqual(["models", "prompts", "ratios"]);
    const large = planGrid({ prompts: "{a|b|c|d|e|f|g|h|i}", models: "m1,m2,m3", ratios: "1:1,4:3,16:9" }, limits);
    expect(large).toEqual({ ok: false, count: 81, errors: { size: "That makes 81 requests; a grid can have at most 64." } });
  });
});

describe("layoutGrid", () => {
  it("lays out four axes: any one down the rows, the other three across", () => {
    const result = planGrid(
      { prompts: "p1", models: "m1,m2", ratios: "1:1", field: "seed", fieldValues: "7, 8" },
      { ...limits, extraFields: { mode: "any" } },
    );
    if (!result.ok) throw new Error("plan failed");
    const bySeed = layoutGrid(result.plan, "field");
    expect(bySeed.rowLabels).toEqual(["7", "8"]);
    expect(bySeed.columnAxes).toEqual(["prompt", "model", "ratio"]);
    expect(bySeed.columnLabels).toEqual([
      ["p1", "m1", "1:1"],
      ["p1", "m2", "1:1"],
    ]);
    expect(bySeed.rows.map((row) => row.map((cell) => cell.extra))).toEqual([
      [{ seed: 7 }, { seed: 7 }],
      [{ seed: 8 }, { seed: 8 }],
    ]);
    const byModel = layoutGrid(result.plan, "model");
    expect(byModel.columnAxes).toEqual(["prompt", "ratio", "field"]);
    expect(byModel.rows.flat()).toHaveLength(4);
  });

  it("puts the chosen axis down the rows and the other two across, keeping every cell once", () => {
    const result = planGrid({ prompts: "p1\np2", models: "m1,m2", ratios: "1:1,16:9" }, limits);
    if (!result.ok) throw new Error("plan failed");
    const table = layoutGrid(result.plan, "model");
    expect(table.rowLabels).toEqual(["m1", "m2"]);
    expect(table.columnAxes).toEqual(["prompt", "ratio"]);
    expect(table.columnLabels).toEqual([
      ["p1", "1:1"],
      ["p1", "16:9"],
      ["p2", "1:1"],
      ["p2", "16:9"],
    ]);
    expect(table.rows[1]?.map((cell) => [cell.model, cell.prompt, cell.aspect_ratio])).toEqual([
      ["m2", "p1", "1:1"],
      ["m2", "p1", "16:9"],
      ["m2", "p2", "1:1"],
      ["m2", "p2", "16:9"],
    ]);
    expect(
      table.rows
        .flat()
        .map((cell) => cell.index)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
