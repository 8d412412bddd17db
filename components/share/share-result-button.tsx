"use client";

import { useState } from "react";
import type { HistoryRun } from "@/lib/history/history-types";
import { useLazyModule, lazyModule } from "@/components/ui/lazy-module";
import type { ShareTarget } from "./share-dialog";
import { shareKeyOfGrid } from "@/lib/history/share-files";

/** The dialog is only fetched when someone shares: most runs are never shared. */
const shareDialog = lazyModule(() => import("./share-dialog"));

/** A run in history as a share target. */
export function runShareTarget(runId: string, loadRun: (id: string) => Promise<HistoryRun | null>): ShareTarget {
  return {
    key: runId,
    noun: "result",
    load: async () => {
      const run = await loadRun(runId);
      return run ? { kind: "run", run } : null;
    },
  };
}

/** A grid in history as a share target: its saved cells, read when sharing. */
export function gridShareTarget(gridId: string, loadGroup: (id: string) => Promise<HistoryRun[]>): ShareTarget {
  return {
    key: shareKeyOfGrid(gridId),
    noun: "grid",
    load: async () => {
      const cells = await loadGroup(gridId);
      return cells.length > 0 ? { kind: "grid", cells } : null;
    },
  };
}

/**
 * Opens the share dialog for a run or a grid in history. Until there is something saved to share
 * (a moment after a run is on screen; once a grid has finished) the button says why it waits.
 */
export function ShareButton({
  target,
  label,
  waitingTitle,
  className,
}: {
  target: ShareTarget | null;
  label: string;
  waitingTitle: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={target === null}
        title={target === null ? waitingTitle : "A page of its own, with a link to send"}
        onClick={() => setOpen(true)}
        className={className}
      >
        {label}
      </button>
      {open && target && <LazyShareDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The share dialog, shown as soon as its code has arrived. */
export function LazyShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const dialog = useLazyModule(shareDialog, true);
  return dialog ? <dialog.ShareDialog target={target} onClose={onClose} /> : null;
}
