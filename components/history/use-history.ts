"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import type { HistoryCaps } from "@/lib/history/history-types";
import { CLOSED_HISTORY, PageHistory, type HistorySnapshot } from "@/lib/browser/history/page-history";
import { lazyModule } from "@/components/ui/lazy-module";
import { afterNextPaint } from "@/lib/browser/when-idle";

export type { HistoryNotice, HistorySnapshot } from "@/lib/browser/history/page-history";

/** What the page does with history: its actions and caps. Its state is read with useHistoryState. */
export type HistoryApi = PageHistory;

/** Opening and listing history: fetched after the page is interactive and painted. */
const historyEngine = lazyModule(() => import("@/lib/browser/history/history-engine"));
/** Recording and restoring runs (the answer-reading code): fetched on the first save or open. */
const historyRecording = lazyModule(() => import("@/lib/browser/history/history-recording"));

/**
 * The page's history (lib/browser/history/page-history), opened once the page has painted and
 * closed when the page goes. Stable for the page's lifetime: its actions can be handed to any
 * component without re-rendering it.
 */
export function useHistory(caps: HistoryCaps, author: string | null): HistoryApi {
  const [history] = useState(
    () =>
      new PageHistory({
        caps,
        author,
        loadEngine: () => historyEngine.load(),
        loadRecording: () => historyRecording.load(),
        indexedDB: () => (typeof indexedDB === "undefined" ? undefined : indexedDB),
        whenStarted: afterNextPaint,
      }),
  );
  useEffect(() => {
    history.start();
    return () => history.stop();
  }, [history]);
  return history;
}

/**
 * A slice of history's state; the component renders again only when that slice changes. The
 * selector must return a part of the snapshot (or a primitive), not a new object each time.
 */
export function useHistoryState<Slice>(history: HistoryApi, select: (snapshot: HistorySnapshot) => Slice): Slice {
  return useSyncExternalStore(
    history.subscribe,
    () => select(history.getSnapshot()),
    () => select(CLOSED_HISTORY),
  );
}
