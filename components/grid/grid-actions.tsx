"use client";

import type { RunSummary, HistoryRun } from "@/lib/history/history-types";
import { gridShareTarget, ShareButton } from "@/components/share/share-result-button";
import { buttonClass } from "@/components/ui/button";
import { gridReviewIds } from "./grid-review-ids";
import type { GridSession } from "./use-grid-runner";

type GridActionsProps = {
  session: GridSession;
  /** The grid's saved cells by cell index, with their verdicts. */
  verdicts: ReadonlyMap<number, RunSummary>;
  onReview: (ids: string[]) => void;
  loadGroup: (groupId: string) => Promise<HistoryRun[]>;
};

/** What can be done with a whole grid on screen: review its saved cells, share it once it has finished. */
export function GridActions({ session, verdicts, onReview, loadGroup }: GridActionsProps) {
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={verdicts.size === 0}
        onClick={() => onReview(gridReviewIds(session, verdicts))}
      >
        Review
      </button>
      <ShareButton
        target={session.runningBatches === 0 ? gridShareTarget(session.id, loadGroup) : null}
        label="Share grid"
        waitingTitle="Available once the grid has finished"
        className={buttonClass("secondary", "sm")}
      />
    </>
  );
}
