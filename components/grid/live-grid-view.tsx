"use client";

import { memo } from "react";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import type { VerdictChange } from "@/lib/history/verdict";
import { GridActions } from "./grid-actions";
import { GridView } from "./grid-view";
import { useGridSession, type GridRunner } from "./use-grid-runner";

type LiveGridViewProps = {
  grid: GridRunner;
  onOpen: (index: number) => void;
  verdicts: ReadonlyMap<number, RunSummary>;
  onVerdict: (index: number, change: VerdictChange) => void;
  onReview: (ids: string[]) => void;
  loadGroup: (groupId: string) => Promise<HistoryRun[]>;
  collections: boolean;
};

/**
 * The grid on the playground, with its actions: it reads the runner's session itself, so a cell
 * that lands renders this table again and not the page around it.
 */
export const LiveGridView = memo(function LiveGridView({
  grid,
  onOpen,
  verdicts,
  onVerdict,
  onReview,
  loadGroup,
  collections,
}: LiveGridViewProps) {
  const session = useGridSession(grid, (current) => current);
  if (!session) return null;
  return (
    <GridView
      session={session}
      onRowAxis={grid.setRowAxis}
      onRerun={grid.rerun}
      onOpen={onOpen}
      onCancelAll={grid.cancelAll}
      verdicts={verdicts}
      onVerdict={onVerdict}
      extraActions={
        <GridActions session={session} verdicts={verdicts} onReview={onReview} loadGroup={loadGroup} collections={collections} />
      }
    />
  );
});
