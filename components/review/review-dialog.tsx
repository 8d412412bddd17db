"use client";

import { useEffect, useRef, useState } from "react";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { ratingText, verdictChangeForKey, type VerdictChange } from "@/lib/history/verdict";
import { markPerformance, PERF_MARKS } from "@/lib/browser/perf-marks";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { isChoice, isTyping } from "@/components/ui/is-typing";
import { VerdictBar } from "@/components/verdict/verdict-bar";
import { RunThumbnail } from "@/components/history/run-thumbnail";
import { useReviewImages } from "./use-review-images";
import { LazyAddToCollectionDialog } from "@/components/collections/lazy-add-to-collection-dialog";

export type ReviewDialogProps = {
  title: string;
  /** The runs to review, in order. */
  ids: readonly string[];
  /** The runs' summaries as history holds them now (ratings given here show at once). */
  summaries: ReadonlyMap<string, RunSummary>;
  loadRuns: (ids: readonly string[]) => Promise<HistoryRun[]>;
  restore: (run: HistoryRun) => Promise<{ outcome: RunOutcome }>;
  loadThumbnail: (id: string) => Promise<Blob | null>;
  onVerdict: (id: string, change: VerdictChange) => void;
  onClose: () => void;
  /** The playground keeps a library: the image under review can go on a collection. */
  collections?: boolean;
  /** Why a run cannot be rated here (someone else's run on a collection), or null when it can. */
  judgedElsewhere?: (id: string) => string | null;
};

/** Thumbnails shown either side of the current one in the strip. */
const STRIP_REACH = 7;

/**
 * One image at a time, large: ←/→ move, 1–5 rate, 0 clears, P picks, N goes to the note, Esc
 * leaves. A strip of thumbnails around the current image shows the ratings given so far.
 */
export function ReviewDialog({
  title,
  ids,
  summaries,
  loadRuns,
  restore,
  loadThumbnail,
  onVerdict,
  onClose,
  collections = false,
  judgedElsewhere,
}: ReviewDialogProps) {
  const dialogRef = useModalDialog();
  const [position, setPosition] = useState(0);
  const [collecting, setCollecting] = useState<string | null>(null);
  const images = useReviewImages(ids, position, { loadRuns, restore });
  const id = ids[position];
  const summary = id === undefined ? undefined : summaries.get(id);
  const image = id === undefined ? undefined : images.get(id);
  const elsewhere = id === undefined ? null : (judgedElsewhere?.(id) ?? null);
  const stateRef = useRef({ position, summary, id, elsewhere });
  useEffect(() => {
    stateRef.current = { position, summary, id, elsewhere };
  });

  useEffect(() => {
    // Lets the bench time a step: from the key to the frame that shows the new image.
    if (image && image.url !== null) markPerformance(PERF_MARKS.reviewImageShown);
  }, [image]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A focused star or the Pick button still takes the keys; a text field keeps them.
      if (event.ctrlKey || event.metaKey || event.altKey || (isTyping(event.target) && !isChoice(event.target))) return;
      const current = stateRef.current;
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        const step = event.key === "ArrowRight" ? 1 : -1;
        setPosition(Math.min(ids.length - 1, Math.max(0, current.position + step)));
        return;
      }
      if (event.key === "n" || event.key === "N") {
        event.preventDefault();
        dialog.querySelector<HTMLInputElement>('input[aria-label="Note"]')?.focus();
        return;
      }
      if (!current.summary || current.id === undefined || current.elsewhere) return;
      const change = verdictChangeForKey(event.key, current.summary);
      if (!change) return;
      event.preventDefault();
      onVerdict(current.id, change);
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => dialog.removeEventListener("keydown", onKeyDown);
  }, [dialogRef, ids.length, onVerdict]);

  const from = Math.max(0, position - STRIP_REACH);
  const strip = ids.slice(from, position + STRIP_REACH + 1);

  return (
    <>
      <dialog
        ref={dialogRef}
        aria-label={`Review: ${title}`}
        onClose={onClose}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-zinc-950 p-0 text-zinc-100 backdrop:bg-black"
      >
        <div className="flex h-full flex-col gap-3 p-4">
          <header className="flex flex-wrap items-center gap-3">
            <h2 className="text-sm font-semibold">
              Review · {title} ·{" "}
              <span data-testid="review-position">
                {position + 1} of {ids.length}
              </span>
            </h2>
            <p className="text-xs text-zinc-400">← → move · 1–5 rate · 0 clears · P pick · N note · Esc leaves</p>
            {collections && id !== undefined && (
              <button
                type="button"
                onClick={() => setCollecting(id)}
                className="ml-auto rounded-lg border border-zinc-700 px-3 py-1.5 text-sm font-medium hover:bg-zinc-800"
              >
                Add to collection…
              </button>
            )}
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="ml-auto rounded-lg border border-zinc-700 px-3 py-1.5 text-sm font-medium hover:bg-zinc-800"
            >
              Done
            </button>
          </header>
          <figure className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2">
            {image && image.url !== null ? (
              // eslint-disable-next-line @next/next/no-img-element -- an object URL already decoded, or the service's URL
              <img
                src={image.url}
                alt={summary ? summary.request.prompt : "Image under review"}
                width={image.width}
                height={image.height}
                referrerPolicy="no-referrer"
                data-testid="review-image"
                className="min-h-0 max-w-full flex-1 object-contain"
              />
            ) : (
              <p className="text-sm text-zinc-400" role="status">
                {image && image.url === null ? image.reason : "Loading…"}
              </p>
            )}
            {summary && (
              <figcaption className="max-w-3xl text-center text-sm text-zinc-300">
                {summary.request.prompt} · <span className="font-mono">{summary.request.model}</span> ·{" "}
                <span className="font-mono">{summary.request.aspect_ratio}</span>
              </figcaption>
            )}
          </figure>
          {summary && id !== undefined && elsewhere !== null && (
            <p className="text-center text-sm text-zinc-300" data-testid="review-judged-elsewhere">
              {summary.rating ? `${ratingText(summary.rating)} · ` : ""}
              {elsewhere}
            </p>
          )}
          {summary && id !== undefined && elsewhere === null && (
            // On a surface of the page's own scheme, so the bar's fields read as they do everywhere else.
            <div className="mx-auto rounded-xl bg-white px-3 py-2 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
              <VerdictBar verdict={summary} onChange={(change) => onVerdict(id, change)} />
            </div>
          )}
          <ol aria-label="Images in this review" className="flex justify-center gap-2 overflow-hidden">
            {strip.map((stripId, offset) => {
              const at = from + offset;
              const item = summaries.get(stripId);
              return (
                <li key={stripId}>
                  <button
                    type="button"
                    onClick={() => setPosition(at)}
                    aria-current={at === position ? "true" : undefined}
                    aria-label={`Image ${at + 1}${item?.rating ? `, ${ratingText(item.rating)}` : ", not rated"}${item?.picked ? ", pick" : ""}`}
                    className={`flex flex-col items-center gap-0.5 rounded-lg p-1 ${at === position ? "bg-zinc-700 ring-2 ring-accent-500" : "hover:bg-zinc-800"}`}
                  >
                    {item && <RunThumbnail run={item} load={loadThumbnail} />}
                    <span className="h-3 text-[10px] leading-3 text-amber-400" data-testid="review-strip-rating">
                      {item?.rating ? "★".repeat(item.rating) : ""}
                      {item?.picked ? " ✓" : ""}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      </dialog>
      {/* Beside the review, not in it: React passes a dialog's close event on to the dialogs around it. */}
      {collecting && <LazyAddToCollectionDialog runIds={[collecting]} onClose={() => setCollecting(null)} />}
    </>
  );
}
