"use client";

import { useCallback, useMemo, useRef } from "react";
import { fetchRun, sendVerdict } from "@/lib/browser/library/library-client";
import { restoreOutcome } from "@/lib/history/restore-run";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import { applyVerdict, type VerdictChange } from "@/lib/history/verdict";
import type { CollectionEntry } from "@/lib/library/collection-types";
import { smallPictureOf } from "@/lib/library/library-types";
import type { ReviewDialogProps } from "@/components/review/review-dialog";
import { entryKey } from "./collection-entries";

type FileUrl = (file: { hash: string; name: string }) => string;

/** A collection entry as review mode lists it (named by its key: two people's runs may share an id). */
function summaryOf(entry: CollectionEntry): RunSummary | null {
  if (!entry.record) return null;
  // The list's fields only, as history's own summaries hold them (the answer and file names left out).
  const summary: Record<string, unknown> = {
    ...entry.record,
    id: entryKey(entry),
    sizeBytes: 0,
    hasThumbnail: smallPictureOf(entry) !== null,
  };
  delete summary.outcome;
  delete summary.thumbnailFile;
  return summary as RunSummary;
}

/**
 * Review mode over a collection's runs: each run read whole through the collection (and kept for
 * the review's length), its small picture for the strip, and verdicts: one's own runs are rated
 * here and the rating goes to one's library (so to one's history on every device); another
 * person's run shows its rating, given in its author's own history.
 */
export function useCollectionReview(
  entries: readonly CollectionEntry[],
  viewerId: string,
  fileUrl: FileUrl,
  onJudged: (key: string, record: NonNullable<CollectionEntry["record"]>) => void,
): Omit<ReviewDialogProps, "title" | "onClose"> {
  const byKey = useMemo(() => new Map(entries.map((entry) => [entryKey(entry), entry])), [entries]);
  const runs = useRef(new Map<string, Promise<HistoryRun | null>>());

  const summaries = useMemo(() => {
    const map = new Map<string, RunSummary>();
    for (const entry of entries) {
      const summary = summaryOf(entry);
      if (summary) map.set(summary.id, summary);
    }
    return map;
  }, [entries]);

  const loadRuns = useCallback(
    async (keys: readonly string[]) => {
      const loaded = await Promise.all(
        keys.map((key) => {
          let pending = runs.current.get(key);
          if (!pending) {
            const entry = byKey.get(key);
            pending = entry ? fetchRun(entry, fileUrl).then((run) => (run.ok ? run.value : null)) : Promise.resolve(null);
            runs.current.set(key, pending);
          }
          return pending;
        }),
      );
      return loaded.filter((run): run is HistoryRun => run !== null);
    },
    [byKey, fileUrl],
  );

  const loadThumbnail = useCallback(
    async (key: string) => {
      const entry = byKey.get(key);
      const picture = entry ? smallPictureOf(entry) : null;
      if (!picture) return null;
      const response = await fetch(fileUrl(picture)).catch(() => null);
      return response?.ok ? response.blob() : null;
    },
    [byKey, fileUrl],
  );

  const onVerdict = useCallback(
    (key: string, change: VerdictChange) => {
      const entry = byKey.get(key);
      if (!entry?.record || entry.author !== viewerId) return;
      const record = applyVerdict(entry.record, change);
      onJudged(key, record);
      const verdict = {
        starred: record.starred,
        ...(record.rating ? { rating: record.rating } : {}),
        ...(record.picked ? { picked: true } : {}),
        ...(record.note ? { note: record.note } : {}),
      };
      void sendVerdict(entry.id, verdict, Date.now());
    },
    [byKey, viewerId, onJudged],
  );

  const judgedElsewhere = useCallback(
    (key: string) => {
      const entry = byKey.get(key);
      return entry && entry.author !== viewerId ? `${entry.authorName}'s run: rated in their own history` : null;
    },
    [byKey, viewerId],
  );

  return {
    ids: useMemo(() => entries.filter((entry) => entry.record?.status === "succeeded").map(entryKey), [entries]),
    summaries,
    loadRuns,
    restore: restoreOutcome,
    loadThumbnail,
    onVerdict,
    judgedElsewhere,
  };
}
