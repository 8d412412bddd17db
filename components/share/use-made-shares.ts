"use client";

import { useSyncExternalStore } from "react";
import { madeShares, SHARES_CHANGED_EVENT } from "@/lib/browser/share/made-shares";

const NONE: ReadonlySet<string> = new Set();
let cachedText: string | null = null;
let cachedIds: ReadonlySet<string> = NONE;

/** The ids of the runs this browser has shared, as one set that changes only when they do. */
function snapshot(): ReadonlySet<string> {
  const ids = Object.keys(madeShares());
  const text = ids.join("\n");
  if (text !== cachedText) {
    cachedText = text;
    cachedIds = new Set(ids);
  }
  return cachedIds;
}

function subscribe(onChange: () => void): () => void {
  // Shares made here, and in another tab (the storage event).
  window.addEventListener(SHARES_CHANGED_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(SHARES_CHANGED_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function useSharedRunIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
