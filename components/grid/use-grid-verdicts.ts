"use client";

import { useCallback, useMemo } from "react";
import type { RunSummary } from "@/lib/history/history-types";
import type { VerdictChange } from "@/lib/history/verdict";

/**
 * The saved run of each cell of a grid (its latest, as history keeps it), for the cells' ratings
 * and picks; a change goes to that run in history.
 */
export function useGridVerdicts(
  summaries: readonly RunSummary[],
  groupId: string | null,
  setVerdict: (ids: readonly string[], change: VerdictChange) => Promise<void>,
) {
  const verdicts = useMemo(() => {
    const byCell = new Map<number, RunSummary>();
    if (groupId === null) return byCell;
    // Newest first: the first run seen of a cell is its latest.
    for (const run of summaries) {
      if (run.group?.id === groupId && !byCell.has(run.group.cellIndex)) byCell.set(run.group.cellIndex, run);
    }
    return byCell;
  }, [summaries, groupId]);
  const onVerdict = useCallback(
    (index: number, change: VerdictChange) => {
      const run = verdicts.get(index);
      if (run) void setVerdict([run.id], change);
    },
    [verdicts, setVerdict],
  );
  return { verdicts, onVerdict };
}
