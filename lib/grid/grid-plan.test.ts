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
    expect(result.plan.axes).toEqual({ prompt: ["a red fox", "a blue fox", "a whale"], model: ["m1", "m2"], ratio: ["1:1", "16:9"] });
    expect(result.plan.cells).toHaveLength(12);
    expect(result.plan.cells[5]).toEqual({
      index: 5,
      prompt: "a blue fox",
      model: "m1",
      aspect_ratio: "16:9",
      key: { prompt: 1, model: 0, ratio: 1 },
    });
  });

  it("names every field to fix, and refuses grids over the maximum", () => {
    const empty = planGrid({ prompts: " ", models: "", ratios: "4:x" }, limits);
    expect(empty.ok === false && Object.keys(empty.errors).sort()).toEqual(["models", "prompts", "ratios"]);
    const large = planGrid({ prompts: "{a|b|c|d|e|f|g|h|i}", models: "m1,m2,m3", ratios: "1:1,4:3,16:9" }, limits);
    expect(large).toEqual({ ok: false, count: 81, errors: { size: "That makes 81 requests; a grid can have at most 64." } });
  });
});

describe("layoutGrid", () => {
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
