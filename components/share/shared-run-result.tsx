"use client";

import { useState } from "react";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { SavedImages } from "@/lib/history/restore-run";
import { restoreOutcome } from "@/lib/history/restore-run";
import { loadSharedRuns } from "@/lib/browser/share/load-share-files";
import { resultViews } from "@/components/run/result-views";
import { useLazyModule } from "@/components/ui/lazy-module";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

type Loaded =
  { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; outcome: RunOutcome; savedImages: SavedImages };

export function SharedRunResult({ id, record, fileNames }: { id: string; record: ArchivedRun; fileNames: string[] }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  // The answer views arrive while the files do: neither waits for the other.
  const views = useLazyModule(resultViews, true);
  useAbortableEffect(
    (signal) => {
      loadSharedRuns(id, [record], fileNames, signal)
        .then(([run]) => {
          if (!run) throw new Error("The share holds no run.");
          return restoreOutcome(run);
        })
        .then(
          ({ outcome, savedImages }) => setLoaded({ state: "ready", outcome, savedImages }),
          (error: unknown) => {
            if (!signal.aborted) setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) });
          },
        );
    },
    [id, record, fileNames],
  );

  if (loaded.state === "loading" || !views) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-500" />
        Loading the shared images…
      </p>
    );
  }
  if (loaded.state === "failed") {
    return (
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm dark:border-red-800 dark:bg-red-950/50">
        {loaded.message} Reload the page to try again.
      </p>
    );
  }
  const { model, prompt, aspect_ratio, extra } = record.request;
  return (
    <views.ResultView
      request={{ model, prompt, aspect_ratio, ...(extra ? { extra } : {}) }}
      outcome={loaded.outcome}
      savedImages={loaded.savedImages}
      readOnly
    />
  );
}
