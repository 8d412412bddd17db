"use client";

import dynamic from "next/dynamic";
import type { RunState } from "./playground";
import { RunProgress } from "./run-progress";

// Everything that shows an answer loads on demand: the page is interactive sooner, and the code
// arrives while the service is still working (the playground asks for it when Generate is pressed).
const ResultView = dynamic(() => import("./result-view").then((module) => module.ResultView), {
  loading: () => <p className="text-sm text-zinc-500">Showing the answer…</p>,
});

export function preloadResultView(): void {
  void import("./result-view");
}

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
