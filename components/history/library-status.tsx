"use client";

import { countOf, formatCount } from "@/lib/utils/format-count";
import type { LibrarySync } from "@/lib/browser/library/library-sync";
import { INITIAL_LIBRARY_STATUS } from "@/lib/browser/library/library-status";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/utils/format-bytes";
import { HistoryNoticeBar } from "./history-notice-bar";
import { useLibraryStatus } from "./use-library";

/**
 * Where this browser stands with the person's library on the server: in step, sending, or offline
 * with changes waiting; what the library refused; and the offer to upload the runs this browser
 * had before the library, with its progress.
 */
export function LibraryStatusLine({ sync }: { sync: LibrarySync | null }) {
  const { state, pending, problem, bringIn, nearlyFull } = useLibraryStatus(sync) ?? INITIAL_LIBRARY_STATUS;
  const line =
    state === "offline"
      ? `Offline from your library${pending > 0 ? `: ${countOf(pending, "change")} will be sent when it is back` : ""}`
      : state === "sending" || pending > 0
        ? `Sending ${countOf(Math.max(pending, 1), "change")} to your library…`
        : state === "synced"
          ? "In step with your library"
          : state === "off"
            ? "Runs are kept in this browser only"
            : state === "elsewhere"
              ? "Kept in step with your library by another tab of the playground"
              : "Connecting to your library…";
  const dot =
    state === "offline"
      ? "bg-amber-500"
      : state === "synced" && pending === 0
        ? "bg-emerald-500"
        : state === "off"
          ? "bg-zinc-400"
          : "bg-sky-500";
  return (
    <>
      <p className="-mt-1 flex items-center gap-1.5 text-xs text-muted" role="status" data-testid="library-status" data-state={state}>
        <span aria-hidden className={`inline-block size-2 rounded-full ${dot}`} />
        {line}
      </p>
      {nearlyFull && (
        <p
          role="status"
          data-testid="library-nearly-full"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Your library holds {formatBytes(nearlyFull.bytes)} of the {formatBytes(nearlyFull.limitBytes)} you may keep. Past it, new runs
          stay in this browser only: delete runs you no longer need, or ask whoever runs the playground for more room.
        </p>
      )}
      {problem && <HistoryNoticeBar notice={{ tone: "problem", text: problem }} onDismiss={() => sync?.dismissProblem()} />}
      {bringIn && (
        <div
          className="rounded-lg border border-sky-300 bg-sky-50 p-2.5 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
          data-testid="library-bring-in"
        >
          {bringIn.state === "offered" ? (
            <>
              <p>
                This browser has {countOf(bringIn.count, "run")} that your library does not have yet. Uploaded, they follow you to your
                other devices; nothing here is removed.
              </p>
              <div className="mt-2 flex gap-2">
                <Button
                  size="sm"
                  variant="primary"
                  onClick={sync?.startBringIn}
                  aria-label={`Upload ${countOf(bringIn.count, "run")} from this browser to your library`}
                >
                  Upload {countOf(bringIn.count, "run")}
                </Button>
                <Button size="sm" onClick={sync?.dismissBringIn}>
                  Not now
                </Button>
              </div>
            </>
          ) : bringIn.state === "uploading" ? (
            <>
              <p id="library-bring-in-progress">
                Uploading {formatCount(bringIn.done)} of {countOf(bringIn.total, "run")} to your library…
              </p>
              <div className="mt-2 flex items-center gap-2">
                <progress
                  className="h-2 flex-1 appearance-none overflow-hidden rounded-full bg-sky-100 dark:bg-sky-900 [&::-moz-progress-bar]:bg-sky-600 [&::-webkit-progress-bar]:bg-sky-100 dark:[&::-webkit-progress-bar]:bg-sky-900 [&::-webkit-progress-value]:bg-sky-600"
                  max={bringIn.total}
                  value={bringIn.done}
                  aria-labelledby="library-bring-in-progress"
                />
                <Button size="sm" onClick={sync?.cancelBringIn}>
                  Cancel
                </Button>
              </div>
            </>
          ) : (
            <div className="flex items-start gap-2">
              <p className="flex-1">
                {countOf(bringIn.total - bringIn.failed, "run")} from this browser {bringIn.total - bringIn.failed === 1 ? "is" : "are"} now
                in your library{bringIn.failed > 0 ? `; ${countOf(bringIn.failed, "run")} could not be uploaded (see above)` : ""}.
              </p>
              <button
                type="button"
                onClick={sync?.dismissBringIn}
                aria-label="Dismiss"
                className="rounded px-1 hover:bg-black/10 dark:hover:bg-white/10"
              >
                ✕
              </button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
