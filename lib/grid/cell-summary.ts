import { serviceWords } from "@/lib/answer/service-words";
import { usageOfBody, type ServiceUsage } from "@/lib/answer/service-usage";
import { interpretAnswer, type DisplayImage } from "@/lib/answer/interpret-answer";
import { jobOfAnswer } from "@/lib/answer/job-status";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { classifyServiceError, ERROR_CLASS_TEXT, extractServiceMessage } from "@/lib/answer/service-error";

/** What one grid cell shows once its request ends: its first image, or the error in plain words. */

export type CellSummary =
  | { kind: "image"; image: DisplayImage; imageCount: number; usage: ServiceUsage | null; status: number; durationMs: number }
  | { kind: "problem"; title: string; message: string; status: number | null; durationMs: number };

/** One summary per outcome: the cell and the grid's totals read the same one, the answer interpreted once. */
const summaries = new WeakMap<RunOutcome, CellSummary>();

export function summariseCell(outcome: RunOutcome): CellSummary {
  let summary = summaries.get(outcome);
  if (!summary) {
    summary = summarise(outcome);
    summaries.set(outcome, summary);
  }
  return summary;
}

function summarise(outcome: RunOutcome): CellSummary {
  if (outcome.kind === "cancelled")
    return {
      kind: "problem",
      title: "Cancelled",
      message: "Stopped before the service answered.",
      status: null,
      durationMs: outcome.totalMs,
    };
  if (outcome.kind === "failed")
    return { kind: "problem", title: "Failed", message: outcome.message, status: null, durationMs: outcome.totalMs };
  if (outcome.kind === "problem") {
    return {
      kind: "problem",
      title: outcome.problem.title,
      message: outcome.problem.detail ?? "",
      status: outcome.status,
      durationMs: outcome.totalMs,
    };
  }
  const { exchange } = outcome;
  const answer = interpretAnswer(exchange.bytes, exchange.contentType, exchange.url);
  const first = answer.images[0];
  if (first && exchange.status >= 200 && exchange.status < 300) {
    return {
      kind: "image",
      image: first,
      imageCount: answer.images.length,
      usage: usageOfBody(answer.body),
      status: exchange.status,
      durationMs: exchange.totalMs,
    };
  }
  const json = answer.body.kind === "json" ? answer.body.value : null;
  const text =
    json !== null
      ? (extractServiceMessage(json) ?? JSON.stringify(json).slice(0, 300))
      : answer.body.kind === "text" || answer.body.kind === "stream"
        ? serviceWords(answer.body).slice(0, 300)
        : "";
  if (exchange.status >= 200 && exchange.status < 300) {
    const job = jobOfAnswer(answer.body, exchange);
    const title = job && job.phase !== "done" ? "A job, not an image" : "No image in the answer";
    const message = job && job.phase !== "done" ? "Open it in the single view to follow the job." : text;
    return { kind: "problem", title, message, status: exchange.status, durationMs: exchange.totalMs };
  }
  const errorClass = classifyServiceError(exchange.status, text);
  return {
    kind: "problem",
    title: ERROR_CLASS_TEXT[errorClass].title,
    message: text,
    status: exchange.status,
    durationMs: exchange.totalMs,
  };
}
