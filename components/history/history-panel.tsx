"use client";

import { usePrices } from "@/components/ui/prices-context";
import { formatMoney, type ReportedCost } from "@/lib/answer/service-usage";
import { estimateRunCost, sumCosts, type Prices } from "@/lib/request/prices";
import { useMemo, useRef, useState } from "react";
import { formatBytes } from "@/lib/utils/format-bytes";
import { EMPTY_FILTER, filterRuns } from "@/lib/history/history-filter";
import { groupHistory } from "@/lib/history/history-groups";
import type { HistoryRun } from "@/lib/history/history-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { HistoryFilters } from "./history-filters";
import { HistoryGridItem } from "./history-grid-item";
import { HistoryItem } from "./history-item";
import { HistoryNoticeBar } from "./history-notice-bar";
import { HistoryToolbar } from "./history-toolbar";
import { useNow } from "@/components/ui/use-now";
import { HistoryFrame, HistoryHeading } from "./history-frame";
import type { HistoryApi } from "./use-history";

export type HistoryPanelProps = {
  history: HistoryApi;
  shownId: string | null;
  onOpen: (run: HistoryRun) => void;
  onRerun: (run: HistoryRun) => void;
  onCompare: (runs: HistoryRun[]) => void;
  onOpenGrid: (cells: HistoryRun[]) => void;
  onRerunGrid: (cells: HistoryRun[]) => void;
};

/** The estimated cost of the runs made since local midnight, per currency (nothing without prices). */
function todaysCost(runs: readonly HistoryRun[], prices: Prices, now: number): ReportedCost[] {
  if (Object.keys(prices).length === 0) return [];
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return sumCosts(
    runs
      .filter((run) => run.createdAt >= midnight.getTime() && run.status === "succeeded")
      .map((run) => estimateRunCost(prices[run.request.model], { images: run.imageCount, usage: run.usage ?? null })),
  );
}

/** Every run kept in this browser: find one, open it, run it again, compare, export, import. */
export function HistoryPanel({ history, shownId, onOpen, onRerun, onCompare, onOpenGrid, onRerunGrid }: HistoryPanelProps) {
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmClear, setConfirmClear] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const now = useNow(30_000);
  const { runs } = history;
  const shown = useMemo(() => filterRuns(runs, filter), [runs, filter]);
  const entries = useMemo(() => groupHistory(shown), [shown]);
  const chosen = runs.filter((run) => selected.has(run.id));
  const usedBytes = runs.reduce((total, run) => total + run.sizeBytes, 0);
  const prices = usePrices();
  const today = useMemo(() => todaysCost(runs, prices, now), [runs, prices, now]);

  const toggle = (ids: readonly string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const deleteRun = (run: HistoryRun) => {
    // Focus moves to the next run's entry (or the previous), not back to the top of the page.
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-run-id]") ?? [])];
    const index = items.findIndex((item) => item.dataset.runId === run.id);
    const neighbour = items[index + 1] ?? items[index - 1];
    void history.remove([run.id]).then(() => neighbour?.querySelector<HTMLButtonElement>("button")?.focus());
    toggle([run.id], false);
  };

  return (
    <HistoryFrame>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <HistoryHeading />
        <div className="flex items-center gap-3">
          <p className="text-xs text-muted" data-testid="history-usage">
            {runs.length} run{runs.length === 1 ? "" : "s"} · {formatBytes(usedBytes)} of {formatBytes(history.caps.maxBytes)}
          </p>
          {today.length > 0 && (
            <p className="text-xs text-muted" data-testid="history-cost-today" title="Runs made today, at IMAGE_PRICES">
              Today ≈ {today.map(formatMoney).join(" + ")} estimated
            </p>
          )}
          <button
            type="button"
            className="text-xs font-medium text-red-700 hover:underline disabled:opacity-40 dark:text-red-300"
            disabled={runs.length === 0}
            onClick={() => setConfirmClear(true)}
          >
            Clear all
          </button>
        </div>
      </div>
      {history.unavailable && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {history.unavailable}
        </p>
      )}
      {history.notice && <HistoryNoticeBar notice={history.notice} onDismiss={history.dismissNotice} />}
      {runs.length > 0 && <HistoryFilters runs={runs} filter={filter} onChange={setFilter} />}
      <HistoryToolbar history={history} chosen={chosen} onCompare={onCompare} />
      {!history.ready ? (
        <p className="text-sm text-muted">Opening history…</p>
      ) : runs.length === 0 ? (
        <p className="text-sm text-muted">Every run you make is kept here, in this browser, with its images.</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">No run matches these filters.</p>
      ) : (
        <ul
          ref={listRef}
          aria-label="Saved runs"
          className="-mx-1 flex max-h-[70vh] flex-col gap-1 overflow-y-auto px-1 xl:max-h-none xl:min-h-0 xl:flex-1"
        >
          {entries.map((entry) => {
            if (entry.kind === "grid") {
              const ids = entry.all.map((run) => run.id);
              return (
                <HistoryGridItem
                  key={entry.id}
                  cells={entry.cells}
                  all={entry.all}
                  now={now}
                  selected={ids.every((id) => selected.has(id))}
                  onOpen={() => onOpenGrid(entry.cells)}
                  onSelect={(on) => toggle(ids, on)}
                  onStar={(starred) => void history.setStarred(ids, starred)}
                  onRerun={() => onRerunGrid(entry.cells)}
                  onDelete={() => {
                    void history.remove(ids);
                    toggle(ids, false);
                  }}
                />
              );
            }
            const { run } = entry;
            return (
              <HistoryItem
                key={run.id}
                run={run}
                now={now}
                shown={run.id === shownId}
                selected={selected.has(run.id)}
                onOpen={() => onOpen(run)}
                onSelect={(on) => toggle([run.id], on)}
                onStar={() => void history.setStarred([run.id], !run.starred)}
                onRerun={() => onRerun(run)}
                onDelete={() => deleteRun(run)}
              />
            );
          })}
        </ul>
      )}
      {confirmClear && (
        <ConfirmDialog
          title="Clear all history?"
          body={`This deletes all ${runs.length} saved runs from this browser, starred ones too. Export them first to keep a copy.`}
          confirmLabel="Delete all runs"
          onConfirm={() => {
            void history.clear();
            setSelected(new Set());
            // The list and its buttons are gone: the next thing to do is a new run.
            document.getElementById("prompt")?.focus();
          }}
          onClose={() => setConfirmClear(false)}
        />
      )}
    </HistoryFrame>
  );
}
