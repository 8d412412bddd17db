"use client";

import type { Persistence } from "@/lib/browser/history/storage-persistence";
import { formatBytes } from "@/lib/utils/format-bytes";

/**
 * Whether the browser may clear history under storage pressure, and how much room it gives this
 * page. With a library on the server, that would clear only this browser's copy.
 */
export function HistoryPersistence({ persistence, library }: { persistence: Persistence; library: boolean }) {
  const { state, usageBytes, quotaBytes } = persistence;
  const room = usageBytes !== null && quotaBytes !== null ? ` ${formatBytes(usageBytes)} of about ${formatBytes(quotaBytes)} used.` : "";
  if (state === "persistent") {
    return (
      <p className="text-xs text-muted" data-testid="history-persistence">
        <span className="font-medium text-emerald-700 dark:text-emerald-400">Kept for good:</span> the browser will not clear history to
        free space.{room}
      </p>
    );
  }
  if (library) {
    return (
      <p className="text-xs text-muted" data-testid="history-persistence">
        Your runs are also kept in your library on the server: if the browser clears this copy to free space, nothing is lost.
        {room}
      </p>
    );
  }
  return (
    <p className="text-xs text-muted" data-testid="history-persistence">
      <span className="font-medium text-amber-700 dark:text-amber-300">Not persistent:</span>{" "}
      {state === "unknown"
        ? "this browser does not say whether it may clear history to free space."
        : "the browser may clear history if the disk runs low. Export runs you want to keep."}
      {room}
    </p>
  );
}
