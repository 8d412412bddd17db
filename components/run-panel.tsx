"use client";

import type { RunState } from "./playground";
import { ResultView } from "./result-view";
import { RunProgress } from "./run-progress";

/** The right-hand side: nothing yet, a run in progress, or a finished run's result. */
export function RunPanel({ run }: { run: RunState }) {
  if (run.phase === "running") return <RunProgress request={run.request} startedAt={run.startedAt} />;
  if (run.phase === "done") return <ResultView request={run.request} outcome={run.outcome} />;
  return (
    <div className="flex h-full min-h-80 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      <p className="text-base font-medium text-zinc-700 dark:text-zinc-300">Your images will appear here</p>
      <p className="max-w-md text-sm">
        Pick a model, describe the picture, choose a shape and press Generate. You will see the images, the raw answer and the
        exact exchange with the service.
      </p>
    </div>
  );
}
