"use client";

import { useEffect, useState } from "react";
import type { LibrarySync } from "@/lib/browser/library/library-sync";
import { useLibraryStatus } from "./use-library";

/** How long the panel waits for the library's first round before it says this browser holds nothing. */
export const LIBRARY_PATIENCE_MS = 5000;

/**
 * Whether the history panel is still waiting for the person's library before it shows an empty
 * history: on a new device, the sync's first round brings in the newest runs, and an empty panel's
 * buttons shown before them would jump down when the filters and the list arrive above them (a
 * layout shift). It waits while this browser holds no run and that round has not ended, and at
 * most `LIBRARY_PATIENCE_MS`, so that a sync that never starts leaves the panel usable.
 */
export function useWaitingForLibrary(sync: LibrarySync | null, { syncs, empty }: { syncs: boolean; empty: boolean }): boolean {
  const state = useLibraryStatus(sync)?.state ?? "starting";
  const [patient, setPatient] = useState(true);
  const waiting = syncs && empty && state === "starting" && patient;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setPatient(false), LIBRARY_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting;
}
