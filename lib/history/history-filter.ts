import type { RunSummary, RunStatus } from "./history-types";
import { shareKeyOfGrid } from "./share-files";

/** Search and filters of the history list, over summaries only. Empty strings mean "any". */

export type HistoryFilter = {
  text: string;
  model: string;
  ratio: string;
  status: RunStatus | "";
  starredOnly: boolean;
  /** Only runs this browser has shared as a page. */
  sharedOnly: boolean;
  /** Only runs rated at least this many stars; 0 for any, rated or not. */
  minRating: number;
  pickedOnly: boolean;
  /** "rating": best rated first (unrated last), newest first among equals. */
  order: "newest" | "rating";
};

export const EMPTY_FILTER: HistoryFilter = {
  text: "",
  model: "",
  ratio: "",
  status: "",
  starredOnly: false,
  sharedOnly: false,
  minRating: 0,
  pickedOnly: false,
  order: "newest",
};

type Filterable = Pick<RunSummary, "id" | "request" | "status" | "starred" | "group" | "rating" | "picked">;

const NOTHING_SHARED: ReadonlySet<string> = new Set();

export function isFiltering(filter: HistoryFilter): boolean {
  return (
    filter.text.trim() !== "" ||
    filter.model !== "" ||
    filter.ratio !== "" ||
    filter.status !== "" ||
    filter.starredOnly ||
    filter.sharedOnly ||
    filter.minRating > 0 ||
    filter.pickedOnly
  );
}

// Lower-cased prompts, kept per summary object: a search keystroke over 10,000 runs then costs
// comparisons, not 10,000 new strings.
const lowerPrompts = new WeakMap<object, string>();

function lowerPrompt(run: Filterable): string {
  let lower = lowerPrompts.get(run);
  if (lower === undefined) {
    lower = run.request.prompt.toLowerCase();
    lowerPrompts.set(run, lower);
  }
  return lower;
}

/** `shared`: the keys of what this browser has shared (runs' ids, grids' keys; kept beside history). */
export function filterRuns<T extends Filterable>(runs: readonly T[], filter: HistoryFilter, shared = NOTHING_SHARED): T[] {
  if (!isFiltering(filter)) return runs as T[];
  // Every word of the search must appear in the prompt, in any order, ignoring case.
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return runs.filter((run) => {
    if (filter.model && run.request.model !== filter.model) return false;
    if (filter.ratio && run.request.aspect_ratio !== filter.ratio) return false;
    if (filter.status && run.status !== filter.status) return false;
    if (filter.starredOnly && !run.starred) return false;
    if (filter.minRating > 0 && (run.rating ?? 0) < filter.minRating) return false;
    if (filter.pickedOnly && !run.picked) return false;
    if (filter.sharedOnly && !shared.has(run.id) && !(run.group && shared.has(shareKeyOfGrid(run.group.id)))) return false;
    if (words.length === 0) return true;
    const prompt = lowerPrompt(run);
    return words.every((word) => prompt.includes(word));
  });
}

export type ValueCounts = { models: Map<string, number>; ratios: Map<string, number>; statuses: Map<string, number> };

/** How many runs have each model, ratio and status: one pass over the summaries the page holds. */
export function countValues(runs: readonly Filterable[]): ValueCounts {
  const counts: ValueCounts = { models: new Map(), ratios: new Map(), statuses: new Map() };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const run of runs) {
    add(counts.models, run.request.model);
    add(counts.ratios, run.request.aspect_ratio);
    add(counts.statuses, run.status);
  }
  return counts;
}

/** A filter's values with their counts, most used first; without counts (still loading), as given. */
export function rankChoices<T extends string>(values: readonly T[], counts: Map<string, number> | null): [T, number | null][] {
  if (!counts) return values.map((value) => [value, null]);
  return values
    .map((value): [T, number | null] => [value, counts.get(value) ?? 0])
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]));
}
