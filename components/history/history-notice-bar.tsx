"use client";

import type { HistoryNotice } from "./use-history";

/** A dismissable line about history: something removed by the cap, an import's result, a storage refusal. */
export function HistoryNoticeBar({ notice, onDismiss }: { notice: HistoryNotice; onDismiss: () => void }) {
  const tone =
    notice.tone === "problem"
      ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
      : "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100";
  return (
    <div
      role={notice.tone === "problem" ? "alert" : "status"}
      className={`flex items-start gap-2 rounded-lg border p-2.5 text-xs ${tone}`}
      data-testid="history-notice"
    >
      <p className="flex-1">{notice.text}</p>
      <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded px-1 hover:bg-black/10 dark:hover:bg-white/10">
        ✕
      </button>
    </div>
  );
}
