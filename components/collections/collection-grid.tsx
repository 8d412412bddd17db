"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { CollectionEntry } from "@/lib/library/collection-types";
import { VerdictBadges } from "@/components/verdict/verdict-badges";
import { entryKey, pictureOf } from "./collection-entries";

/** A cell's width to aim for; the grid fits as many as the page is wide. */
const CELL_PX = 220;
/** The picture is square; the caption under it has this height. */
const CAPTION_PX = 56;
const GAP_PX = 12;

type CollectionGridProps = {
  entries: readonly CollectionEntry[];
  fileUrl: (file: { hash: string; name: string }) => string;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onOpen: (index: number) => void;
};

/**
 * A collection's pictures in a grid that follows the page's scroll, virtualized by rows: only the
 * rows in view (and a few either side) are in the page, whatever the collection's size. Each cell
 * shows the run's small picture; the full image loads only when the run is opened.
 */
export function CollectionGrid({ entries, fileUrl, selected, onToggle, onOpen }: CollectionGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const measure = () => {
      setWidth(grid.clientWidth);
      setOffset(grid.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor((width + GAP_PX) / (CELL_PX + GAP_PX)));
  const cellWidth = width > 0 ? (width - GAP_PX * (columns - 1)) / columns : CELL_PX;
  const rowHeight = cellWidth + CAPTION_PX + GAP_PX;
  const rowCount = Math.ceil(entries.length / columns);

  const virtualizer = useWindowVirtualizer({ count: rowCount, estimateSize: () => rowHeight, overscan: 3, scrollMargin: offset });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  return (
    <div ref={gridRef} data-testid="collection-grid" aria-label="Runs on this collection" role="list">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className="absolute inset-x-0 grid"
            style={{
              top: row.start - offset,
              height: rowHeight - GAP_PX,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: GAP_PX,
            }}
          >
            {entries.slice(row.index * columns, row.index * columns + columns).map((entry, column) => {
              const index = row.index * columns + column;
              const key = entryKey(entry);
              return (
                <CollectionCell
                  key={key}
                  entry={entry}
                  position={index + 1}
                  total={entries.length}
                  fileUrl={fileUrl}
                  selected={selected.has(key)}
                  onToggle={() => onToggle(key)}
                  onOpen={() => onOpen(index)}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

function CollectionCell({
  entry,
  position,
  total,
  fileUrl,
  selected,
  onToggle,
  onOpen,
}: {
  entry: CollectionEntry;
  position: number;
  total: number;
  fileUrl: CollectionGridProps["fileUrl"];
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const run = entry.record;
  if (!run) return null;
  const picture = pictureOf(entry, "small");
  return (
    <div
      role="listitem"
      aria-setsize={total}
      aria-posinset={position}
      data-testid="collection-item"
      data-run-id={run.id}
      className={`flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white dark:bg-zinc-900 ${selected ? "border-accent-500 ring-2 ring-accent-500" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      {/* Square whatever the picture's shape: clipped, so a tall picture's own height cannot stretch it past the square and push the caption out of the cell. */}
      <div className="checkerboard relative aspect-square w-full shrink-0 overflow-hidden">
        <button
          type="button"
          onClick={onOpen}
          className="block size-full focus-visible:outline-2 focus-visible:outline-accent-500"
          aria-label={`Open: ${run.request.prompt.slice(0, 80)}`}
        >
          {picture ? (
            // eslint-disable-next-line @next/next/no-img-element -- a picture from the library, cached by its hash
            <img src={fileUrl(picture)} alt="" loading="lazy" decoding="async" className="size-full object-contain" />
          ) : (
            <span className="flex size-full items-center justify-center p-3 text-center text-xs text-muted">
              {run.statusText}: no picture
            </span>
          )}
        </button>
        <label className="absolute top-1.5 left-1.5 flex size-7 items-center justify-center rounded-md bg-white/90 shadow-sm dark:bg-zinc-900/90">
          <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select: ${run.request.prompt.slice(0, 80)}`} />
        </label>
      </div>
      <div className="flex min-h-0 flex-col gap-0.5 px-2 py-1.5 text-xs" style={{ height: CAPTION_PX }}>
        <p className="truncate text-zinc-900 dark:text-zinc-100" title={run.request.prompt} data-testid="collection-prompt">
          {run.request.prompt || <em className="text-muted">(empty prompt)</em>}
        </p>
        <p className="flex items-center gap-2 truncate text-muted">
          <span className="truncate">{entry.authorName}</span>
          <VerdictBadges verdict={run} />
          <span className="truncate font-mono">{run.request.model}</span>
        </p>
      </div>
    </div>
  );
}
