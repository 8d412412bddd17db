"use client";

import { useEffect, useState } from "react";
import type { HistoryRun } from "@/lib/history/history-types";
import type { RunState } from "./use-single-run";
import { SavedRunBar } from "./saved-run-bar";
import { RunProgress } from "./run-progress";

/**
 * Everything that shows an answer loads on demand: the page is interactive sooner, and the code
 * arrives while the person types or the service works. A plain import() kept in a module variable
 * rather than React.lazy: a Suspense reveal may be held back for a few hundred milliseconds, and
 * an answer should appear the moment it arrives.
 */
type ResultViewModule = typeof import("@/components/answer/result-view");
let loaded: ResultViewModule | null = null;
let loading: Promise<ResultViewModule> | null = null;

export function preloadResultView(): Promise<ResultViewModule> {
  loading ??= import("@/components/answer/result-view").then((module) => (loaded = module));
  return loading;
}

/** The answer views once loaded. Loading starts when an answer needs them (or earlier, from the page's idle preload), never at hydration. */
function useResultViewModule(needed: boolean): ResultViewModule | null {
  const [module, setModule] = useState<ResultViewModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    if (needed) void preloadResultView().then(setModule);
    else void loading?.then(setModule);
  }, [module, needed]);
  return module;
}

/** The right-hand side: nothing yet, a run in progress, or a finished run's result. */
export function RunPanel({ run, onRerun }: { run: RunState; onRerun: (run: HistoryRun) => void }) {
  const views = useResultViewModule(run.phase !== "idle");
  if (run.phase === "running") return <RunProgress request={run.request} startedAt={run.startedAt} />;
  if (run.phase === "done") {
    return (
      <>
        {run.saved && <SavedRunBar run={run.saved.run} onRerun={onRerun} />}
        {views ? (
          <views.ResultView key={run.saved?.run.id} request={run.request} outcome={run.outcome} savedImages={run.saved?.images} />
        ) : (
          <p className="text-sm text-zinc-500">Showing the answer…</p>
        )}
      </>
    );
  }
  return (
    <div className="flex h-full min-h-80 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      <p className="text-base font-medium text-zinc-700 dark:text-zinc-300">Your images will appear here</p>
      <p className="max-w-md text-sm">
        Pick a model, describe the picture, choose a shape and press Generate. You will see the images, the raw answer and the exact
        exchange with the service.
      </p>
    </div>
  );
}
