"use client";

import { usePrices } from "@/components/ui/prices-context";
import { useRef, useState } from "react";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import { lazyModule } from "@/components/ui/lazy-module";
import { HistoryNoticeBar } from "./history-notice-bar";
import { useHistoryState, type HistoryApi, type HistoryNotice } from "./use-history";
import { buttonClass } from "@/components/ui/button";
import { LazyAddToCollectionDialog } from "@/components/collections/lazy-add-to-collection-dialog";

const MAX_COMPARED = 4;
/** Export and import (the zip code) load when someone first uses them. */
const historyTransfer = lazyModule(() => import("./history-transfer"));
const button = buttonClass("secondary", "sm");

/** What can be done with the selected runs or all of them: review, compare, export, and import more. */
export function HistoryToolbar({
  history,
  chosen,
  onCompare,
  canReview,
  onReview,
  collections,
}: {
  history: HistoryApi;
  chosen: RunSummary[];
  onCompare: (runs: RunSummary[]) => void;
  /** The filters show at least one run with images: what Review goes through. */
  canReview: boolean;
  onReview: () => void;
  /** The playground keeps a library on the server: selected runs can go on a collection. */
  collections: boolean;
}) {
  const historyEmpty = useHistoryState(history, (state) => state.totals.count === 0);
  const historyOpen = useHistoryState(history, (state) => state.ready && state.unavailable === null);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<HistoryNotice | null>(null);
  const [collecting, setCollecting] = useState<readonly string[] | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const prices = usePrices();

  /** The runs are read whole (answers and images) only now, for the zip. */
  const exportRuns = async (read: () => Promise<HistoryRun[] | null>) => {
    setBusy("Exporting…");
    try {
      const [transfer, toExport] = await Promise.all([historyTransfer.load(), read()]);
      if (!toExport) return; // the storage failure is already the panel's notice
      await transfer.downloadHistoryArchive(toExport, prices);
      setNote({ tone: "info", text: `Exported ${toExport.length} run${toExport.length === 1 ? "" : "s"} as a zip.` });
    } catch (error) {
      setNote({ tone: "problem", text: `The export failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy("Importing…");
    try {
      const transfer = await historyTransfer.load();
      const read = await transfer.readHistoryArchive(file, history.caps);
      if (!read.ok) {
        setNote({ tone: "problem", text: `Nothing was imported from ${file.name}: ${read.message} History is unchanged.` });
        return;
      }
      const added = await history.addImported(read.runs);
      if (!added) return; // the storage failure is already the panel's notice
      const already = read.runs.length - added.added;
      const parts = [`Imported ${added.added} run${added.added === 1 ? "" : "s"} from ${file.name}.`];
      if (already > 0) parts.push(`${already} ${already === 1 ? "was" : "were"} already in history.`);
      if (read.skipped.length > 0) parts.push(`Skipped ${read.skipped.length}: ${read.skipped.join("; ")}.`);
      setNote({ tone: read.skipped.length > 0 ? "problem" : "info", text: parts.join(" ") });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {note && <HistoryNoticeBar notice={note} onDismiss={() => setNote(null)} />}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          disabled={!canReview}
          onClick={onReview}
          title="Go through the runs with images that the filters show, one at a time"
        >
          Review
        </button>
        <button
          type="button"
          className={button}
          disabled={chosen.length < 2 || chosen.length > MAX_COMPARED}
          onClick={() => onCompare(chosen)}
          title="Pick two to four runs"
        >
          Compare{chosen.length > 0 ? ` (${chosen.length})` : ""}
        </button>
        <button
          type="button"
          className={button}
          disabled={chosen.length === 0 || busy !== null}
          onClick={() => void exportRuns(() => history.loadRuns(chosen.map((run) => run.id)))}
        >
          Export selected
        </button>
        <button
          type="button"
          className={button}
          disabled={historyEmpty || busy !== null}
          onClick={() => void exportRuns(history.loadAllRuns)}
        >
          Export all
        </button>
        {collections && (
          <button
            type="button"
            className={button}
            disabled={chosen.length === 0}
            onClick={() => setCollecting(chosen.map((run) => run.id))}
            title="Put the selected runs on a collection: a board of runs you can share with the team"
          >
            Add to collection…
          </button>
        )}
        <button type="button" className={button} disabled={busy !== null || !historyOpen} onClick={() => fileInputRef.current?.click()}>
          Import…
        </button>
        <input
          ref={fileInputRef}
          type="file"
          accept=".zip,application/zip"
          aria-label="Import a history zip"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ""; // the same file can be chosen again
            if (file) void importFile(file);
          }}
        />
      </div>
      {chosen.length > MAX_COMPARED && (
        <p className="text-xs text-muted">
          Compare takes up to {MAX_COMPARED} runs; {chosen.length} are selected.
        </p>
      )}
      {collecting && <LazyAddToCollectionDialog runIds={collecting} onClose={() => setCollecting(null)} />}
      {busy && (
        <p role="status" className="text-xs text-muted">
          {busy}
        </p>
      )}
    </>
  );
}
