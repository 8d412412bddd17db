"use client";

import { ratingText } from "@/lib/history/verdict";
import { dateTimeText } from "@/lib/utils/time-ago";
import { useEffect, useMemo, useRef, useState } from "react";
import { imageBlob } from "@/lib/browser/image-blob";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import type { HistoryRun } from "@/lib/history/history-types";
import { RUN_STATUS_LABELS } from "@/lib/history/history-types";
import { restoreOutcome } from "@/lib/history/restore-run";
import { diffWords, type DiffToken } from "@/lib/history/word-diff";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { PromptDiff } from "./prompt-diff";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";
import { buttonClass } from "@/components/ui/button";

/**
 * Two to four runs side by side, oldest first as the baseline: images drawn at one common scale
 * (a 1024-pixel image is as wide in every column), changed prompt words marked, and model, ratio,
 * duration and status beside each, with what differs from the baseline in bold.
 */

type ShownImage = { src: string; width: number; height: number } | { src: null; note: string };

async function firstImageOf(run: HistoryRun): Promise<{ src: string | null; revoke: boolean; note: string }> {
  const { outcome, savedImages } = await restoreOutcome(run);
  if (outcome.kind !== "service") return { src: null, revoke: false, note: RUN_STATUS_LABELS[run.status] };
  const first = interpretAnswer(outcome.exchange.bytes, outcome.exchange.contentType, outcome.exchange.url).images[0];
  if (!first) return { src: null, revoke: false, note: "No image in this run" };
  if (first.source.kind === "url") {
    const saved = savedImages.get(first.source.url);
    if (!saved) return { src: first.source.url, revoke: false, note: "" };
    return { src: URL.createObjectURL(new Blob([saved.bytes], { type: saved.mime })), revoke: true, note: "" };
  }
  const blob = imageBlob(first.source);
  return blob ? { src: URL.createObjectURL(blob), revoke: true, note: "" } : { src: null, revoke: false, note: "No image in this run" };
}

function loadSize(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const probe = new Image();
    probe.referrerPolicy = "no-referrer";
    probe.onload = () => resolve({ width: probe.naturalWidth, height: probe.naturalHeight });
    probe.onerror = () => resolve(null);
    probe.src = src;
  });
}

function useComparedImages(runs: HistoryRun[]): ShownImage[] | null {
  const [images, setImages] = useState<ShownImage[] | null>(null);
  useAbortableEffect(
    (signal) => {
      const revocable: string[] = [];
      signal.addEventListener("abort", () => {
        for (const url of revocable) URL.revokeObjectURL(url);
      });
      void Promise.all(
        runs.map(async (run): Promise<ShownImage> => {
          const found = await firstImageOf(run);
          if (!found.src) return { src: null, note: found.note };
          if (found.revoke) revocable.push(found.src);
          const size = await loadSize(found.src);
          return size ? { src: found.src, ...size } : { src: null, note: "The image did not load (its link may have expired)" };
        }),
      ).then((loaded) => {
        if (!signal.aborted) setImages(loaded);
        // An image that finished loading after the dialog closed is let go at once.
        else for (const url of revocable) URL.revokeObjectURL(url);
      });
    },
    [runs],
  );
  return images;
}

export function CompareDialog({ runs: picked, onClose }: { runs: HistoryRun[]; onClose: () => void }) {
  const dialogRef = useModalDialog();
  const gridRef = useRef<HTMLDivElement>(null);
  const runs = useMemo(() => [...picked].sort((a, b) => a.createdAt - b.createdAt), [picked]);
  const images = useComparedImages(runs);
  const [columnWidth, setColumnWidth] = useState(0);

  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const observer = new ResizeObserver(() => {
      const gap = 16;
      setColumnWidth((grid.clientWidth - gap * (runs.length - 1)) / runs.length);
    });
    observer.observe(grid);
    return () => observer.disconnect();
  }, [runs.length]);

  const prompts = useMemo(() => comparePrompts(runs.map((run) => run.request.prompt)), [runs]);
  // One scale for all: the largest that fits every image in its column and in 60% of the window's height.
  const scale = useMemo(() => {
    if (!images || columnWidth <= 0) return 0;
    const limits = images.flatMap((image) => (image.src ? [columnWidth / image.width, (window.innerHeight * 0.6) / image.height] : []));
    return limits.length > 0 ? Math.min(1, ...limits) : 0;
  }, [images, columnWidth]);
  const baseline = runs[0];

  return (
    <dialog
      ref={dialogRef}
      aria-label="Compare runs"
      onClose={onClose}
      className="m-auto h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-none rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/60 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Compare {runs.length} runs</h2>
        <p className="hidden text-xs text-muted sm:block">
          Oldest first; words that differ from it are marked. Images share one scale{scale > 0 ? ` (${Math.round(scale * 100)}%)` : ""}.
        </p>
        <button type="button" autoFocus onClick={() => dialogRef.current?.close()} className={buttonClass()}>
          Close
        </button>
      </div>
      <div ref={gridRef} className="mt-4 grid gap-4" style={{ gridTemplateColumns: `repeat(${runs.length}, minmax(0, 1fr))` }}>
        {runs.map((run, index) => {
          const image = images?.[index];
          const differs = (value: string, base: string | undefined) =>
            index > 0 && value !== base ? "font-semibold text-accent-700 dark:text-accent-400" : "";
          return (
            <article
              key={run.id}
              className="flex min-w-0 flex-col gap-3"
              data-testid="compare-column"
              aria-label={`Run ${index + 1}${index === 0 ? " (baseline)" : ""}`}
            >
              <div className="checkerboard flex min-h-40 items-center justify-center overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
                {!image ? (
                  <span className="text-sm text-muted">Loading…</span>
                ) : image.src === null ? (
                  <span className="p-4 text-sm text-muted">{image.note}</span>
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- blob or service URL
                  <img
                    src={image.src}
                    alt={`Image of run ${index + 1}`}
                    referrerPolicy="no-referrer"
                    width={Math.round(image.width * scale)}
                    height={Math.round(image.height * scale)}
                    data-testid="compare-image"
                  />
                )}
              </div>
              <dl className="grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 text-xs">
                <dt className="text-muted">Model</dt>
                <dd className={`truncate font-mono ${differs(run.request.model, baseline?.request.model)}`}>{run.request.model}</dd>
                <dt className="text-muted">Ratio</dt>
                <dd className={`font-mono ${differs(run.request.aspect_ratio, baseline?.request.aspect_ratio)}`}>
                  {run.request.aspect_ratio}
                </dd>
                <dt className="text-muted">Duration</dt>
                <dd>{(run.durationMs / 1000).toFixed(2)} s</dd>
                <dt className="text-muted">Status</dt>
                <dd>
                  {RUN_STATUS_LABELS[run.status]} · {run.statusText}
                </dd>
                <dt className="text-muted">When</dt>
                <dd>{dateTimeText(run.createdAt)}</dd>
                <dt className="text-muted">Verdict</dt>
                <dd data-testid="compare-verdict">
                  {run.rating ? <span className="text-amber-700 dark:text-amber-300">{ratingText(run.rating)}</span> : "Not rated"}
                  {run.picked && " · Pick"}
                  {run.note && <span className="block text-muted">“{run.note}”</span>}
                </dd>
              </dl>
              <PromptDiff tokens={prompts[index] ?? []} side={index === 0 ? "baseline" : "other"} />
            </article>
          );
        })}
      </div>
    </dialog>
  );
}

/** The baseline marks the words some other prompt lacks; every other prompt marks what it adds or changes. */
function comparePrompts(prompts: string[]): DiffToken[][] {
  const [baseline = "", ...others] = prompts;
  const diffs = others.map((other) => diffWords(baseline, other));
  const baselineTokens = diffWords(baseline, baseline).before.map((token, index) => ({
    ...token,
    changed: diffs.some((diff) => diff.before[index]?.changed),
  }));
  return [baselineTokens, ...diffs.map((diff) => diff.after)];
}
