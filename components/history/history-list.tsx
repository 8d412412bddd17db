"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import { markPerformance, PERF_MARKS } from "@/lib/browser/perf-marks";
import type { HistoryEntry } from "@/lib/history/history-groups";
import type { RunSummary } from "@/lib/history/history-types";
import { HistoryGridItem } from "./history-grid-item";
import { HistoryItem } from "./history-item";

type HistoryListProps = {
  entries: HistoryEntry[];
  /** Older pages are still being read. */
  busy: boolean;
  now: number;
  shownId: string | null;
  selected: ReadonlySet<string>;
  loadThumbnail: (id: string) => Promise<Blob | null>;
  onOpen: (run: RunSummary) => void;
  onRerun: (run: RunSummary) => void;
  onOpenGrid: (cells: RunSummary[]) => void;
  onRerunGrid: (cells: RunSummary[]) => void;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  onStar: (ids: readonly string[], starred: boolean) => void;
  onDelete: (ids: readonly string[]) => Promise<void>;
};

/** A row's height before it is measured: a run with a two-line prompt. */
const ESTIMATED_ROW_PX = 76;

const entryKey = (entry: HistoryEntry) => (entry.kind === "grid" ? `grid:${entry.id}` : entry.run.id);

/**
 * The history list, virtualized: only the rows in view (and a few either side) are in the page,
 * whatever the number of runs, and each row is measured once it is drawn. Screen readers still
 * hear each row's place in the whole list (aria-setsize / aria-posinset).
 */
export function HistoryList({
  entries,
  busy,
  now,
  shownId,
  selected,
  loadThumbnail,
  onOpen,
  onRerun,
  onOpenGrid,
  onRerunGrid,
  onSelect,
  onStar,
  onDelete,
}: HistoryListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in this render only
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => {
      const entry = entries[index];
      return entry ? entryKey(entry) : index;
    },
    overscan: 6,
  });
  const rows = virtualizer.getVirtualItems();
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (hasRows && performance.getEntriesByName(PERF_MARKS.historyShown).length === 0) markPerformance(PERF_MARKS.historyShown);
  }, [hasRows]);

  /** Focus moves to the next entry (or the previous), not back to the top of the page. */
  const deleteEntry = (index: number, ids: readonly string[]) => {
    const neighbour = entries[index + 1] ?? entries[index - 1];
    const neighbourKey = neighbour ? entryKey(neighbour) : null;
    void onDelete(ids).then(() => {
      if (!neighbourKey) return;
      const row = scrollerRef.current?.querySelector<HTMLElement>(`[data-entry-key="${CSS.escape(neighbourKey)}"]`);
      row?.querySelector<HTMLButtonElement>("button")?.focus();
    });
  };

  return (
    <div
      ref={scrollerRef}
      data-testid="history-scroller"
      className="-mx-1 max-h-[70vh] overflow-y-auto px-1 xl:max-h-none xl:min-h-0 xl:flex-1"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        <ul
          aria-label="Saved runs"
          aria-busy={busy}
          className="absolute inset-x-0 top-0 flex flex-col"
          style={{ transform: `translateY(${rows[0]?.start ?? 0}px)` }}
        >
          {rows.map((row) => {
            const entry = entries[row.index];
            if (!entry) return null;
            return (
              <li
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                data-entry-key={entryKey(entry)}
                aria-setsize={entries.length}
                aria-posinset={row.index + 1}
                className="pb-1"
              >
                {entry.kind === "grid" ? (
                  <HistoryGridItem
                    cells={entry.cells}
                    all={entry.all}
                    loadThumbnail={loadThumbnail}
                    now={now}
                    selected={entry.all.every((run) => selected.has(run.id))}
                    onOpen={() => onOpenGrid(entry.cells)}
                    onSelect={(on) =>
                      onSelect(
                        entry.all.map((run) => run.id),
                        on,
                      )
                    }
                    onStar={(starred) =>
                      onStar(
                        entry.all.map((run) => run.id),
                        starred,
                      )
                    }
                    onRerun={() => onRerunGrid(entry.cells)}
                    onDelete={() =>
                      deleteEntry(
                        row.index,
                        entry.all.map((run) => run.id),
                      )
                    }
                  />
                ) : (
                  <HistoryItem
                    run={entry.run}
                    loadThumbnail={loadThumbnail}
                    now={now}
                    shown={entry.run.id === shownId}
                    selected={selected.has(entry.run.id)}
                    onOpen={() => onOpen(entry.run)}
                    onSelect={(on) => onSelect([entry.run.id], on)}
                    onStar={() => onStar([entry.run.id], !entry.run.starred)}
                    onRerun={() => onRerun(entry.run)}
                    onDelete={() => deleteEntry(row.index, [entry.run.id])}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
