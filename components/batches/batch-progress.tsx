"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { changeBatch } from "@/lib/browser/batches/batch-client";
import type { BatchSummary } from "@/lib/batches/batch-types";

/** A batch's state in plain words, with why it waits when it does. */
export function stateLabel(batch: BatchSummary): string {
  switch (batch.state) {
    case "queued":
      return "Queued";
    case "running":
      return "Running";
    case "paused":
      return batch.pausedFor === "budget" ? "Paused: budget used" : "Paused";
    case "done":
      return batch.failed > 0 ? "Done, with failures" : "Done";
    case "cancelled":
      return "Cancelled";
    case "failed":
      return "Failed";
  }
}

const money = (micros: number, currency: string | null) => `${(micros / 1_000_000).toFixed(2)}${currency ? ` ${currency}` : ""}`;

function timeLeft(batch: BatchSummary, now: number): string | null {
  if (batch.estimatedEndAt === null) return null;
  const seconds = Math.max(0, Math.round((batch.estimatedEndAt - now) / 1000));
  if (seconds < 90) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `about ${minutes} min left` : `about ${Math.round(minutes / 60)} h left`;
}

/**
 * How far a batch has got: "N of M done", failures, rows being sent, cost so far, the time left at
 * the pace so far, a bar, and the buttons that change it (pause, resume, cancel).
 */
export function BatchProgress({
  batch,
  now,
  onChanged,
  headingLevel = 2,
}: {
  batch: BatchSummary;
  now: number;
  onChanged: (batch: BatchSummary) => void;
  headingLevel?: 2 | 3;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const finished = batch.done + batch.failed;
  const share = batch.total > 0 ? finished / batch.total : 0;
  const act = async (action: "pause" | "resume" | "cancel") => {
    setBusy(true);
    setProblem(null);
    const result = await changeBatch(batch.id, action);
    setBusy(false);
    if (result.ok) onChanged(result.value);
    else setProblem(result.message);
  };
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const left = batch.state === "running" ? timeLeft(batch, now) : null;
  return (
    <div className="flex flex-col gap-2" data-testid="batch-progress" data-state={batch.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="min-w-0 truncate text-base font-semibold">{batch.name}</Heading>
        <span data-testid="batch-state" className="text-sm font-medium">
          {stateLabel(batch)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${batch.name}: rows ended`}
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={finished}
        className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full bg-emerald-600 transition-[width] dark:bg-emerald-500" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <p className="text-sm text-muted" data-testid="batch-counts">
        {batch.done} of {batch.total} done
        {batch.failed > 0 ? ` · ${batch.failed} failed` : ""}
        {batch.sending > 0 ? ` · ${batch.sending} being sent` : ""}
        {batch.costMicros > 0 ? ` · ${money(batch.costMicros, batch.currency)} so far` : ""}
        {left ? ` · ${left}` : ""}
      </p>
      {batch.pausedFor === "budget" && batch.pauseDetail && (
        <p className="text-sm text-amber-800 dark:text-amber-300">{batch.pauseDetail} It goes on by itself when the budget allows.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {(batch.state === "queued" || batch.state === "running") && (
          <button type="button" disabled={busy} className={buttonClass("secondary", "sm")} onClick={() => void act("pause")}>
            Pause
          </button>
        )}
        {batch.state === "paused" && (
          <button type="button" disabled={busy} className={buttonClass("secondary", "sm")} onClick={() => void act("resume")}>
            Resume
          </button>
        )}
        {(batch.state === "queued" || batch.state === "running" || batch.state === "paused") && (
          <button type="button" disabled={busy} className={buttonClass("secondary", "sm")} onClick={() => void act("cancel")}>
            Cancel
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
