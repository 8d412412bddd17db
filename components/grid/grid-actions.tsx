"use client";

import type { RunSummary, HistoryRun } from "@/lib/history/history-types";
import { gridShareTarget, ShareButton } from "@/components/share/share-result-button";
import { buttonClass } from "@/components/ui/button";
import { gridReviewIds } from "./grid-review-ids";
import type { GridSession } from "./use-grid-runner";
import { useState } from "react";
import { LazyAddToCollectionDialog } from "@/components/collections/lazy-add-to-collection-dialog";

type GridActionsProps = {
  session: GridSession;
  /** The grid's saved cells by cell index, with their verdicts. */
  verdicts: ReadonlyMap<number, RunSummary>;
  onReview: (ids: string[]) => void;
  loadGroup: (groupId: string) => Promise<HistoryRun[]>;
  /** The playground keeps a library: the grid's saved cells can go on a collection. */
  collections: boolean;
};

/** What can be done with a whole grid on screen: review its saved cells, share it once it has finished, put it on a collection. */
export function GridActions({ session, verdicts, onReview, loadGroup, collections }: GridActionsProps) {
  const [collecting, setCollecting] = useState<readonly string[] | null>(null);
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
      {collections && (
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          disabled={verdicts.size === 0}
          onClick={() => setCollecting([...verdicts.values()].map((cell) => cell.id))}
          title="Put the grid's saved cells on a collection"
        >
          Add to collection…
        </button>
      )}
      {collecting && <LazyAddToCollectionDialog runIds={collecting} onClose={() => setCollecting(null)} />}
    </>
  );
}
