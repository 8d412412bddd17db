"use client";

import { useEffect, useRef } from "react";
import type { HistoryRun } from "@/lib/history/history-types";

/** The list's small picture: the saved thumbnail, else the remote URL, else the run's status mark. */
export function RunThumbnail({ run }: { run: HistoryRun }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = imageRef.current;
    if (!element || !run.thumbnail) return;
    const url = URL.createObjectURL(run.thumbnail);
    element.src = url;
    return () => {
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [run.thumbnail]);
  const hasPicture = run.thumbnail !== null || run.thumbnailUrl !== null;
  return (
    <span className="checkerboard flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
      {hasPicture ? (
        // eslint-disable-next-line @next/next/no-img-element -- a blob or a service URL, nothing next/image could optimise
        <img
          ref={imageRef}
          src={run.thumbnail ? undefined : (run.thumbnailUrl ?? undefined)}
          alt=""
          referrerPolicy="no-referrer"
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
