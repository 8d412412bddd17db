import type { RunOutcome } from "@/lib/answer/run-outcome";
import { problemKindOf } from "@/lib/request/problem";
import { parseRetryAfter } from "@/lib/answer/retry-after";

/** How long to wait before asking again, when an answer says "too many requests"; null for any other answer. */

const DEFAULT_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 120_000;

export function retryDelayMs(outcome: RunOutcome, now = Date.now()): number | null {
  if (outcome.kind === "problem") {
    // The playground's own limits: its rate limit, or all its slots busy.
    if (outcome.status !== 429 && outcome.status !== 503) return null;
    // A server that is stopping will not be back for this grid, and a used budget renews in hours
    // at the soonest: its cells fail, and can be rerun.
    const kind = problemKindOf(outcome.problem.type);
    if (kind === "restarting" || kind === "budget-used") return null;
    const seconds = outcome.problem.retryAfterSeconds;
    return clamp(typeof seconds === "number" ? seconds * 1000 : DEFAULT_WAIT_MS);
  }
  if (outcome.kind !== "service" || outcome.exchange.status !== 429) return null;
  return clamp(parseRetryAfter(outcome.exchange.retryAfter, now) ?? DEFAULT_WAIT_MS);
}

function clamp(ms: number): number {
  return Math.min(LONGEST_WAIT_MS, Math.max(0, ms));
}
