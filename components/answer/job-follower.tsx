"use client";

import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { detectJob } from "@/lib/answer/job-status";
import { runPoll, type RunOutcome } from "@/lib/browser/run-generation";
import { JobEndedContext } from "@/components/job-ended-context";

/** How often automatic polling asks, and for how long at most. */
export const POLL_EVERY_MS = 3000;
export const POLL_FOR_AT_MOST_MS = 10 * 60_000;

/** Why a poll's answer ends the polling, or null to keep going. */
function endOf(outcome: RunOutcome): string | null {
  if (outcome.kind === "cancelled") return "stopped";
  if (outcome.kind !== "service") return "the check itself failed";
  const { exchange } = outcome;
  const answer = interpretAnswer(exchange.bytes, exchange.contentType);
  if (answer.images.length > 0) return "the image arrived";
  if (exchange.status >= 400) return `the service answered ${exchange.status}`;
  const job = answer.body.kind === "json" ? detectJob(answer.body.value) : null;
  if (job?.phase === "failed") return "the job failed";
  if (job?.phase === "done") return "the job is done";
  return null;
}

/**
 * Follows a job through our server: a check on demand, or automatic checks every few seconds
 * with a visible counter and a stop button, ending when an image arrives, the job fails, on stop,
 * or after a time limit. Shows the latest answer through `renderAnswer`.
 */
export function JobFollower({ pollingUrl, renderAnswer }: { pollingUrl: string; renderAnswer: (outcome: RunOutcome) => React.ReactNode }) {
  const onJobEnded = useContext(JobEndedContext);
  const [auto, setAuto] = useState(false);
  const [checks, setChecks] = useState(0);
  const [latest, setLatest] = useState<RunOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [lastCheckAt, setLastCheckAt] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const startedAt = useRef<number | null>(null);

  const check = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    startedAt.current ??= Date.now();
    setBusy(true);
    const outcome = await runPoll(pollingUrl, current.signal);
    if (controller.current !== current) return;
    setBusy(false);
    setLastCheckAt(Date.now());
    setChecks((count) => count + 1);
    setLatest(outcome);
    const end = endOf(outcome);
    if (end) {
      setEnded(end);
      setAuto(false);
      if (outcome.kind === "service") onJobEnded?.(outcome);
    }
  }, [pollingUrl, onJobEnded]);

  // Automatic polling: the next check a few seconds after the last answer, until something ends it.
  // Derived, not stored: when the next check is due (0: at once), or null when none is.
  const nextAt = auto && !busy && !ended ? (lastCheckAt === null ? 0 : lastCheckAt + POLL_EVERY_MS) : null;
  useEffect(() => {
    if (nextAt === null) return;
    const overTime = startedAt.current !== null && nextAt - startedAt.current > POLL_FOR_AT_MOST_MS;
    const timer = window.setTimeout(
      () => {
        if (!overTime) return void check();
        setEnded(`no image after ${POLL_FOR_AT_MOST_MS / 60_000} minutes`);
        setAuto(false);
      },
      Math.max(0, nextAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [nextAt, check]);

  // A ticking clock for the countdown, only while polling automatically.
  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [auto]);

  useEffect(() => () => controller.current?.abort(), []);

  const stop = () => {
    setAuto(false);
    controller.current?.abort();
    setBusy(false);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="job-follower">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          onClick={() => void check()}
          disabled={busy}
          className="rounded-lg border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Check now
        </button>
        {auto ? (
          <button
            type="button"
            onClick={stop}
            className="rounded-lg border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            Stop polling
          </button>
        ) : (
          <button
            type="button"
            onClick={() => {
              setEnded(null);
              setAuto(true);
            }}
            className="rounded-lg bg-accent-600 px-3 py-1.5 font-medium text-white hover:bg-accent-700"
          >
            Poll every {POLL_EVERY_MS / 1000} s
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
