import type { RunStatus } from "@/lib/history/history-types";

/** The colours of a run's status badge, in the history list and the library's search results. */
export const STATUS_TONES: Record<RunStatus, string> = {
  succeeded: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300",
  "no-image": "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  job: "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
  "service-error": "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300",
  refused: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300",
  failed: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300",
  cancelled: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};
