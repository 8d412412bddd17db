"use client";

import { useMemo, useState } from "react";
import { layoutGrid } from "@/lib/grid/grid-layout";
import { activeAxes, GRID_AXES, type GridAxis } from "@/lib/grid/grid-plan";
import { useNow } from "@/components/ui/use-now";
import { GridCellBox } from "./grid-cell";
import { PanelBoundary } from "@/components/ui/panel-boundary";
import type { GridSession } from "./use-grid-runner";
import { lazyModule } from "@/components/ui/lazy-module";
import { usePrices } from "@/components/ui/prices-context";
import { summariseCell } from "@/lib/grid/cell-summary";
import { formatMoney } from "@/lib/answer/format-money";
import { estimateRunCost, sumCosts } from "@/lib/request/prices";
import { bestRatedPerRow, type Verdict, type VerdictChange } from "@/lib/history/verdict";
import { buttonClass } from "@/components/ui/button";

/** The zip code loads when someone first downloads a grid. */
const gridDownload = lazyModule(() => import("./grid-download"));

const AXIS_NAMES: Record<Exclude<GridAxis, "field">, string> = { prompt: "Prompt", model: "Model", ratio: "Ratio" };
const button = buttonClass("secondary", "sm");

type GridViewProps = {
  session: GridSession;
  onRowAxis: (axis: GridAxis) => void;
  onOpen: (index: number) => void;
  /** Both absent where nothing can run (a shared grid): no Cancel all, no Rerun. */
  onRerun?: (indices: number[]) => void;
  onCancelAll?: () => void;
  /** More buttons for the toolbar (Share grid). */
  extraActions?: React.ReactNode;
  /** What queued cells say (see GridCellBox). */
  queuedLabel?: string;
  /** Saved cells' verdicts by cell index, and how to change one (absent on a shared grid). */
  verdicts?: ReadonlyMap<number, Verdict>;
  onVerdict?: (index: number, change: VerdictChange) => void;
};

/** A grid as a table: one axis down, the other two across, cells filling in as they finish. */
export function GridView({
  session,
  onRowAxis,
  onRerun,
  onOpen,
  onCancelAll,
  extraActions,
  queuedLabel,
  verdicts,
  onVerdict,
}: GridViewProps) {
  const [note, setNote] = useState<string | null>(null);
  const table = useMemo(() => layoutGrid(session.plan, session.rowAxis), [session.plan, session.rowAxis]);
  const bestCells = useMemo(
    () => new Set(bestRatedPerRow(table.rows, (cell) => verdicts?.get(cell.index)).map((cell) => cell?.index)),
    [table, verdicts],
  );
  // One pass over the cells: the progress counts, and which cells "Rerun failed" would run.
  const { counts, failed } = useMemo(() => {
    const count = { done: 0, failed: 0, busy: 0, cancelled: 0 };
    const rerunnable: number[] = [];
    session.cells.forEach((cell, index) => {
      const { status } = cell.progress;
      if (status === "done") {
        const outcome = cell.outcome;
        const ok = outcome?.kind === "service" && outcome.exchange.status >= 200 && outcome.exchange.status < 300;
        if (ok) count.done += 1;
        else {
          count.failed += 1;
          rerunnable.push(index);
        }
      } else if (status === "cancelled") {
        count.cancelled += 1;
        rerunnable.push(index);
      } else count.busy += 1;
    });
    return { counts: count, failed: rerunnable };
  }, [session.cells]);
  const prices = usePrices();
  const spent = useMemo(() => {
    const costs = session.cells.map((cell, index) => {
      const summary = cell.outcome ? summariseCell(cell.outcome) : null;
      if (summary?.kind !== "image") return null;
      const model = session.plan.cells[index]?.model ?? "";
      return estimateRunCost(prices[model], { images: summary.imageCount, usage: summary.usage });
    });
    return sumCosts(costs);
  }, [session.cells, session.plan.cells, prices]);
  // Ticks only while something runs or waits: the counters in the cells and the pause notice.
  const now = useNow(250, counts.busy > 0);
  const total = session.plan.cells.length;
  /** The swept field is named by itself ("seed"). */
  const axisName = (axis: GridAxis) => (axis === "field" ? session.plan.field : AXIS_NAMES[axis]);

  return (
    <div className="flex flex-col gap-3" data-testid="grid-view">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="mr-auto" role="status" data-testid="grid-progress">
          <span className="font-semibold">{total} cells</span>: {counts.done} done · {counts.failed} failed · {counts.busy} to go
          {counts.cancelled > 0 && ` · ${counts.cancelled} cancelled`}
          {spent.length > 0 && (
            <span data-testid="grid-cost" title="The finished cells, at IMAGE_PRICES">
              {" "}
              · ≈ {spent.map(formatMoney).join(" + ")} estimated
            </span>
          )}
        </p>
        <label htmlFor="grid-view-rows" className="text-xs">
          Rows
        </label>
        <select
          id="grid-view-rows"
          value={session.rowAxis}
          onChange={(event) => onRowAxis(GRID_AXES.find((axis) => axis === event.target.value) ?? "prompt")}
          className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          {activeAxes(session.plan).map((axis) => (
            <option key={axis} value={axis}>
              {axisName(axis)}
            </option>
          ))}
        </select>
        {onCancelAll && (
          <button type="button" className={button} onClick={onCancelAll} disabled={session.runningBatches === 0}>
            Cancel all
          </button>
        )}
        {onRerun && (
          <button
            type="button"
            className={button}
            onClick={() => onRerun(failed)}
            disabled={failed.length === 0 || session.runningBatches > 0}
          >
            Rerun failed{failed.length > 0 ? ` (${failed.length})` : ""}
          </button>
        )}
        <button
          type="button"
          className={button}
          disabled={counts.done === 0}
          onClick={() => void gridDownload.load().then(async (module) => setNote(await module.downloadGrid(session.plan, session.cells)))}
        >
          Download all
        </button>
        {extraActions}
      </div>
      {session.pausedUntil !== null && session.pausedUntil > now && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="grid-paused"
        >
          Too many requests: new cells wait {Math.ceil((session.pausedUntil - now) / 1000)} s, as the answer asked, then the refused ones
          are tried again.
        </p>
      )}
      {note && <p className="text-xs text-muted">{note}</p>}
      <div className="overflow-x-auto">
        {/* Equal columns whatever a cell holds; past a few columns the table scrolls instead of squeezing. */}
        <table
          className="w-full table-fixed border-separate border-spacing-2 text-left text-xs"
          style={{ minWidth: `${7 + table.columnLabels.length * 9}rem` }}
        >
          <thead>
            <tr>
              <th scope="col" className="w-28 align-bottom text-[11px] font-medium text-muted">
                <span className="block">{table.columnAxes.map(axisName).join(" × ")} →</span>
                <span className="block">{axisName(table.rowAxis)} ↓</span>
              </th>
              {table.columnLabels.map((labels, column) => (
                <th key={column} scope="col" className="align-bottom font-medium">
                  {labels.map((label, position) => {
                    const text = table.columnAxes[position] === "field" ? `${session.plan.field}: ${label}` : label;
                    return position === 0 ? (
                      <span key={position} className="line-clamp-2 break-words">
                        {text}
                      </span>
                    ) : (
                      <span key={position} className="block font-mono text-muted">
                        {text}
                      </span>
                    );
                  })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((cells, row) => (
              <tr key={row}>
                <th scope="row" className="align-top font-medium">
                  <span className="line-clamp-4 break-words">
                    {table.rowAxis === "field" ? `${session.plan.field}: ${table.rowLabels[row]}` : table.rowLabels[row]}
                  </span>
                </th>
                {cells.map((cell) => {
                  const view = session.cells[cell.index];
                  return (
                    <td key={cell.index} className="align-top">
                      {view && (
                        <PanelBoundary panel={`Cell ${cell.index + 1}`}>
                          <GridCellBox
                            cell={cell}
                            view={view}
                            now={isBusy(view) ? now : 0}
                            gridRunning={session.runningBatches > 0}
                            onRerun={onRerun}
                            onOpen={onOpen}
                            queuedLabel={queuedLabel}
                            verdict={verdicts?.get(cell.index)}
                            onVerdict={onVerdict}
                            best={bestCells.has(cell.index)}
                            firstRow={row === 0}
                          />
                        </PanelBoundary>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function isBusy(view: GridSession["cells"][number]): boolean {
  const { status } = view.progress;
  return status === "running" || status === "queued" || status === "waiting";
}
