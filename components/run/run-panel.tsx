"use client";

import { useLazyModule } from "@/components/ui/lazy-module";
import type { FinishedRunProps } from "./finished-run";
import type { RunState } from "./use-single-run";
import { runViews } from "./run-views";

/** The right-hand side: nothing yet, a run in progress, or a finished run's result. */
type RunPanelProps = Omit<FinishedRunProps, "run"> & { run: RunState };

export function RunPanel({ run, ...finished }: RunPanelProps) {
  // The views of a run arrive with the first run (usually earlier: the page preloads them as
  // someone starts on the form); the empty panel below is all the first screen needs.
  const views = useLazyModule(runViews, run.phase !== "idle");
  if (run.phase === "running" && views) return <views.RunProgress request={run.request} startedAt={run.startedAt} stream={run.stream} />;
  if (run.phase === "done" && views) return <views.FinishedRun run={run} {...finished} />;
  // Until a run's views arrive (a moment, on a slow connection) the panel keeps its size and says what is happening.
  return (
    <div className="flex h-full min-h-80 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-muted dark:border-zinc-700 dark:text-zinc-400">
      {run.phase === "idle" ? (
        <>
          <p className="text-base font-medium text-zinc-700 dark:text-zinc-300">Your images will appear here</p>
          <p className="max-w-md text-sm">
            Pick a model, describe the picture, choose a shape and press Generate. You will see the images, the raw answer and the exact
            exchange with the service.
          </p>
        </>
      ) : (
        <p className="text-sm">{run.phase === "running" ? "Sending…" : "Showing the answer…"}</p>
      )}
    </div>
  );
}
