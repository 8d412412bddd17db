"use client";

import { useEffect, useState, type DependencyList } from "react";
import { LatestRequest } from "@/lib/browser/latest-request";

/**
 * An effect whose asynchronous work belongs to one run of it: `signal` is aborted when its inputs
 * change or the component goes, so late work checks `signal.aborted` (and a fetch given the signal
 * is cancelled) instead of each effect keeping a `live` flag of its own. ESLint checks the
 * dependencies at each call (react-hooks' additionalHooks). `enabled` false: the effect does not
 * run (what it would do is not wanted for these inputs).
 */
export function useAbortableEffect(effect: (signal: AbortSignal) => void, deps: DependencyList, enabled = true): void {
  useEffect(() => {
    // Disabled: nothing to do for these inputs, and no controller is made. A list mounting
    // thousands of rows as it scrolls made one per row, each an object the collector must trace.
    if (!enabled) return;
    const controller = new AbortController();
    effect(controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked where it is called
  }, [enabled, ...deps]);
}

/** One LatestRequest for the component's life; whatever is under way is stopped when it goes. */
export function useLatestRequest(): LatestRequest {
  const [latest] = useState(() => new LatestRequest());
  useEffect(() => () => latest.reset(), [latest]);
  return latest;
}
