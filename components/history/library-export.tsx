"use client";

import { formatCount } from "@/lib/utils/format-count";
import { useRef, useState } from "react";
import type { HistoryRun } from "@/lib/history/history-types";
import { fetchRun, searchLibrary, type LibrarySearch } from "@/lib/browser/library/library-client";
import { fileUrlOf } from "@/lib/browser/library/collection-client";
import { usePrices } from "@/components/ui/prices-context";
import { lazyModule } from "@/components/ui/lazy-module";
import { Button } from "@/components/ui/button";
import { HistoryNoticeBar } from "./history-notice-bar";
import type { HistoryApi, HistoryNotice } from "./use-history";

/** The zip code loads when someone first exports. */
const historyTransfer = lazyModule(() => import("./history-transfer"));

/** An export of the library holds at most this many runs (each is fetched whole, into this page's memory). */
export const LIBRARY_EXPORT_MAX_RUNS = 1000;

/**
 * "Export these runs": every run of the library that the search matches, from any device, as the
 * same zip the history export writes (and imports). Runs kept in this browser are read here; the
 * others are fetched from the library, one at a time, with progress and Cancel.
 */
export function LibraryExport({ search, history }: { search: LibrarySearch; history: HistoryApi }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [note, setNote] = useState<HistoryNotice | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const prices = usePrices();

  const exportMatches = async () => {
    const controller = new AbortController();
    stopper.current = controller;
    setNote(null);
    setProgress(0);
    const runs: HistoryRun[] = [];
    let after: string | null = null;
    let more = false;
    try {
      do {
        const page = await searchLibrary(search, after, controller.signal);
        if (controller.signal.aborted) return setNote({ tone: "info", text: "The export was cancelled; nothing was saved." });
        if (!page.ok) return setNote({ tone: "problem", text: `The export stopped: ${page.message} Nothing was saved.` });
        for (const entry of page.value.entries) {
          if (runs.length >= LIBRARY_EXPORT_MAX_RUNS) break;
          // A teammate's run (Team view) is not in this browser: always read through its collection.
          let [run] = entry.collectionId ? [] : await history.loadRuns([entry.id]);
          if (!run) {
            const fetched = await fetchRun(entry, fileUrlOf(entry));
            if (!fetched.ok) return setNote({ tone: "problem", text: `The export stopped: ${fetched.message} Nothing was saved.` });
            run = fetched.value;
          }
          if (controller.signal.aborted) return setNote({ tone: "info", text: "The export was cancelled; nothing was saved." });
          runs.push(run);
          setProgress(runs.length);
        }
        after = page.value.next ?? null;
        more = after !== null && runs.length < LIBRARY_EXPORT_MAX_RUNS;
      } while (more);
      if (runs.length === 0) return setNote({ tone: "info", text: "No run matches these filters: nothing to export." });
      const transfer = await historyTransfer.load();
      await transfer.downloadHistoryArchive(runs, prices);
      const capped = after !== null ? ` (the first ${formatCount(LIBRARY_EXPORT_MAX_RUNS)}: narrow the filters for the rest)` : "";
      setNote({
        tone: "info",
        text: `Exported ${runs.length} run${runs.length === 1 ? "" : "s"} from ${search.scope === "team" ? "the team's collections" : "your library"} as a zip${capped}.`,
      });
    } finally {
      setProgress(null);
      stopper.current = null;
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        {progress === null ? (
          <Button size="sm" onClick={() => void exportMatches()}>
            Export these runs
          </Button>
        ) : (
          <>
            <p role="status" className="text-xs text-muted">
              Exporting: {formatCount(progress)} run{progress === 1 ? "" : "s"} read…
            </p>
            <Button size="sm" onClick={() => stopper.current?.abort()}>
              Cancel
            </Button>
          </>
        )}
      </div>
      {note && <HistoryNoticeBar notice={note} onDismiss={() => setNote(null)} />}
    </div>
  );
}
