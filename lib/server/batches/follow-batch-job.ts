import "server-only";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { jobToFollow } from "@/lib/answer/job-to-follow";
import { jobEndOf } from "@/lib/answer/job-end";
import { FOLLOW_JOB_FOR_AT_MOST_MS, parseRetryAfter, pollPaceMs } from "@/lib/answer/retry-after";

/**
 * A batch row whose service answered with a job (a receipt and a polling URL) follows the job to
 * its picture, as the page does for a single run: checks at the service's pace (Retry-After, else
 * every few seconds), ending on the same answers (an image, a failed or finished job, an error)
 * and after the same time limit. Unattended, it rides out a few failed checks in a row (the
 * network, a 429 or 5xx on the polling URL) rather than giving up the job on the first.
 */

/** Checks that fail one after the other before the job is given up (its last answer is kept). */
export const CHECK_FAILURES_IN_A_ROW = 3;
/** The longest wait between checks, whatever a failed check's Retry-After asks (as for a job's own pace). */
const LONGEST_WAIT_MS = 60_000;
/** Answers of a check that say "not now" rather than anything about the job. */
const PASSING_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export type JobFollowing = {
  /** One check of the polling URL, through the same relay as the first answer. */
  check: (url: string) => Promise<RunOutcome>;
  /** Keeps the row held for another stretch before each check (see holdRow). */
  hold: () => Promise<"held" | "cancelled" | "lost">;
  /** Aborted when this server stops: the following ends at once. */
  stopping: AbortSignal;
  /** The time limit, in ms (the page's unless a test says otherwise). */
  forAtMostMs?: number;
};

export type FollowedJob = {
  /** The answer that ended the following (the run's answer), or the last one before it was given up. */
  outcome: RunOutcome;
  checks: number;
  /** Why the job ended, in the page's words ("the image arrived", "the job failed"); null when not followed or given up. */
  ended: string | null;
  /** Why the following was given up before the job ended, in a sentence; null otherwise. */
  givenUp: string | null;
};

export async function followBatchJob(first: RunOutcome, following: JobFollowing): Promise<FollowedJob> {
  const job = jobToFollow(first);
  if (!job) return { outcome: first, checks: 0, ended: null, givenUp: null };
  const forAtMostMs = following.forAtMostMs ?? FOLLOW_JOB_FOR_AT_MOST_MS;
  const deadline = Date.now() + forAtMostMs;
  let latest = first;
  let paceMs = job.paceMs;
  let checks = 0;
  let failedInARow = 0;
  const giveUp = (reason: string): FollowedJob => ({
    outcome: latest,
    checks,
    ended: null,
    givenUp: `The service answered with a job, which was followed for ${checks} ${checks === 1 ? "check" : "checks"} but ${reason}; its last answer is kept, and the job may still end on the service.`,
  });
  /** The row held for another lease, or why the following ends. */
  const hold = async (): Promise<FollowedJob | null> => {
    const held = await following.hold();
    if (held === "cancelled") return giveUp("the batch was cancelled");
    if (held === "lost") return giveUp("the row was taken back (its lease ran out)");
    return null;
  };
  for (;;) {
    if (Date.now() + paceMs > deadline) return giveUp(`had no image after ${spanOf(forAtMostMs)}`);
    // Held before the wait and again before the check: neither outlasts a lease (the service's timeout and a minute).
    const lostBefore = await hold();
    if (lostBefore) return lostBefore;
    if (!(await pause(paceMs, following.stopping))) return giveUp("the server stopped");
    const lost = await hold();
    if (lost) return lost;
    const outcome = await following.check(job.url);
    checks += 1;
    if (following.stopping.aborted) return giveUp("the server stopped");
    const passing = outcome.kind !== "service" || PASSING_STATUSES.has(outcome.exchange.status);
    if (passing) {
      failedInARow += 1;
      if (failedInARow >= CHECK_FAILURES_IN_A_ROW)
        return giveUp(`${CHECK_FAILURES_IN_A_ROW} checks in a row failed (${checkFailure(outcome)})`);
      const asked =
        outcome.kind === "service" && outcome.exchange.retryAfter ? parseRetryAfter(outcome.exchange.retryAfter, Date.now()) : null;
      paceMs = Math.min(LONGEST_WAIT_MS, Math.max(paceMs, asked ?? 0));
      continue;
    }
    failedInARow = 0;
    latest = outcome;
    paceMs = pollPaceMs(outcome.exchange.retryAfter);
    const { end } = jobEndOf(outcome);
    if (end) return { outcome, checks, ended: end, givenUp: null };
  }
}

const spanOf = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} s`);

function checkFailure(outcome: RunOutcome): string {
  switch (outcome.kind) {
    case "service":
      return `the last answered ${outcome.exchange.status}`;
    case "problem":
      return outcome.problem.title;
    case "failed":
      return outcome.message;
    case "cancelled":
      return "cancelled";
  }
}

/** Waits `ms`; false when `signal` was aborted first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}
