import type { RunOutcome } from "@/lib/answer/run-outcome";

/**
 * Runs a grid's cells with at most `concurrency` at once. A cell the service (or the playground)
 * answers with "wait" pauses all new starts for that long, then runs again, up to `maxRetries`
 * times; any other answer, error or not, is that cell's result and the grid goes on. Aborting the
 * signal stops new starts, and the running cells see the same signal.
 */

export type AttemptResult = { outcome: RunOutcome; retryAfterMs: number | null };

export type CellProgress =
  | { status: "queued" }
  | { status: "running"; attempt: number; startedAt: number }
  | { status: "waiting"; attempt: number; until: number; outcome: RunOutcome }
  | { status: "done"; attempts: number; outcome: RunOutcome }
  | { status: "cancelled" };

export type SchedulerOptions = {
  cells: readonly number[];
  concurrency: number;
  maxRetries: number;
  attempt: (cell: number, signal: AbortSignal) => Promise<AttemptResult>;
  onProgress: (cell: number, progress: CellProgress) => void;
  /** When new starts are held back (a 429), and null once they resume. */
  onPause?: (until: number | null) => void;
  signal: AbortSignal;
  now?: () => number;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

export function runCells(options: SchedulerOptions): Promise<void> {
  const { concurrency, maxRetries, attempt, onProgress, onPause, signal } = options;
  const now = options.now ?? Date.now;
  const queue = options.cells.map((cell) => ({ cell, attempt: 1 }));
  let running = 0;
  let pausedUntil = 0;
  let sleeping = false;

  return new Promise((resolve) => {
    const settleIfDone = () => {
      if (running > 0) return;
      if (signal.aborted) for (const entry of queue.splice(0)) onProgress(entry.cell, { status: "cancelled" });
      if (queue.length === 0) resolve();
    };

    const start = (entry: { cell: number; attempt: number }) => {
      running += 1;
      onProgress(entry.cell, { status: "running", attempt: entry.attempt, startedAt: now() });
      void attempt(entry.cell, signal).then(({ outcome, retryAfterMs }) => {
        running -= 1;
        if (retryAfterMs !== null && entry.attempt <= maxRetries && !signal.aborted) {
          pausedUntil = Math.max(pausedUntil, now() + retryAfterMs);
          onProgress(entry.cell, { status: "waiting", attempt: entry.attempt, until: pausedUntil, outcome });
          queue.unshift({ cell: entry.cell, attempt: entry.attempt + 1 });
        } else {
          onProgress(
            entry.cell,
            outcome.kind === "cancelled" ? { status: "cancelled" } : { status: "done", attempts: entry.attempt, outcome },
          );
        }
        pump();
      });
    };

    const pump = () => {
      while (!signal.aborted && running < concurrency && queue.length > 0) {
        const wait = pausedUntil - now();
        if (wait > 0) {
          if (!sleeping) {
            sleeping = true;
            onPause?.(pausedUntil);
            void sleep(wait, signal).then(() => {
              sleeping = false;
              onPause?.(null);
              pump();
            });
          }
          return;
        }
        const next = queue.shift();
        if (next) start(next);
      }
      settleIfDone();
    };

    signal.addEventListener("abort", () => settleIfDone(), { once: true });
    for (const entry of queue) onProgress(entry.cell, { status: "queued" });
    pump();
  });
}
