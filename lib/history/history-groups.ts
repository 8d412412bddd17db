import type { RunSummary } from "./history-types";

/**
 * The history list with each grid's runs gathered into one entry, placed where its newest run
 * would be. A grid keeps the latest run of each cell (a cell run again replaces the older one).
 */

type Groupable = Pick<RunSummary, "id" | "group">;

export type HistoryEntry<T extends Groupable = RunSummary> = { kind: "run"; run: T } | { kind: "grid"; id: string; cells: T[]; all: T[] };

/** `runs` newest first, as the store lists them. */
export function groupHistory<T extends Groupable>(runs: readonly T[]): HistoryEntry<T>[] {
  const entries: HistoryEntry<T>[] = [];
  const grids = new Map<string, Extract<HistoryEntry<T>, { kind: "grid" }>>();
  for (const run of runs) {
    if (!run.group) {
      entries.push({ kind: "run", run });
      continue;
    }
    let grid = grids.get(run.group.id);
    if (!grid) {
      grid = { kind: "grid", id: run.group.id, cells: [], all: [] };
      grids.set(run.group.id, grid);
      entries.push(grid);
    }
    grid.all.push(run);
    const cellIndex = run.group.cellIndex;
    if (!grid.cells.some((cell) => cell.group?.cellIndex === cellIndex)) grid.cells.push(run);
  }
  for (const grid of grids.values()) grid.cells.sort((a, b) => (a.group?.cellIndex ?? 0) - (b.group?.cellIndex ?? 0));
  return entries;
}

/** An entry's rating for sorting: a run's own, a grid's best cell's; 0 when nothing is rated. */
export function entryRating<T extends Groupable & Pick<RunSummary, "rating">>(entry: HistoryEntry<T>): number {
  if (entry.kind === "run") return entry.run.rating ?? 0;
  return entry.cells.reduce((best, cell) => Math.max(best, cell.rating ?? 0), 0);
}

/** Best rated first, unrated last; the sort is stable, so equals stay newest first. */
export function bestRatedFirst<T extends Groupable & Pick<RunSummary, "rating">>(entries: readonly HistoryEntry<T>[]): HistoryEntry<T>[] {
  return entries
    .map((entry) => ({ entry, rating: entryRating(entry) }))
    .sort((a, b) => b.rating - a.rating)
    .map(({ entry }) => entry);
}
