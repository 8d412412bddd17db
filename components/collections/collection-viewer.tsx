"use client";

import { useEffect, useRef } from "react";
import type { CollectionEntry } from "@/lib/library/collection-types";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { VerdictBadges } from "@/components/verdict/verdict-badges";
import { dateTimeText } from "@/lib/utils/time-ago";
import { pictureOf } from "./collection-entries";

/**
 * One run of a collection at a time, large, with its prompt and who made it: ←/→ step through the
 * collection in its order, Esc leaves. The full image loads only here.
 */
export function CollectionViewer({
  entries,
  index,
  fileUrl,
  onMove,
  onClose,
}: {
  entries: readonly CollectionEntry[];
  index: number;
  fileUrl: (file: { hash: string; name: string }) => string;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog();
  const place = useRef({ index, count: entries.length });
  useEffect(() => {
    place.current = { index, count: entries.length };
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      event.preventDefault();
      const { index: at, count } = place.current;
      onMove(Math.min(count - 1, Math.max(0, at + (event.key === "ArrowRight" ? 1 : -1))));
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => dialog.removeEventListener("keydown", onKeyDown);
  }, [dialogRef, onMove]);

  const entry = entries[index];
  const run = entry?.record;
  const picture = entry ? pictureOf(entry, "full") : null;
  return (
    <dialog
      ref={dialogRef}
      aria-label="Run on the collection"
      onClose={onClose}
      className="m-auto flex h-[92dvh] w-[94vw] max-w-6xl flex-col gap-3 rounded-2xl bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-black/70 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted" aria-live="polite">
          {index + 1} of {entries.length}
        </span>
        <div className="flex gap-2">
          <button
            type="button"
            className="rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label="Previous run"
          >
            ←
          </button>
          <button
            type="button"
            className="rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            disabled={index >= entries.length - 1}
            onClick={() => onMove(index + 1)}
            aria-label="Next run"
          >
            →
          </button>
          <button
            type="button"
            autoFocus
            className="rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </div>
      </div>
      <div className="checkerboard flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-xl">
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- the run's full image, from the library
          <img
            key={picture.hash}
            src={fileUrl(picture)}
            alt={run?.request.prompt ?? ""}
            className="max-h-full max-w-full object-contain"
            data-testid="collection-viewer-image"
          />
        ) : (
          <p className="text-sm text-muted">{run ? `${run.statusText}: this run has no picture.` : ""}</p>
        )}
      </div>
      {run && entry && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="line-clamp-3">{run.request.prompt}</p>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted">
            <span>{entry.authorName}</span>
            <VerdictBadges verdict={run} />
            <span className="font-mono">{run.request.model}</span>
            <span className="font-mono">{run.request.aspect_ratio}</span>
            <span>made {dateTimeText(run.createdAt)}</span>
          </p>
        </div>
      )}
    </dialog>
  );
}
