"use client";

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
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

/**
 * A slice of history's state that also changes in the background (the list, as its pages are
 * read): a change that comes from reading history is rendered as a transition, which React renders
 * a piece at a time between the page's own work, where useHistoryState renders it at once, in one
 * task (the first page of the list, with the filters and rows it brings, held the page for 50–80
 * ms). What the person just did (a new run, a star) is shown at once. `select` must be the same
 * function on every render (declared outside the component).
 */
export function useHistoryStateInTransition<Slice>(history: HistoryApi, select: (snapshot: HistorySnapshot) => Slice): Slice {
  const [slice, setSlice] = useState(() => select(history.getSnapshot()));
  useEffect(() => {
    const update = () => setSlice(select(history.getSnapshot()));
    const follow = (background: boolean) => (background ? startTransition(update) : update());
    // What changed between the first render and this subscription is caught up at once.
    update();
    return history.subscribe(follow);
  }, [history, select]);
  return slice;
}
