import { jsonProperty } from "./json-property";
import type { AnswerBody } from "./interpret-answer";
import type { ServiceExchange } from "./run-outcome";

/**
 * Recognises answers that are jobs rather than images: a state such as "starting" or "IN_QUEUE",
 * a job id, a polling URL. Looks at the top of the answer and a few levels down (output.task_status,
 * data.taskId), where services put them.
 */

export type JobPhase = "waiting" | "failed" | "done";

export type JobInfo = { id: string | null; state: string | null; phase: JobPhase | null; pollingUrl: string | null };

const WAITING = new Set([
  "starting",
  "pending",
  "processing",
  "queued",
  "in_queue",
  "in_progress",
  "running",
  "submitted",
  "not_start",
  "waiting",
  "created",
  "scheduled",
  "generating",
  "task_queued",
  // Azure's and Google's long-running operations, and services that answer "accepted".
  "notstarted",
  "not_started",
  "inprogress",
  "accepted",
]);
const FAILED = new Set([
  "failed",
  "failure",
  "error",
  "canceled",
  "cancelled",
  "content moderated",
  "request moderated",
  "expired",
  "timeout",
  "rejected",
]);
const DONE = new Set(["succeeded", "success", "completed", "complete", "ready", "done", "finished"]);

const STATE_KEYS = ["status", "state", "task_status", "taskStatus", "job_status"];
/** In order of preference: a task's own id before the id of the HTTP request that carried it. */
const ID_KEYS = ["task_id", "taskId", "taskUUID", "job_id", "jobId", "prediction_id", "id", "generation_id", "request_id", "requestId"];
/** Replicate puts its polling URL at urls.get; "urls" is one of the containers looked into. */
const POLLING_KEYS = ["polling_url", "status_url", "response_url", "fetch_result", "get_url", "result_url", "poll_url", "get"];
const CONTAINERS = ["output", "data", "result", "task", "job", "urls"];

function phaseOf(state: string): JobPhase | null {
  const normalised = state
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, (match) => (match.includes(" ") ? " " : "_"));
  if (WAITING.has(normalised)) return "waiting";
  if (FAILED.has(normalised)) return "failed";
  if (DONE.has(normalised)) return "done";
  return null;
}

/** The first key (in order of preference) that any level holds. */
function firstString(objects: unknown[], keys: string[]): string | null {
  for (const key of keys) {
    for (const object of objects) {
      const value = jsonProperty(object, key);
      if (typeof value === "string" && value.trim() !== "") return value;
      if (typeof value === "number" && key !== "status") return String(value);
    }
  }
  return null;
}

export function detectJob(answer: unknown): JobInfo | null {
  const levels: unknown[] = [answer];
  for (const container of CONTAINERS) {
    const inner = jsonProperty(answer, container);
    if (inner && typeof inner === "object" && !Array.isArray(inner)) levels.push(inner);
  }
  const state = firstString(levels, STATE_KEYS);
  const phase = state ? phaseOf(state) : null;
  const pollingUrl = firstString(levels, POLLING_KEYS);
  if (phase === null && pollingUrl === null) return null;
  return { id: firstString(levels, ID_KEYS), state, phase, pollingUrl: pollingUrl && /^https?:\/\//i.test(pollingUrl) ? pollingUrl : null };
}

/** Statuses with which a service says "accepted; ask again there". */
const ACCEPTED_STATUSES = new Set([201, 202]);

type AnnouncingExchange = Pick<ServiceExchange, "status" | "url" | "location" | "operationLocation">;

/**
 * Where an answer accepted for later (201 or 202) says to ask for the result: its
 * Operation-Location header, else its Location, resolved against the URL of the service that
 * answered (a service may name "/operations/7" alone). Null when it names none, or nothing usable.
 */
export function announcedOperation(exchange: AnnouncingExchange): string | null {
  if (!ACCEPTED_STATUSES.has(exchange.status)) return null;
  for (const named of [exchange.operationLocation, exchange.location]) {
    const value = named?.trim();
    if (!value) continue;
    try {
      const url = new URL(value, exchange.url || undefined);
      if (url.protocol === "https:" || url.protocol === "http:") return url.href;
    } catch {
      // Not a URL, nor one relative to the service's: look at the other header.
    }
  }
  return null;
}

/**
 * The job an answer is, wherever it says so: in its JSON (a state, an id, a polling URL), or in its
 * headers alone (202 with Operation-Location and an empty body). A body's own polling URL wins; a
 * header fills in the URL of a body that has a state but none.
 */
export function jobOfAnswer(body: AnswerBody, exchange: AnnouncingExchange): JobInfo | null {
  const inBody = body.kind === "json" ? detectJob(body.value) : null;
  if (inBody?.pollingUrl) return inBody;
  const announced = announcedOperation(exchange);
  if (!announced) return inBody;
  return { id: inBody?.id ?? null, state: inBody?.state ?? null, phase: inBody?.phase ?? "waiting", pollingUrl: announced };
}
