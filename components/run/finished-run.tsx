"use client";

import type { HistoryRun } from "@/lib/history/history-types";
import type { RunState } from "./use-single-run";
import { SavedRunBar } from "./saved-run-bar";
import { resultViews } from "./result-views";
import { useLazyModule } from "@/components/ui/lazy-module";
import type { JobFollow } from "./use-job-follower";
import { runShareTarget, ShareButton } from "@/components/share/share-result-button";
import { VerdictBar } from "@/components/verdict/verdict-bar";
import { useVerdictKeys } from "@/components/verdict/use-verdict-keys";
import type { Verdict, VerdictChange } from "@/lib/history/verdict";

const shareButton =
  "rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800";

export type FinishedRunProps = {
  run: Extract<RunState, { phase: "done" }>;
  jobs: JobFollow;
  onRerun: (run: HistoryRun) => void;
  /** The history id of the run shown, once it is saved: what Share result shares. */
  shownRunId: string | null;
  loadRun: (id: string) => Promise<HistoryRun | null>;
  /** The shown run's verdict as saved (absent until the run is saved), and how to change it. */
  verdict: Verdict | undefined;
  onVerdict: (change: VerdictChange) => void;
};

/** A finished run on the right: its verdict and share controls, the saved run's bar, and the answer. */
export function FinishedRun({ run, jobs, onRerun, shownRunId, loadRun, verdict, onVerdict }: FinishedRunProps) {
  const views = useLazyModule(resultViews, true);
  const onVerdictKey = useVerdictKeys(verdict, onVerdict);
  return (
    // Keys 1–5, 0 and P rate and pick the run while anything in its result has focus.
    <div onKeyDown={onVerdictKey}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        {verdict ? <VerdictBar verdict={verdict} onChange={onVerdict} /> : <span />}
        <ShareButton
          target={shownRunId === null ? null : runShareTarget(shownRunId, loadRun)}
          label="Share result"
          waitingTitle="Available once the run is saved in history"
          className={shareButton}
        />
      </div>
      {run.saved && <SavedRunBar run={run.saved.run} onRerun={onRerun} />}
      {views ? (
        <views.ResultView key={run.saved?.run.id} request={run.request} outcome={run.outcome} savedImages={run.saved?.images} jobs={jobs} />
      ) : (
        <p className="text-sm text-muted">Showing the answer…</p>
      )}
    </div>
  );
}
