"use client";

import { memo } from "react";
import { useHistoryState, type HistoryApi } from "@/components/history/use-history";
import { GridActions } from "./grid-actions";
import { GridView } from "./grid-view";
import { useGridSession, type GridRunner } from "./use-grid-runner";
import { useGridVerdicts } from "./use-grid-verdicts";

type LiveGridViewProps = {
  grid: GridRunner;
  /** Where the grid's cells are saved as they land, with their ratings. */
  history: HistoryApi;
  onOpen: (index: number) => void;
  onReview: (ids: string[]) => void;
  collections: boolean;
};

/**
 * The grid on the playground, with its actions: it reads the runner's session and the saved cells'
 * ratings itself, so a cell that lands (and then is saved) renders this table again and not the
 * page around it.
 */
export const LiveGridView = memo(function LiveGridView({ grid, history, onOpen, onReview, collections }: LiveGridViewProps) {
  const session = useGridSession(grid, (current) => current);
  const summaries = useHistoryState(history, (state) => state.summaries);
  const { verdicts, onVerdict } = useGridVerdicts(summaries, session?.id ?? null, history.setVerdict);
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
        <GridActions session={session} verdicts={verdicts} onReview={onReview} loadGroup={history.loadGroup} collections={collections} />
      }
    />
  );
});
