import { describe, expect, it } from "vitest";
import { countValues, EMPTY_FILTER, filterRuns, isFiltering, rankChoices } from "./history-filter";
import type { HistoryRun } from "./history-types";

const run = (id: string, prompt: string, model: string, ratio: string, options: Partial<HistoryRun> = {}) =>
  ({ id, request: { prompt, model, aspect_ratio: ratio }, status: "succeeded", starred: false, ...options }) as HistoryRun;

const runs = [
  run("1", "A red fox in snow", "alpha", "16:9"),
  run("2", "a blue whale", "beta", "1:1", { status: "service-error" }),
  run("3", "fox at dusk, red sky", "alpha", "1:1", { starred: true }),
];
const ids = (list: HistoryRun[]) => list.map((item) => item.id);

describe("filterRuns", () => {
  it("finds every word of the search in any order, ignoring case", () => {
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, text: "RED fox" }))).toEqual(["1", "3"]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, text: "whale fox" }))).toEqual([]);
  });

  it("filters by model, ratio, status and star together", () => {
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, model: "alpha", ratio: "1:1" }))).toEqual(["3"]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, status: "service-error" }))).toEqual(["2"]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, starredOnly: true }))).toEqual(["3"]);
  });

  it("keeps only the runs shared from this browser when asked", () => {
    const shared = new Set(["2", "9"]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, sharedOnly: true }, shared))).toEqual(["2"]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, sharedOnly: true, text: "fox" }, shared))).toEqual([]);
    expect(ids(filterRuns(runs, { ...EMPTY_FILTER, sharedOnly: true }))).toEqual([]);
    expect(isFiltering({ ...EMPTY_FILTER, sharedOnly: true })).toBe(true);
  });

  it("hands back the same list when nothing filters", () => {
    expect(filterRuns(runs, EMPTY_FILTER)).toBe(runs);
    expect(isFiltering({ ...EMPTY_FILTER, text: "  " })).toBe(false);
    expect(isFiltering({ ...EMPTY_FILTER, starredOnly: true })).toBe(true);
  });

  it("counts each value in one pass and ranks the choices, most used first", () => {
    const counts = countValues(runs);
    expect(rankChoices(["beta", "alpha", "gone"], counts.models)).toEqual([
      ["alpha", 2],
      ["beta", 1],
      ["gone", 0],
    ]);
    expect(rankChoices(["1:1", "16:9"], null)).toEqual([
      ["1:1", null],
      ["16:9", null],
    ]);
    expect(counts.statuses.get("service-error")).toBe(1);
  });
});

describe("ratings and picks", () => {
  const rated = [
    run("1", "one", "alpha", "1:1", { rating: 2 }),
    run("2", "two", "alpha", "1:1", { rating: 5, picked: true }),
    run("3", "three", "alpha", "1:1"),
    run("4", "four", "alpha", "1:1", { rating: 4 }),
  ];

  it("keeps runs rated at least the chosen stars, and picks only", () => {
    expect(ids(filterRuns(rated, { ...EMPTY_FILTER, minRating: 4 }))).toEqual(["2", "4"]);
    expect(ids(filterRuns(rated, { ...EMPTY_FILTER, minRating: 1 }))).toEqual(["1", "2", "4"]);
    expect(ids(filterRuns(rated, { ...EMPTY_FILTER, pickedOnly: true }))).toEqual(["2"]);
    expect(isFiltering({ ...EMPTY_FILTER, pickedOnly: true })).toBe(true);
    expect(isFiltering({ ...EMPTY_FILTER, order: "rating" })).toBe(false);
  });
});
