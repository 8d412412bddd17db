import { interpretAnswer } from "./interpret-answer";
import { jobOfAnswer } from "./job-status";
import type { RunOutcome } from "./run-outcome";

/**
 * Whether a check of a job's polling URL ends the following, and why; the page's job follower and
 * a server batch's row end on the same answers.
 */

/** Why this check's answer ends the following (null: keep going), and the job's state if it said one. */
export function jobEndOf(outcome: RunOutcome): { end: string | null; state: string | null } {
  if (outcome.kind === "cancelled") return { end: "stopped", state: null };
  if (outcome.kind !== "service") return { end: "the check itself failed", state: null };
  const { exchange } = outcome;
  const answer = interpretAnswer(exchange.bytes, exchange.contentType, exchange.url);
  const job = jobOfAnswer(answer.body, exchange);
  const state = job?.state ?? null;
  if (answer.images.length > 0) return { end: "the image arrived", state };
  if (exchange.status >= 400) return { end: `the service answered ${exchange.status}`, state };
  if (job?.phase === "failed") return { end: "the job failed", state };
  if (job?.phase === "done") return { end: "the job is done", state };
  return { end: null, state };
}
