"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { lazyModule } from "@/components/ui/lazy-module";
import type { LibraryStatus, LibrarySync } from "@/lib/browser/library/library-sync";
import type { HistoryApi } from "./use-history";

/** The library sync's code: fetched once history is open. */
const libraryRuntime = lazyModule(() => import("@/lib/browser/library/library-runtime"));

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
