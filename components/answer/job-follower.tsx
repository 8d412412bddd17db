"use client";

import { useEffect, useState } from "react";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { JobFollow } from "@/components/run/use-job-follower";
import { buttonClass } from "@/components/ui/button";

/**
 * Controls for a job answer: a check on demand, or automatic checks with a visible counter and a
 * stop button. Shows the latest answer through `renderAnswer`.
 */
export function JobFollower({
  pollingUrl,
  pollGrant,
  firstPaceMs,
  follow,
  renderAnswer,
}: {
  pollingUrl: string;
  /** The grant our server issued for this URL; null sends none (and the server says why it refuses). */
  pollGrant: string | null;
  /** The pace the job's own answer asked for (its Retry-After). */
  firstPaceMs: number;
  follow: JobFollow;
  renderAnswer: (outcome: RunOutcome) => React.ReactNode;
}) {
  // Another job's progress (an earlier run) does not belong to this answer.
  const mine = follow.url === pollingUrl;
  const { auto, checks, latest, busy, ended, nextAt, log } = mine
    ? follow
    : { ...follow, auto: false, checks: 0, latest: null, busy: false, ended: null, nextAt: null, log: [] };
  // The pace the last check asked for while the job runs; a job followed to its end starts again at its first pace.
  const everyMs = mine && checks > 0 && !ended ? follow.everyMs : firstPaceMs;
  const now = useTicking(auto);

  return (
    <div className="flex flex-col gap-4" data-testid="job-follower">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button type="button" onClick={() => follow.check(pollingUrl, pollGrant)} disabled={busy} className={buttonClass("secondary")}>
          Check now
        </button>
        {auto ? (
          <button type="button" onClick={follow.stop} className={buttonClass("secondary")}>
            Stop polling
          </button>
        ) : (
          <button type="button" onClick={() => follow.startPolling(pollingUrl, pollGrant, firstPaceMs)} className={buttonClass("primary")}>
            Poll every {formatSeconds(everyMs)}
          </button>
        )}
        <span data-testid="poll-counter" aria-live="polite" className="text-zinc-600 tabular-nums dark:text-zinc-400">
          {checks === 0 ? "Not checked yet." : `Checked ${checks} time${checks === 1 ? "" : "s"}.`}
          {busy && " Checking…"}
          {auto && !busy && nextAt !== null && ` Next check in ${Math.max(0, Math.ceil((nextAt - now) / 1000))} s.`}
          {ended && ` Polling ended: ${ended}.`}
        </span>
      </div>
      {log.length > 0 && (
        <ol
          aria-label="Checks"
          className="flex flex-col gap-0.5 font-mono text-xs text-zinc-600 dark:text-zinc-400"
          data-testid="poll-checks"
        >
          {log.map((entry, index) => (
            <li key={index} className="flex flex-wrap gap-x-3">
              <span className="w-16 tabular-nums">+{formatSeconds(entry.afterMs)}</span>
              <span className="w-10">{entry.status ?? "—"}</span>
              {entry.state && <span>{entry.state}</span>}
              <span className="font-sans">{entry.summary}</span>
            </li>
          ))}
        </ol>
      )}
      {latest && (
        <section aria-label="Latest check" className="flex flex-col gap-3 border-l-2 border-accent-400 pl-4">
          <h3 className="text-sm font-semibold">Latest check</h3>
          {renderAnswer(latest)}
        </section>
      )}
    </div>
  );
}

/** A clock for the countdown, ticking only while polling automatically. */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** "1 s", "2.5 s": a pace or an offset in seconds, with a tenth only when it has one. */
function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} s`;
}
