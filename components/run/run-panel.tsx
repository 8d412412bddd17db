"use client";

import { EmptyPanel } from "@/components/ui/empty-panel";
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
  return run.phase === "idle" ? (
    <EmptyPanel title="Your images will appear here" fill>
      <p className="max-w-md text-sm">
        Pick a model, describe the picture, choose a shape and press Generate. You will see the images, the raw answer and the exact
        exchange with the service.
      </p>
    </EmptyPanel>
  ) : (
    <EmptyPanel fill>
      <p className="text-sm">{run.phase === "running" ? "Sending…" : "Showing the answer…"}</p>
    </EmptyPanel>
  );
}
