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
  follow,
  renderAnswer,
}: {
  pollingUrl: string;
  /** The grant our server issued for this URL; null sends none (and the server says why it refuses). */
  pollGrant: string | null;
  follow: JobFollow;
  renderAnswer: (outcome: RunOutcome) => React.ReactNode;
}) {
  // Another job's progress (an earlier run) does not belong to this answer.
  const mine = follow.url === pollingUrl;
  const { auto, checks, latest, busy, ended, nextAt } = mine
    ? follow
    : { ...follow, auto: false, checks: 0, latest: null, busy: false, ended: null, nextAt: null };
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
          <button type="button" onClick={() => follow.startPolling(pollingUrl, pollGrant)} className={buttonClass("primary")}>
            Poll every {follow.everyMs / 1000} s
          </button>
        )}
        <span data-testid="poll-counter" aria-live="polite" className="text-zinc-600 tabular-nums dark:text-zinc-400">
          {checks === 0 ? "Not checked yet." : `Checked ${checks} time${checks === 1 ? "" : "s"}.`}
          {busy && " Checking…"}
          {auto && !busy && nextAt !== null && ` Next check in ${Math.max(0, Math.ceil((nextAt - now) / 1000))} s.`}
          {ended && ` Polling ended: ${ended}.`}
        </span>
      </div>
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
