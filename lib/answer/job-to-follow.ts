import { interpretAnswer } from "./interpret-answer";
import { jobOfAnswer } from "./job-status";
import { pollPaceMs } from "./retry-after";
import type { RunOutcome } from "./run-outcome";

/**
 * The job a fresh run started, when the page should follow it at once: a job still waiting (in the
 * body, or an operation announced in headers) whose polling URL the server granted, at the pace
 * the service asked for. Job receipts are small; a large answer is a picture, not a job.
 */

const RECEIPT_MAX_BYTES = 64 * 1024;

export type JobToFollow = { url: string; grant: string; paceMs: number };

export function jobToFollow(outcome: RunOutcome): JobToFollow | null {
  if (outcome.kind !== "service") return null;
  const { exchange } = outcome;
  if (exchange.status < 200 || exchange.status >= 300 || exchange.bytes.length > RECEIPT_MAX_BYTES) return null;
  const answer = interpretAnswer(exchange.bytes, exchange.contentType, exchange.url);
  if (answer.images.length > 0) return null;
  const job = jobOfAnswer(answer.body, exchange);
  if (!job?.pollingUrl || job.phase === "failed" || job.phase === "done") return null;
  const grant = exchange.pollGrants?.[job.pollingUrl.trim()];
  return grant ? { url: job.pollingUrl, grant, paceMs: pollPaceMs(exchange.retryAfter) } : null;
}
