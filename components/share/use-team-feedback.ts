"use client";

import { useEffect, useState } from "react";
import { loadFeedbackSummaries } from "@/lib/browser/share/feedback-client";
import { madeShares } from "@/lib/browser/share/share-client";
import type { FeedbackSummary } from "@/lib/request/share-feedback";

const NONE: ReadonlyMap<string, FeedbackSummary> = new Map();

/**
 * The team's rating and comment count of each share this browser made, by share key (a run's id,
 * a grid's key), for history to show beside them. Read when the set of shares changes and again
 * whenever the page comes back into focus (a colleague may have commented meanwhile).
 */
export function useTeamFeedback(sharedKeys: ReadonlySet<string>): ReadonlyMap<string, FeedbackSummary> {
  const [byKey, setByKey] = useState<ReadonlyMap<string, FeedbackSummary>>(NONE);
  useEffect(() => {
    if (sharedKeys.size === 0) return;
    let live = true;
    const read = async () => {
      const shares = madeShares();
      const keyOfShare = new Map(Object.entries(shares).map(([key, share]) => [share.id, key]));
      const summaries = await loadFeedbackSummaries([...keyOfShare.keys()]);
      if (!live) return;
      const next = new Map<string, FeedbackSummary>();
      for (const [shareId, summary] of summaries) {
        const key = keyOfShare.get(shareId);
        if (key && summary.count > 0) next.set(key, summary);
      }
      setByKey(next);
    };
    void read();
    const onFocus = () => void read();
    window.addEventListener("focus", onFocus);
    return () => {
      live = false;
      window.removeEventListener("focus", onFocus);
    };
  }, [sharedKeys]);
  return sharedKeys.size === 0 ? NONE : byKey;
}
