import type { HistoryRun, RunStatus } from "./history-types";

/** Search and filters of the history list. Empty strings mean "any". */

export type HistoryFilter = { text: string; model: string; ratio: string; status: RunStatus | ""; starredOnly: boolean };

export const EMPTY_FILTER: HistoryFilter = { text: "", model: "", ratio: "", status: "", starredOnly: false };

export function filterRuns(runs: readonly HistoryRun[], filter: HistoryFilter): HistoryRun[] {
  // Every word of the search must appear in the prompt, in any order, ignoring case.
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return runs.filter((run) => {
    if (filter.model && run.request.model !== filter.model) return false;
    if (filter.ratio && run.request.aspect_ratio !== filter.ratio) return false;
    if (filter.status && run.status !== filter.status) return false;
    if (filter.starredOnly && !run.starred) return false;
    const prompt = run.request.prompt.toLowerCase();
    return words.every((word) => prompt.includes(word));
  });
}

/** The distinct values a filter can choose from, most used first. */
export function filterChoices(runs: readonly HistoryRun[], pick: (run: HistoryRun) => string): string[] {
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(pick(run), (counts.get(pick(run)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
}
