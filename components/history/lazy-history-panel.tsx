"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { HistoryPanelProps } from "./history-panel";
import { HistoryFrame, HistoryHeading } from "./history-frame";

/**
 * The history panel's code (list, filters, toolbar) is fetched right after the page hydrates and
 * rendered in the background: on a phone, evaluating and hydrating it with the form made the page
 * unresponsive for a few hundred milliseconds, and history is read from IndexedDB after start-up
 * anyway, so the panel shows "Opening history…" either way.
 */
const historyPanel = lazyModule(() => import("./history-panel"));

export function LazyHistoryPanel(props: HistoryPanelProps) {
  const loaded = useLazyModule(historyPanel, true, true);
  if (loaded) return <loaded.HistoryPanel {...props} />;
  return (
    <HistoryFrame>
      <HistoryHeading />
      <p className="text-sm text-muted">Opening history…</p>
    </HistoryFrame>
  );
}
