import type { PageHistory } from "@/lib/browser/history/page-history";
import { fetchChanges, fetchKnown, fetchNewest, fetchRun, fetchUsage, sendDeletes, sendVerdict, uploadRun } from "./library-client";
import { LibrarySync } from "./library-sync";
import { generationsInFlight } from "@/lib/browser/generations-in-flight";

/**
 * The library sync as the page runs it: the real calls, this browser's localStorage and Web Locks.
 * Loaded once history is open, never with the first screen.
 */
export function startLibrarySync(history: PageHistory, author: string): LibrarySync {
  const sync = new LibrarySync({
    history,
    author,
    client: { uploadRun, fetchChanges, fetchNewest, fetchRun, sendVerdict, sendDeletes, fetchKnown, fetchUsage },
    storage: window.localStorage,
    foregroundBusy: () => generationsInFlight() > 0,
  });
  sync.start();
  return sync;
}

export type { LibrarySync };
