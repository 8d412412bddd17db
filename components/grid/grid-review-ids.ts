import { layoutGrid } from "@/lib/grid/grid-layout";
import type { RunSummary } from "@/lib/history/history-types";
import type { GridSession } from "./use-grid-runner";

/** A grid's saved cells with images, in the table's reading order (row by row), for review mode. */
export function gridReviewIds(session: GridSession, saved: ReadonlyMap<number, RunSummary>): string[] {
  const table = layoutGrid(session.plan, session.rowAxis);
  return table.rows.flatMap((row) =>
    row.flatMap((cell) => {
      const run = saved.get(cell.index);
      return run && run.status === "succeeded" ? [run.id] : [];
    }),
  );
}
