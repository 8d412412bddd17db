"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { generationRuntime } from "./generation-runtime";
import { useLatestRequest } from "@/components/ui/use-abortable-effect";
import { FOLLOW_JOB_FOR_AT_MOST_MS, POLL_EVERY_MS, pollPaceMs } from "@/lib/answer/retry-after";

/** One check as the follower lists it: when (ms after the first), what came back, and the job's state if it said one. */
export type PollCheck = { afterMs: number; status: number | null; state: string | null; summary: string };
/** The list keeps the latest checks only: a job followed for ten minutes at 1 s would otherwise list 600. */
const CHECKS_LISTED = 50;

function summaryOf(outcome: RunOutcome, end: string | null): string {
  if (outcome.kind === "service") return end ?? "still running";
  if (outcome.kind === "problem") return outcome.problem.title;
  return end ?? outcome.kind;
}

type Progress = {
  /** The polling URL being followed, or null before the first check. */
  url: string | null;
  /** The grant our server issued for that URL (null: none, and the server will refuse it). */
  grant: string | null;
  auto: boolean;
  checks: number;
  latest: RunOutcome | null;
  busy: boolean;
  ended: string | null;
  lastCheckAt: number | null;
  /** The wait before the next automatic check: the service's Retry-After, else the usual pace. */
  everyMs: number;
  /** Every check so far (the latest CHECKS_LISTED), oldest first. */
  log: PollCheck[];
};
/** The state of following a job, and what can be done about it; owned beside the single run. */
export type JobFollow = Omit<Progress, "lastCheckAt"> & {
  /** When the next automatic check is due (0: at once), or null when none is. */
  nextAt: number | null;
  check: (url: string, grant: string | null) => void;
  /** `paceMs`: the pace the job's first answer asked for (its Retry-After), until a check says otherwise. */
  startPolling: (url: string, grant: string | null, paceMs?: number) => void;
  stop: () => void;
};

const NOT_FOLLOWING: Progress = {
  url: null,
  grant: null,
  auto: false,
  checks: 0,
  latest: null,
  busy: false,
  ended: null,
  lastCheckAt: null,
  everyMs: POLL_EVERY_MS,
  log: [],
};

/**
 * Follows the job of the run on screen through our server: a check on demand, or automatic checks
 * every few seconds, ending when an image arrives, the job fails, on stop, or after a time limit.
 * It lives beside the single run rather than in the answer view, so polling goes on while the view
 * is away (grid mode, a dialog) and the answer that ends the job reaches history directly.
 */
export function useJobFollower(onJobEnded: (outcome: RunOutcome) => void): JobFollow & { reset: () => void } {
  const [progress, setProgress] = useState<Progress>(NOT_FOLLOWING);
  const requests = useLatestRequest();
  const startedAt = useRef<number | null>(null);
  const onEndedRef = useRef(onJobEnded);
  useEffect(() => {
    onEndedRef.current = onJobEnded;
  }, [onJobEnded]);

  /** A different job (another run on screen) starts from nothing. */
  const forUrl = (current: Progress, url: string, grant: string | null): Progress =>
    current.url === url ? { ...current, grant } : { ...NOT_FOLLOWING, url, grant };

  const check = useCallback(
    async (url: string, grant: string | null) => {
      const signal = requests.start();
      startedAt.current ??= Date.now();
      setProgress((before) => ({ ...forUrl(before, url, grant), busy: true }));
      const outcome = await (await generationRuntime.load()).runPoll(url, grant, signal);
      if (!requests.isCurrent(signal)) return;
      // The answer reader came with the runtime the check was sent with: loaded at the first poll, not with the page.
      const { end, state } = (await generationRuntime.load()).jobEndOf(outcome);
      if (!requests.isCurrent(signal)) return;
      const checkedAt = Date.now();
      const entry: PollCheck = {
        afterMs: checkedAt - (startedAt.current ?? checkedAt),
        status: outcome.kind === "service" ? outcome.exchange.status : outcome.kind === "problem" ? outcome.status : null,
        state,
        summary: summaryOf(outcome, end),
      };
      setProgress((before) => ({
        ...before,
        busy: false,
        lastCheckAt: checkedAt,
        checks: before.checks + 1,
        latest: outcome,
        log: [...before.log, entry].slice(-CHECKS_LISTED),
        everyMs: outcome.kind === "service" ? pollPaceMs(outcome.exchange.retryAfter, checkedAt) : before.everyMs,
        ...(end ? { ended: end, auto: false } : {}),
      }));
      if (end && outcome.kind === "service") onEndedRef.current(outcome);
    },
    [requests],
  );

  const startPolling = useCallback(
    (url: string, grant: string | null, paceMs?: number) =>
      setProgress((before) => {
        const current = forUrl(before, url, grant);
        // The first answer's pace holds until a check has answered with its own.
        const everyMs = current.checks === 0 && paceMs !== undefined ? paceMs : current.everyMs;
        return { ...current, everyMs, ended: null, auto: true };
      }),
    [],
  );

  const stop = useCallback(() => {
    requests.cancel();
    setProgress((before) => ({ ...before, auto: false, busy: false }));
  }, [requests]);

  const reset = useCallback(() => {
    requests.reset();
    startedAt.current = null;
    setProgress(NOT_FOLLOWING);
  }, [requests]);

  // The next automatic check a few seconds after the last answer, until something ends it.
  // Derived, not stored: when the next check is due (0: at once), or null when none is.
  const { url, grant, auto, busy, ended, lastCheckAt, everyMs } = progress;
  const nextAt = url && auto && !busy && !ended ? (lastCheckAt === null ? 0 : lastCheckAt + everyMs) : null;
  useEffect(() => {
    if (nextAt === null || url === null) return;
    const overTime = startedAt.current !== null && nextAt - startedAt.current > FOLLOW_JOB_FOR_AT_MOST_MS;
    const timer = window.setTimeout(
      () => {
        if (!overTime) return void check(url, grant);
        setProgress((before) => ({ ...before, auto: false, ended: `no image after ${FOLLOW_JOB_FOR_AT_MOST_MS / 60_000} minutes` }));
      },
      Math.max(0, nextAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [nextAt, url, grant, check]);

  return { ...progress, nextAt, check, startPolling, stop, reset };
}
