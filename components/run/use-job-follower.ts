"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { generationRuntime } from "./generation-runtime";
import { useLatestRequest } from "@/components/ui/use-abortable-effect";

/** How often automatic polling asks, and for how long at most. */
export const POLL_EVERY_MS = 3000;
export const POLL_FOR_AT_MOST_MS = 10 * 60_000;

/**
 * Why a poll's answer ends the polling, or null to keep going. The answer reader is loaded here, at
 * the first poll, not with the page: a job answer is where it is first needed on this path.
 */
async function endOf(outcome: RunOutcome): Promise<string | null> {
  if (outcome.kind === "cancelled") return "stopped";
  if (outcome.kind !== "service") return "the check itself failed";
  const { exchange } = outcome;
  const { interpretAnswer } = await import("@/lib/answer/interpret-answer");
  const answer = interpretAnswer(exchange.bytes, exchange.contentType);
  if (answer.images.length > 0) return "the image arrived";
  if (exchange.status >= 400) return `the service answered ${exchange.status}`;
  const { detectJob } = await generationRuntime.load();
  const job = answer.body.kind === "json" ? detectJob(answer.body.value) : null;
  if (job?.phase === "failed") return "the job failed";
  if (job?.phase === "done") return "the job is done";
  return null;
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
};
/** The state of following a job, and what can be done about it; owned beside the single run. */
export type JobFollow = Omit<Progress, "lastCheckAt"> & {
  /** When the next automatic check is due (0: at once), or null when none is. */
  nextAt: number | null;
  everyMs: number;
  check: (url: string, grant: string | null) => void;
  startPolling: (url: string, grant: string | null) => void;
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
      const end = await endOf(outcome);
      if (!requests.isCurrent(signal)) return;
      setProgress((before) => ({
        ...before,
        busy: false,
        lastCheckAt: Date.now(),
        checks: before.checks + 1,
        latest: outcome,
        ...(end ? { ended: end, auto: false } : {}),
      }));
      if (end && outcome.kind === "service") onEndedRef.current(outcome);
    },
    [requests],
  );

  const startPolling = useCallback(
    (url: string, grant: string | null) => setProgress((before) => ({ ...forUrl(before, url, grant), ended: null, auto: true })),
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
  const { url, grant, auto, busy, ended, lastCheckAt } = progress;
  const nextAt = url && auto && !busy && !ended ? (lastCheckAt === null ? 0 : lastCheckAt + POLL_EVERY_MS) : null;
  useEffect(() => {
    if (nextAt === null || url === null) return;
    const overTime = startedAt.current !== null && nextAt - startedAt.current > POLL_FOR_AT_MOST_MS;
    const timer = window.setTimeout(
      () => {
        if (!overTime) return void check(url, grant);
        setProgress((before) => ({ ...before, auto: false, ended: `no image after ${POLL_FOR_AT_MOST_MS / 60_000} minutes` }));
      },
      Math.max(0, nextAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [nextAt, url, grant, check]);

  return { ...progress, nextAt, everyMs: POLL_EVERY_MS, check, startPolling, stop, reset };
}
