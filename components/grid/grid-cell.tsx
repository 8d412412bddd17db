"use client";

import { memo, useCallback, useMemo, useRef } from "react";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import { summariseCell } from "@/lib/grid/cell-summary";
import type { GridCell as PlannedCell } from "@/lib/grid/grid-plan";
import { downloadImage } from "@/lib/browser/image-actions";
import { useBlobImageSource } from "@/lib/browser/use-image-src";
import type { GridCellView } from "./use-grid-runner";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import type { Verdict, VerdictChange } from "@/lib/history/verdict";
import { RatingStars } from "@/components/verdict/rating-stars";
import { PickButton } from "@/components/verdict/pick-button";
import { useVerdictKeys } from "@/components/verdict/use-verdict-keys";

/**
 * `now` only matters while the cell runs or waits; callbacks take the cell's index so they stay the
 * same between renders. `gridRunning`: a cell is run again only once the grid is done, so that
 * reruns never add to the grid's concurrency.
 */
type GridCellProps = {
  cell: PlannedCell;
  view: GridCellView;
  now: number;
  gridRunning: boolean;
  /** Absent where cells cannot run (a shared grid): no Rerun button. */
  onRerun?: (indices: number[]) => void;
  /** What a queued cell says (a shared grid's cells are "Loading…", not queued to run). */
  queuedLabel?: string;
  onOpen: (index: number) => void;
  /** The cell's saved verdict (absent until it is saved, and on a shared grid), and how to change it. */
  verdict?: Verdict;
  onVerdict?: (index: number, change: VerdictChange) => void;
  /** The best-rated cell of its row. */
  best?: boolean;
  /** In the table's first row (the first on screen). */
  firstRow?: boolean;
};

type ImageSource = DisplayImage["source"];

const action =
  "rounded-md border border-zinc-300 bg-white/90 px-1.5 py-0.5 text-[11px] font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900/90 dark:hover:bg-zinc-800";

/**
 * One request of the grid: a box of its requested shape that fills with the image or the error.
 * Memoised: as cells land, only the cells that changed render again, not the whole table.
 */
export const GridCellBox = memo(function GridCellBox({
  cell,
  view,
  now,
  gridRunning,
  onRerun: rerunCells,
  onOpen: openCell,
  queuedLabel = "Queued",
  verdict,
  onVerdict: changeVerdict,
  best = false,
  firstRow = false,
}: GridCellProps) {
  const rate = useCallback((change: VerdictChange) => changeVerdict?.(cell.index, change), [changeVerdict, cell.index]);
  const onVerdictKey = useVerdictKeys(verdict, changeVerdict ? rate : undefined);
  const onRerun = () => rerunCells?.([cell.index]);
  const onOpen = () => openCell(cell.index);
  const ratio = parseAspectRatio(cell.aspect_ratio);
  const summary = useMemo(() => (view.outcome ? summariseCell(view.outcome) : null), [view.outcome]);
  const { progress } = view;
  const busy = progress.status === "running" || progress.status === "queued" || progress.status === "waiting";
  const swept = cell.extra ? Object.entries(cell.extra).map(([name, value]) => ` · ${name} ${JSON.stringify(value)}`) : [];
  const label = `${cell.prompt} · ${cell.model} · ${cell.aspect_ratio}${swept.join("")}`;
  // Pictures known from the start are in the server's page: beyond the first row they wait until
  // they are near the screen, so the page's scripts and the first row are fetched before them.
  const lazyPicture = view.picture !== undefined && !firstRow;
  return (
    <figure
      className="flex flex-col gap-1"
      data-testid="grid-cell"
      data-cell-index={cell.index}
      data-status={summary?.kind ?? progress.status}
      data-best={best || undefined}
      aria-label={label}
      onKeyDown={onVerdictKey}
    >
      {/* The box keeps the requested ratio from the start, so the table does not jump as images land. */}
      <div
        className={`checkerboard relative flex items-center justify-center overflow-hidden rounded-lg border ${best ? "border-amber-400 ring-2 ring-amber-400 dark:border-amber-400" : "border-zinc-200 dark:border-zinc-800"}`}
        style={{ aspectRatio: ratio ? `${ratio.width} / ${ratio.height}` : "1 / 1" }}
      >
        {best && (
          <span
            className="absolute top-1 left-1 z-10 rounded bg-amber-400 px-1 text-[10px] font-semibold text-amber-950"
            data-testid="grid-cell-best"
          >
            Best in row
          </span>
        )}
        {/* The same element before and after the answer is read: the picture stays on screen while its source changes. */}
        {summary?.kind === "image" ? (
          <CellImage source={summary.image.source} picture={view.picture} lazy={lazyPicture} label={label} onOpen={onOpen} />
        ) : !summary && view.picture ? (
          <CellImage picture={view.picture} lazy={lazyPicture} label={label} />
        ) : summary?.kind === "problem" && !busy ? (
          <div
            role="alert"
            className="flex h-full w-full flex-col justify-center gap-1 overflow-auto bg-red-50 p-2 text-[11px] leading-snug text-red-950 dark:bg-red-950/40 dark:text-red-100"
          >
            <p className="font-semibold">
              {summary.title}
              {summary.status !== null && <span className="font-mono font-normal"> ({summary.status})</span>}
            </p>
            {summary.message && <p className="line-clamp-4 break-words">{summary.message}</p>}
          </div>
        ) : (
          <p className="px-2 text-center text-xs text-muted" role="status">
            {progress.status === "running" && `Running… ${((now - progress.startedAt) / 1000).toFixed(1)} s`}
            {progress.status === "queued" && queuedLabel}
            {progress.status === "waiting" &&
              `Told to wait; retry ${progress.attempt} in ${Math.max(0, Math.ceil((progress.until - now) / 1000))} s`}
            {progress.status === "cancelled" && "Cancelled"}
          </p>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center gap-1 text-[11px] text-muted">
        {summary ? (
          <span className="font-mono" data-testid="grid-cell-meta">
            {summary.status ?? "—"} · {(summary.durationMs / 1000).toFixed(1)} s
          </span>
        ) : (
          // A picture shown before its answer is read: the facts' room is kept (and Download's, below),
          // so the rows below do not move when they arrive.
          view.picture && (
            <span className="invisible font-mono" aria-hidden="true">
              000 · 0.0 s
            </span>
          )
        )}
        <span className="ml-auto flex gap-1">
          {rerunCells && (
            <button type="button" className={action} onClick={onRerun} disabled={busy || gridRunning} aria-label={`Rerun ${label}`}>
              Rerun
            </button>
          )}
          <button type="button" className={action} onClick={onOpen} disabled={!view.outcome} aria-label={`Open ${label}`}>
            Open
          </button>
          {/* A picture shown before its answer is read has its Download too, enabled with Open. */}
          {(summary?.kind === "image" || (!summary && view.picture)) && (
            <button
              type="button"
              className={action}
              onClick={() => summary?.kind === "image" && void downloadImage(summary.image, cell.index)}
              disabled={summary?.kind !== "image"}
              aria-label={`Download ${label}`}
            >
              ↓
            </button>
          )}
        </span>
      </figcaption>
      {verdict && changeVerdict && (
        <div className="flex items-center gap-1">
          <RatingStars rating={verdict.rating} onRate={(rating) => rate({ rating })} size="sm" />
          <PickButton
            picked={verdict.picked === true}
            onToggle={() => rate({ picked: !verdict.picked })}
            label={`Pick ${label}`}
            title={verdict.note ? `Note: ${verdict.note}` : "Mark as the pick (P)"}
            className={`${action} ml-auto`}
          />
        </div>
      )}
    </figure>
  );
});

function CellImage({
  source = null,
  picture,
  lazy = false,
  label,
  onOpen,
}: {
  /** The image as the answer gives it (null until the answer is read). */
  source?: ImageSource | null;
  /** Its address, known before the answer is read (see GridCellView). */
  picture?: string;
  /** Fetched only once near the screen. */
  lazy?: boolean;
  label: string;
  onOpen?: () => void;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  useBlobImageSource(imageRef, source);
  // A blob's URL is set by the hook, over the picture, which stays until the blob's image replaces it.
  const src = source?.kind === "url" ? source.url : picture;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a blob or a service URL, nothing next/image could optimise
    <img
      ref={imageRef}
      src={src}
      alt={label}
      referrerPolicy="no-referrer"
      decoding="async"
      loading={lazy ? "lazy" : undefined}
      onClick={onOpen}
      className={`h-full w-full object-contain ${onOpen ? "cursor-zoom-in" : ""}`}
    />
  );
}
