"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { lazyModule } from "@/components/ui/lazy-module";
import { yieldToPage } from "@/lib/browser/yield-to-page";
import type { LibraryStatus, LibrarySync } from "@/lib/browser/library/library-sync";
import type { HistoryApi } from "./use-history";

/**
 * The modules of the library sync that take long to start: the validation library, then the
 * schemas built with it at load (problems, runs, library pages), each on top of the one before.
 */
const slowToStart = [
  () => import("@/lib/request/zod-setup"),
  () => import("@/lib/request/problem-schema"),
  () => import("@/lib/history/archive-schema"),
  () => import("@/lib/library/library-types"),
];

/**
 * The library sync's code: fetched once history is open, and started a module or two at a time,
 * with a turn for the page between them. Started at once they were one task of about 40 ms, four
 * times that on a phone (Lighthouse's), in the page's first seconds, when a click or a key would
 * have waited for it.
 */
const libraryRuntime = lazyModule(async () => {
  for (const start of slowToStart) {
    await start();
    await yieldToPage();
  }
  return import("@/lib/browser/library/library-runtime");
});

/**
 * Keeps this browser's history in step with the person's library on the server while the page is
 * open (see lib/browser/library/library-sync). `author` is whose library it is; null when the
 * playground keeps runs in each browser only (PLAYGROUND_LIBRARY=off).
 */
export function useLibrarySync(history: HistoryApi, author: string | null): LibrarySync | null {
  const [sync, setSync] = useState<LibrarySync | null>(null);
  useEffect(() => {
    if (author === null) return;
    let stopped = false;
    let started: LibrarySync | null = null;
    // After history's own start (declared before this hook): it waits for history to be open.
    void history.whenOpened().then(async (open) => {
      if (!open || stopped) return;
      const runtime = await libraryRuntime.load();
      if (stopped) return;
      started = runtime.startLibrarySync(history, author);
      setSync(started);
    });
    return () => {
      stopped = true;
      started?.stop();
      setSync(null);
    };
  }, [history, author]);
  return sync;
}

const noSubscription = () => () => undefined;

export function useLibraryStatus(sync: LibrarySync | null): LibraryStatus | null {
  return useSyncExternalStore(
    sync?.subscribe ?? noSubscription,
    () => sync?.getSnapshot() ?? null,
    () => null,
  );
}
