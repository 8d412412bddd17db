"use client";

import { useState } from "react";
import type { HistoryRun } from "@/lib/history/history-types";
import { useLazyModule, lazyModule } from "@/components/ui/lazy-module";

/** The dialog is only fetched when someone shares: most runs are never shared. */
const shareDialog = lazyModule(() => import("./share-dialog"));

/**
 * Opens the share dialog for a run in history. Until the run is saved (a moment after it is on
 * screen) there is nothing to share yet, and the button says so.
 */
export function ShareResultButton({
  runId,
  loadRun,
  label = "Share result",
  className,
}: {
  runId: string | null;
  loadRun: (id: string) => Promise<HistoryRun | null>;
  label?: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={runId === null}
        title={runId === null ? "Available once the run is saved in history" : "A page of its own for this result, with a link to send"}
        onClick={() => setOpen(true)}
        className={className}
      >
        {label}
      </button>
      {open && runId && <LazyShareDialog runId={runId} loadRun={loadRun} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The share dialog for one run, shown as soon as its code has arrived. */
export function LazyShareDialog({
  runId,
  loadRun,
  onClose,
}: {
  runId: string;
  loadRun: (id: string) => Promise<HistoryRun | null>;
  onClose: () => void;
}) {
  const dialog = useLazyModule(shareDialog, true);
  return dialog ? <dialog.ShareDialog runId={runId} loadRun={() => loadRun(runId)} onClose={onClose} /> : null;
}
