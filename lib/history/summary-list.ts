import type { RunSummary } from "./history-types";

/**
 * The page's in-memory list of summaries, newest first, changed by what one tab did or heard from
 * another: merged, never read again whole from storage.
 */

type Listed = Pick<RunSummary, "id" | "createdAt">;

/** Newest first; runs made in the same millisecond by id, the way the store's time index orders them. */
export function newerFirst(a: Listed, b: Listed): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** `list` with `incoming` put in place (replacing runs with the same id), still newest first. */
export function mergeSummaries<T extends Listed>(list: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return list as T[];
  const replaced = new Set(incoming.map((run) => run.id));
  const kept = list.filter((run) => !replaced.has(run.id));
  const sorted = [...incoming].sort(newerFirst);
  const first = kept[0];
  const last = kept.at(-1);
  const oldestIncoming = sorted.at(-1) as T;
  const newestIncoming = sorted[0] as T;
  // The usual cases cost one pass: a new run on top, an older page at the bottom.
  if (!first || newerFirst(oldestIncoming, first) < 0) return [...sorted, ...kept];
  if (last && newerFirst(last, newestIncoming) < 0) return [...kept, ...sorted];
  return [...kept, ...sorted].sort(newerFirst);
}

export function withoutRuns<T extends Listed>(list: readonly T[], ids: readonly string[]): T[] {
  const removed = new Set(ids);
  return list.filter((run) => !removed.has(run.id));
}
