"use client";

import type { HistoryRun } from "@/lib/history/history-types";
import { dateTimeText, timeAgo } from "@/lib/utils/time-ago";
import { useNow } from "@/components/ui/use-now";
import { Button } from "@/components/ui/button";

/** Above a result opened from history: when it ran, a way to run it again, and what the saved copy lacks. */
export function SavedRunBar({ run, onRerun }: { run: HistoryRun; onRerun: (run: HistoryRun) => void }) {
  const now = useNow(30_000);
  return (
    <div
      className="mb-4 flex flex-col gap-2 rounded-xl border border-accent-100 bg-accent-50 px-4 py-3 text-sm dark:border-accent-500/30 dark:bg-accent-500/10"
      data-testid="saved-run-bar"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">Saved run</span> from{" "}
          <time dateTime={new Date(run.createdAt).toISOString()} title={dateTimeText(run.createdAt)}>
            {timeAgo(run.createdAt, now)}
          </time>
          {run.serviceUrl && <span className="text-muted"> · answered by {run.serviceUrl}</span>}
        </p>
        <Button variant="primary" onClick={() => onRerun(run)}>
          Rerun
        </Button>
      </div>
      {run.warnings.map((warning) => (
        <p key={warning} className="text-xs text-amber-900 dark:text-amber-200">
          {warning}
        </p>
      ))}
    </div>
  );
}
