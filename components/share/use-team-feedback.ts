"use client";

import { useState } from "react";
import { madeShares } from "@/lib/browser/share/made-shares";
import type { FeedbackSummary } from "@/lib/request/share-feedback";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

const NONE: ReadonlyMap<string, FeedbackSummary> = new Map();

/**
 * The team's rating and comment count of each share this browser made, by share key (a run's id,
 * a grid's key), for history to show beside them. Read when the set of shares changes and again
 * whenever the page comes back into focus (a colleague may have commented meanwhile).
 */
export function useTeamFeedback(sharedKeys: ReadonlySet<string>): ReadonlyMap<string, FeedbackSummary> {
  const [byKey, setByKey] = useState<ReadonlyMap<string, FeedbackSummary>>(NONE);
  useAbortableEffect(
    (signal) => {
      if (sharedKeys.size === 0) return;
      const read = async () => {
        const shares = madeShares();
        const keyOfShare = new Map(Object.entries(shares).map(([key, share]) => [share.id, key]));
        // The client (and the schema it checks answers with) loads only where something was shared.
        const { loadFeedbackSummaries } = await import("@/lib/browser/share/feedback-client");
        const summaries = await loadFeedbackSummaries([...keyOfShare.keys()]);
        if (signal.aborted) return;
        const next = new Map<string, FeedbackSummary>();
        for (const [shareId, summary] of summaries) {
          const key = keyOfShare.get(shareId);
          if (key && summary.count > 0) next.set(key, summary);
        }
        setByKey(next);
      };
      void read();
      const onFocus = () => void read();
      window.addEventListener("focus", onFocus, { signal });
    },
    [sharedKeys],
  );
  return sharedKeys.size === 0 ? NONE : byKey;
}
