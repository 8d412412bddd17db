import type { HistoryCaps } from "./history-types";

type EvictionCandidate = { id: string; createdAt: number; starred: boolean; sizeBytes: number };

/**
 * Which runs to remove so that history fits its caps: the oldest unstarred first. Starred runs
 * and the run just saved (`keepId`) are never removed, even if that leaves history over a cap.
 */
export function chooseEvictions(runs: readonly EvictionCandidate[], caps: HistoryCaps, keepId?: string): string[] {
  let count = runs.length;
  let bytes = runs.reduce((total, run) => total + run.sizeBytes, 0);
  const oldestFirst = runs.filter((run) => !run.starred && run.id !== keepId).sort((a, b) => a.createdAt - b.createdAt);
  const evicted: string[] = [];
  for (const run of oldestFirst) {
    if (count <= caps.maxRuns && bytes <= caps.maxBytes) break;
    evicted.push(run.id);
    count -= 1;
    bytes -= run.sizeBytes;
  }
  return evicted;
}
