import "server-only";
import { randomUUID } from "node:crypto";
import type { ServerConfig } from "@/lib/server/config/config";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { RunOutcome, ServiceExchange } from "@/lib/answer/run-outcome";
import { parseRetryAfter } from "@/lib/answer/retry-after";
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { recordRun } from "@/lib/history/record-run";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import { archivedRunFiles } from "@/lib/browser/history/archived-run-files";
import { outcomeOfRouteAnswer } from "@/lib/browser/run-generation";
import { sniffImageMime } from "@/lib/answer/image-signature";
import { logRequest } from "@/lib/server/http/request-log";
import type { RouteContext } from "@/lib/server/http/route-context";
import { openGenerationAccount } from "@/lib/server/budgets/generation-account";
import { describeRefusal } from "@/lib/server/budgets/describe-refusal";
import { callImageService, pollImageService } from "@/lib/server/upstream/image-service-client";
import { keepBaseForm, recallBaseForm } from "@/lib/server/upstream/shared-base-form";
import { relayServiceResult } from "@/lib/server/upstream/relay-answer";
import { resolveServiceTarget } from "@/lib/server/upstream/service-target";
import { pollTargetFor } from "@/lib/server/upstream/poll-target";
import type { Author } from "@/lib/server/people/author";
import type { ShareFile } from "@/lib/server/database/share-store";
import { thumbnailOf } from "@/lib/server/library/server-thumbnail";
import { followBatchJob, type FollowedJob, type JobFollowing } from "./follow-batch-job";
import type { KeptAnswer } from "./batch-rows-store";

/**
 * One row of a batch sent to the service, as the generate route sends a person's request: their
 * budget reserved first, the call, the answer relayed (the key scrubbed out of it, pictures on the
 * service's host granted) and read as the page reads it, then made into the run history keeps.
 * A batch's run is the very run the page would have made from the same answer.
 *
 * Two steps: `askService` ends when the service has answered, and `recordAnswer` makes the run. On
 * PostgreSQL the answer is kept on the row between them (`keptAnswerOf`) and the row's place at the
 * service goes to the next row; a server that stops while recording does not send the row again.
 */

/** What the service answered a row's attempt, and what the run made of it will say. */
export type RowAnswer = {
  outcome: RunOutcome;
  followed: Omit<FollowedJob, "outcome">;
  /** The run's warnings known when it was sent (an earlier attempt's outcome unknown). */
  warnings: string[];
  createdAt: number;
};

export type RowAsked =
  | { kind: "budget-used"; detail: string; renewsAt: Date }
  | { kind: "budget-unavailable" }
  | {
      kind: "answered";
      answer: RowAnswer;
      /** The service's status (0 when it never answered), and whether trying again may go better. */
      status: number;
      retryable: boolean;
      /** How long the service asked to be left alone (Retry-After), in ms; null when it did not say. */
      retryAfterMs: number | null;
    };

export type RowRecorded = {
  status: number;
  /** What went wrong, in a sentence; null for a run with an image. */
  problem: string | null;
  /** The service's answer as text (the start of it), for a failed row. */
  answerText: string | null;
  images: number;
  /** Null when no run could be made of the answer (see `unrecordedAnswer`). */
  run: { record: ArchivedRun; files: ShareFile[] } | null;
};

/** Statuses after which the same request may well succeed: too many requests, the service's own trouble. */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Our own problems that mean the service did not answer in time or at all. */
const RETRYABLE_PROBLEMS = /service-timeout|service-unreachable|answer-broken/;
/** What a failed row shows of the service's answer. */
const ANSWER_TEXT_MAX_CHARS = 4000;

export async function askService(
  config: ServerConfig,
  author: Author,
  generation: GenerationRequest,
  run: {
    createdAt: number;
    warnings: string[];
    signal: AbortSignal;
    /** How a job the service answers with is followed (the row's lease kept, the server's stop). */
    following: Pick<JobFollowing, "hold" | "stopping" | "forAtMostMs">;
  },
): Promise<RowAsked> {
  const requestId = randomUUID();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const opened = await openGenerationAccount(config, author, generation, requestId);
  if (!opened.ok) {
    if (opened.reason === "budget-unavailable") return { kind: "budget-unavailable" };
    return { kind: "budget-used", detail: describeRefusal(opened.refusal), renewsAt: opened.refusal.renewsAt };
  }
  const { account } = opened;
  const context: RouteContext = {
    requestId,
    route: "batch",
    log: (status, extra = {}) => logRequest({ requestId, route: "batch", status, durationMs: elapsed(), ...extra }),
    finish: (response, extra) => {
      context.log(response.status, extra);
      return response;
    },
  };
  let outcome: RunOutcome;
  let followed: Omit<FollowedJob, "outcome"> = { checks: 0, ended: null, givenUp: null };
  const target = await resolveServiceTarget(config, generation.model).catch(() => null);
  if (!target) {
    account.close({ status: 0, images: 0 });
    outcome = { kind: "failed", message: "The embedded demo service could not start.", totalMs: elapsed() };
  } else {
    await recallBaseForm(config.shares, target);
    const result = await callImageService(target, generation, { limits: config.limits, signal: run.signal });
    void keepBaseForm(config.shares, target);
    const response = await relayServiceResult(result, target.apiKey, config, {
      ...context,
      signal: run.signal,
      logged: { promptLength: generation.prompt.length },
      release: () => undefined,
      account: account.close,
    });
    const first = await outcomeOfRouteAnswer(response, { signal: run.signal, elapsed, started });
    const check = (url: string) => checkJob(config, url, { context, signal: run.following.stopping, elapsed, started });
    const job = await followBatchJob(first, { ...run.following, check });
    outcome = job.outcome;
    followed = { checks: job.checks, ended: job.ended, givenUp: job.givenUp };
  }
  const retryAfter = outcome.kind === "service" ? outcome.exchange.retryAfter : "";
  // Once the service took the job, sending the row again would start (and charge for) another one.
  const retryable =
    followed.checks > 0
      ? false
      : outcome.kind === "service"
        ? RETRYABLE_STATUSES.has(outcome.exchange.status)
        : outcome.kind === "problem"
          ? RETRYABLE_PROBLEMS.test(outcome.problem.type)
          : outcome.kind === "failed";
  return {
    kind: "answered",
    answer: { outcome, followed, warnings: run.warnings, createdAt: run.createdAt },
    status: statusOf(outcome),
    retryable,
    retryAfterMs: retryAfter ? parseRetryAfter(retryAfter, Date.now()) : null,
  };
}

/** The run a row's answer makes (`runId`: the row's run, the same for every attempt). */
export async function recordAnswer(
  config: ServerConfig,
  generation: GenerationRequest,
  runId: string,
  answer: RowAnswer,
): Promise<RowRecorded> {
  const { outcome, followed } = answer;
  const history = await recordRun(
    { id: runId, createdAt: answer.createdAt, request: generation, outcome },
    {
      analyse: (bytes, contentType, base) => analyseAnswer(bytes, contentType, undefined, base),
      readRemoteImage: (url, grant) => (grant ? readServicePicture(config, url) : Promise.resolve(null)),
      makeThumbnail: async (image) => {
        const webp = await thumbnailOf({ name: "image", contentType: image.type, data: new Uint8Array(await image.arrayBuffer()) });
        return webp ? new Blob([new Uint8Array(webp)], { type: "image/webp" }) : null;
      },
    },
  );
  const followNote = followed.ended
    ? [
        `The service answered with a job; it was followed for ${followed.checks} ${followed.checks === 1 ? "check" : "checks"}, until ${followed.ended}, and this is the answer of the last check.`,
      ]
    : [];
  const warnings = [...answer.warnings, ...followNote, ...history.warnings];
  const { entries, archived } = await archivedRunFiles({ ...history, warnings });
  const named = new Set(fileNamesOf(archived));
  const files: ShareFile[] = [];
  for (const entry of entries) {
    if (!named.has(entry.name)) continue;
    const data = entry.data instanceof Blob ? new Uint8Array(await entry.data.arrayBuffer()) : entry.data;
    const type =
      entry.data instanceof Blob && entry.data.type
        ? entry.data.type
        : (sniffImageMime(data.subarray(0, 32)) ?? "application/octet-stream");
    files.push({ name: entry.name, contentType: type, data });
  }
  return {
    status: statusOf(outcome),
    problem: history.status === "succeeded" ? null : (followed.givenUp ?? problemOf(outcome, followed.ended)),
    answerText: history.status === "succeeded" ? null : answerTextOf(outcome),
    images: history.imageCount,
    run: { record: archived, files },
  };
}

/** A row whose run could not be made from its answer: failed, saying why, with the start of the answer. */
export function unrecordedAnswer(answer: RowAnswer, error: unknown): RowRecorded {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    status: statusOf(answer.outcome),
    problem: `The service answered, but no run could be made of its answer (${reason}).`,
    answerText: answerTextOf(answer.outcome),
    images: 0,
    run: null,
  };
}

/** A row's answer as the row keeps it: its bytes apart (a bytea column), the rest as JSON. */
export function keptAnswerOf(answer: RowAnswer): KeptAnswer {
  if (answer.outcome.kind !== "service") return { meta: answer, bytes: null };
  const { bytes, ...exchange } = answer.outcome.exchange;
  return {
    meta: { ...answer, outcome: { kind: "service", exchange } },
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/** The answer kept on a row, as it was; one that cannot be read (kept by another version) is a failed run saying so. */
export function answerFromKept(kept: KeptAnswer): RowAnswer {
  const meta = kept.meta as Partial<RowAnswer> | null;
  const kind = meta?.outcome?.kind;
  if (!meta || !kind || !meta.followed || !Array.isArray(meta.warnings) || typeof meta.createdAt !== "number") {
    return {
      outcome: { kind: "failed", message: "The service's answer was kept, but could not be read back to record the run.", totalMs: 0 },
      followed: { checks: 0, ended: null, givenUp: null },
      warnings: [],
      createdAt: Date.now(),
    };
  }
  if (kind !== "service") return meta as RowAnswer;
  const exchange = (meta.outcome as { exchange: Omit<ServiceExchange, "bytes"> }).exchange;
  const bytes = new Uint8Array(kept.bytes ?? new Uint8Array(0));
  return { ...(meta as RowAnswer), outcome: { kind: "service", exchange: { ...exchange, bytes } } };
}

const statusOf = (outcome: RunOutcome) =>
  outcome.kind === "service" ? outcome.exchange.status : outcome.kind === "problem" ? outcome.status : 0;

/** The files a run's record names: what the library keeps of it (request.json and run.json are the record itself). */
function fileNamesOf(record: ArchivedRun): string[] {
  const names = record.thumbnailFile ? [record.thumbnailFile] : [];
  if (record.outcome.kind !== "service") return names;
  return [
    ...names,
    record.outcome.answerFile,
    ...record.outcome.packed.map((file) => file.file),
    ...record.outcome.remote.map((file) => file.file),
  ];
}

/** `jobEnded`: why the job a row followed ended ("the job failed"), for an answer with no image. */
function problemOf(outcome: RunOutcome, jobEnded: string | null): string {
  switch (outcome.kind) {
    case "service": {
      const { status, statusText } = outcome.exchange;
      if (jobEnded && status < 400) return `The service's job ended with no image the playground could find (${jobEnded}).`;
      return status >= 200 && status < 300
        ? `The service answered ${status} with no image the playground could find.`
        : `The service answered ${status}${statusText ? ` ${statusText}` : ""}.`;
    }
    case "problem":
      return outcome.problem.detail ?? outcome.problem.title;
    case "failed":
      return outcome.message;
    case "cancelled":
      return "Cancelled.";
  }
}

function answerTextOf(outcome: RunOutcome): string | null {
  if (outcome.kind !== "service") return null;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(outcome.exchange.bytes.subarray(0, ANSWER_TEXT_MAX_CHARS * 4));
  return text.slice(0, ANSWER_TEXT_MAX_CHARS);
}

/**
 * One check of a job's polling URL, as /api/poll makes it: only on the service's origin, through
 * the same relay (the key scrubbed, pictures granted). The row's time, like a followed run's in the
 * page, counts from the submission.
 */
async function checkJob(
  config: ServerConfig,
  url: string,
  options: { context: RouteContext; signal: AbortSignal; elapsed: () => number; started: number },
): Promise<RunOutcome> {
  const { context, elapsed, started } = options;
  const allowed = await pollTargetFor(config, url);
  if (!allowed.ok) return { kind: "failed", message: `The job's polling URL was not fetched: ${allowed.reason}.`, totalMs: elapsed() };
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(config.limits.timeoutMs)]);
  const polled = await pollImageService(allowed.target, allowed.url, { limits: config.limits, signal });
  const answer = await relayServiceResult(polled, allowed.target.apiKey, config, {
    ...context,
    signal,
    logged: {},
    release: () => undefined,
    // The job's images were counted against the budget when it was started (as asked for).
    account: () => undefined,
  });
  return outcomeOfRouteAnswer(answer, { signal, elapsed, started });
}

/** A picture the service named on its own host (granted by the relay), fetched with the key as /api/image would. */
async function readServicePicture(config: ServerConfig, url: string): Promise<Blob | null> {
  const allowed = await pollTargetFor(config, url);
  if (!allowed.ok) return null;
  const result = await pollImageService(allowed.target, allowed.url, {
    limits: config.limits,
    signal: AbortSignal.timeout(config.limits.timeoutMs),
  });
  if (!result.ok || result.answer.status !== 200) return null;
  const chunks = [...result.answer.chunks];
  let size = result.answer.size;
  for (let read = await result.answer.rest?.read(); read && !read.done; read = await result.answer.rest?.read()) {
    size += read.value.byteLength;
    if (size > config.limits.answerBytes) {
      await result.answer.rest?.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(Buffer.concat(chunks));
  const mime = sniffImageMime(bytes.subarray(0, 32));
  return mime ? new Blob([bytes], { type: mime }) : null;
}
