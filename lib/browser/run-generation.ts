import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import type { GenerationRequest } from "@/lib/request/generation-request";
import { formatBytes } from "@/lib/utils/format-bytes";
import { GRID_CELL_HEADER, gridCellHeader } from "@/lib/grid/grid-header";
import { markPerformance, PERF_MARKS } from "./perf-marks";
import { generationStarted } from "./generations-in-flight";
import { readAnswer, type AnswerMirror, type OpenStreamEvents, type StreamProgress } from "./read-answer-events";
import { problemSchema, type Problem } from "@/lib/request/problem-schema";
import type { AnswerTransfer, RunOutcome } from "@/lib/answer/run-outcome";

/**
 * The browser side of POST /api/generate: sends the three fields, then tells apart our own
 * problem answers from the service's answer, which is kept byte for byte.
 */

function header(response: Response, name: string): string {
  return response.headers.get(name) ?? "";
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

async function readProblem(response: Response): Promise<Problem> {
  const text = await response.text();
  try {
    const parsed = problemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through to a problem that quotes the text
  }
  return { type: "about:blank", title: `The playground answered ${response.status}`, detail: text.slice(0, 2000) };
}

function transferOf(response: Response): { transfer?: AnswerTransfer } {
  const encoding = header(response, ANSWER_HEADERS.serviceContentEncoding);
  if (!encoding) return {};
  const wireBytes = Number.parseInt(header(response, ANSWER_HEADERS.serviceWireBytes), 10);
  return {
    transfer: {
      encoding,
      decoded: header(response, ANSWER_HEADERS.answerDecoding) === "decoded",
      wireBytes: Number.isFinite(wireBytes) ? wireBytes : null,
    },
  };
}

/** A streamed answer's progress as it arrives, and where its events are read (the page's answer worker; here without it). */
type ProgressOptions = {
  onProgress?: (progress: StreamProgress) => void;
  openEvents?: OpenStreamEvents;
  /** Where a large answer is copied while it arrives (the page's answer worker, which reads it next). */
  openMirror?: (sizeHint: number | null) => AnswerMirror;
};

/** `gridCell` marks a request as a cell of a grid, so that the server can hold grids to its maximum. */
export function runGeneration(
  request: GenerationRequest,
  signal: AbortSignal,
  options: { gridCell?: { index: number; total: number } } & ProgressOptions = {},
): Promise<RunOutcome> {
  const headers: Record<string, string> = options.gridCell
    ? { [GRID_CELL_HEADER]: gridCellHeader(options.gridCell.index, options.gridCell.total) }
    : {};
  const { onProgress, openEvents, openMirror } = options;
  return callRoute("/api/generate", request, signal, { headers, onProgress, openEvents, openMirror });
}

/**
 * Asks our server to fetch a job's polling URL: it adds the key only for a URL on the service's
 * origin that comes with the grant it issued when the service named it (null: none was issued).
 */
export function runPoll(url: string, grant: string | null, signal: AbortSignal): Promise<RunOutcome> {
  return callRoute("/api/poll", grant ? { url, grant } : { url }, signal);
}

/** The grants header, parsed, not trusted: only string → string pairs survive. */
function operationLocationOf(response: Response): { operationLocation?: string } {
  const value = header(response, ANSWER_HEADERS.serviceOperationLocation);
  return value ? { operationLocation: value } : {};
}

function pollGrantsOf(response: Response): { pollGrants?: Record<string, string> } {
  const grants = grantsIn(response, ANSWER_HEADERS.pollGrants);
  return grants ? { pollGrants: grants } : {};
}

function imageGrantsOf(response: Response): { imageGrants?: Record<string, string> } {
  const grants = grantsIn(response, ANSWER_HEADERS.imageGrants);
  return grants ? { imageGrants: grants } : {};
}

/** A grants header: URI-encoded JSON, URL → grant; null when absent or not that. */
function grantsIn(response: Response, name: string): Record<string, string> | null {
  const text = safeDecode(header(response, name));
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const grants = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return Object.keys(grants).length > 0 ? grants : null;
  } catch {
    return null;
  }
}

async function callRoute(
  path: string,
  payload: unknown,
  signal: AbortSignal,
  options: { headers?: Record<string, string> } & ProgressOptions = {},
): Promise<RunOutcome> {
  const extraHeaders = options.headers ?? {};
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const ended = generationStarted();
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...extraHeaders },
      body: JSON.stringify(payload),
      signal,
      cache: "no-store",
    }).catch(() => null);
    if (!response) {
      if (signal.aborted) return { kind: "cancelled", totalMs: elapsed() };
      return { kind: "failed", message: "The playground's server could not be reached. Is it still running?", totalMs: elapsed() };
    }
    return await outcomeOfRouteAnswer(response, {
      signal,
      elapsed,
      started,
      onProgress: options.onProgress,
      openEvents: options.openEvents,
      openMirror: options.openMirror,
    });
  } finally {
    ended();
  }
}

/**
 * What our route's answer came to: the service's answer (read to the end) with what the route said
 * of the exchange, or our own problem. The server's batch runner reads the route's answer this way
 * too, so a batch's run is the run the page would have made.
 */
export async function outcomeOfRouteAnswer(
  response: Response,
  options: { signal: AbortSignal; elapsed: () => number; started: number } & ProgressOptions,
): Promise<RunOutcome> {
  const { signal, elapsed, started } = options;
  if (header(response, ANSWER_HEADERS.source) !== "service") {
    const problem = await readProblem(response).catch(() => ({ type: "about:blank", title: "The answer broke off" }));
    return { kind: "problem", problem, status: response.status, url: header(response, ANSWER_HEADERS.serviceUrl), totalMs: elapsed() };
  }

  // Our server ends an answer that passed its cap one byte past the cap (see ANSWER_HEADERS.answerLimit).
  const limit = Number.parseInt(header(response, ANSWER_HEADERS.answerLimit), 10);
  const declared = Number.parseInt(header(response, ANSWER_HEADERS.answerLength), 10);
  // Read to the end, counting what arrived, so a body that breaks off can be described; a stream's
  // events are shown as they come.
  const read = await readAnswer(response.body, {
    // Room for more than the cap lets through is never made, whatever the service declared.
    sizeHint: declared > 0 && Number.isFinite(limit) ? Math.min(declared, limit + 1) : null,
    contentType: header(response, ANSWER_HEADERS.serviceContentType),
    startedAt: started,
    onProgress: options.onProgress,
    openEvents: options.openEvents,
    openMirror: options.openMirror,
  });
  if (!read.ok) {
    if (signal.aborted) return { kind: "cancelled", totalMs: elapsed() };
    const message = `The service's answer broke off after ${formatBytes(read.size)}: the connection closed or the time ran out mid-answer.`;
    return { kind: "failed", message, totalMs: elapsed() };
  }
  if (read.size > limit) {
    const message = `The service's answer is too large: it passed the playground's limit of ${formatBytes(limit)} (counted after decompression), so it was cut off there.`;
    return { kind: "failed", message, totalMs: elapsed() };
  }
  const { bytes } = read;
  markPerformance(PERF_MARKS.answerReceived);
  const headersMs = Number.parseInt(header(response, ANSWER_HEADERS.serviceHeadersMs), 10);
  return {
    kind: "service",
    exchange: {
      requestId: header(response, ANSWER_HEADERS.requestId),
      status: Number.parseInt(header(response, ANSWER_HEADERS.serviceStatus), 10) || response.status,
      statusText: header(response, ANSWER_HEADERS.serviceStatusText),
      contentType: header(response, ANSWER_HEADERS.serviceContentType),
      url: header(response, ANSWER_HEADERS.serviceUrl),
      urlsTried: header(response, ANSWER_HEADERS.serviceUrlsTried).split(",").filter(Boolean),
      keyHint: safeDecode(header(response, ANSWER_HEADERS.serviceKeyHint)),
      headersMs: Number.isFinite(headersMs) ? headersMs : null,
      totalMs: elapsed(),
      serviceRequestId: header(response, ANSWER_HEADERS.serviceRequestId),
      retryAfter: header(response, ANSWER_HEADERS.serviceRetryAfter),
      location: header(response, ANSWER_HEADERS.serviceLocation),
      ...operationLocationOf(response),
      ...transferOf(response),
      ...pollGrantsOf(response),
      ...imageGrantsOf(response),
      ...(read.eventTimes ? { eventTimes: read.eventTimes } : {}),
      bytes,
    },
  };
}
