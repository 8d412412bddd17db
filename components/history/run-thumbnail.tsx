"use client";

import { useRef, useState } from "react";
import type { RunSummary } from "@/lib/history/history-types";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

type RunThumbnailProps = {
  run: Pick<RunSummary, "id" | "status" | "hasThumbnail" | "thumbnailUrl">;
  /** Reads the saved thumbnail's bytes (batched with the other rows on screen). */
  load: (id: string) => Promise<Blob | null>;
  /**
   * False while the list is being scrolled: rows that only flash past never read their picture.
   * (Reading every one queued thousands of IndexedDB reads, and a new run's save waited behind them.)
   */
  settled?: boolean;
};

/**
 * The list's small picture: the saved thumbnail, else the remote URL, else the run's status mark.
 * The bytes are read when the row comes on screen and their object URL is revoked when it leaves,
 * so scrolling through thousands of runs does not keep thousands of pictures in memory.
 */
export function RunThumbnail({ run, load, settled = true }: RunThumbnailProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const { id, hasThumbnail } = run;
  // Once wanted, the picture stays while the row is on screen, scrolling or not.
  const [wanted, setWanted] = useState(settled);
  if (settled && !wanted) setWanted(true);
  useAbortableEffect(
    (signal) => {
      const element = imageRef.current;
      if (!element) return;
      let url: string | null = null;
      signal.addEventListener("abort", () => {
        element.removeAttribute("src");
        if (url) URL.revokeObjectURL(url);
      });
      void load(id).then((blob) => {
        if (signal.aborted || !blob) return;
        url = URL.createObjectURL(blob);
        element.src = url;
      });
    },
    [id, load],
    hasThumbnail && wanted,
  );
  const hasPicture = hasThumbnail || run.thumbnailUrl !== null;
  return (
    <span className="checkerboard flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
      {hasPicture ? (
        // eslint-disable-next-line @next/next/no-img-element -- a blob or a service URL, nothing next/image could optimise
        <img
          ref={imageRef}
          src={hasThumbnail ? undefined : (run.thumbnailUrl ?? undefined)}
          alt=""
          referrerPolicy="no-referrer"
          decoding="async"
          className="size-full object-cover"
          data-testid="history-thumbnail"
        />
      ) : (
        <span aria-hidden="true" className="text-lg text-zinc-400">
          {run.status === "cancelled" ? "⊘" : run.status === "job" ? "…" : "!"}
        </span>
      )}
    </span>
  );
}
