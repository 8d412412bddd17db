import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ANSWER_HEADERS } from "@/lib/answer-headers";
import { makeGenerationRequestSchema, type GenerationRequestSchema } from "@/lib/generation-request";
import { answerBodyStream } from "./answer-body";
import { clientAddress } from "./client-address";
import type { ConfigResult, ServerConfig } from "./config";
import { callImageService, type ServiceCallResult } from "./image-service-client";
import { acquireGenerationSlot } from "./in-flight-limit";
import { problemResponse } from "./problem-response";
import { generationLimiter } from "./rate-limiter";
import { readRequestBody } from "./read-request-body";
import { logRequest, type RequestLogLine } from "./request-log";
import { crossSiteReason } from "./request-origin";
import { scrubSecretChunks, scrubSecretText } from "./scrub-secret";
import { keyHint, resolveServiceTarget } from "./service-target";
import { hasValidSession } from "./session";

/**
 * POST /api/generate, in order: who may call (origin, session), what was sent (type, size, JSON,
 * fields), how often (rate, in flight), then the call. The service's answer (any status, any body)
 * goes back byte for byte but for the key, with what we know of the exchange in headers.
 */

type LogExtra = Partial<Omit<RequestLogLine, "requestId" | "route" | "status" | "durationMs">>;
type Log = (status: number, extra?: LogExtra) => void;
type Finish = (response: Response, extra?: LogExtra) => Response;

export async function handleGenerate(request: Request, configResult: ConfigResult): Promise<Response> {
  const requestId = randomUUID();
  const started = performance.now();
  const log: Log = (status, extra = {}) => {
    logRequest({ requestId, route: "/api/generate", status, durationMs: performance.now() - started, ...extra });
  };
  const finish: Finish = (response, extra) => {
    log(response.status, extra);
    return response;
  };
  try {
    if (!configResult.ok) {
      const variables = configResult.problems.map((problem) => problem.split(":")[0]).join(", ");
      return finish(problemResponse("misconfigured", { requestId, detail: `Check these settings on the server: ${variables}.` }));
    }
    return await generate(request, configResult.config, requestId, log, finish);
  } catch (error) {
    // Our own bug: logged here with the request id, answered without any internals.
    console.error(JSON.stringify({ level: "error", requestId, route: "/api/generate", error: error instanceof Error ? error.message : String(error) }));
    return finish(problemResponse("internal", { requestId, detail: `Something went wrong in the playground. Quote request id ${requestId} when reporting it.` }));
  }
}

const schemas = new Map<number, GenerationRequestSchema>();

/** Building a schema costs more than using it: one per prompt limit, kept for the process. */
function requestSchemaFor(promptMaxChars: number): GenerationRequestSchema {
  let schema = schemas.get(promptMaxChars);
  if (!schema) {
    schema = makeGenerationRequestSchema({ promptMaxChars });
    schemas.set(promptMaxChars, schema);
  }
  return schema;
}

function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

async function generate(request: Request, config: ServerConfig, requestId: string, log: Log, finish: Finish): Promise<Response> {
  const crossSite = crossSiteReason(request, config.trustProxyHops);
  if (crossSite) return finish(problemResponse("cross-site", { requestId, detail: `Refused: ${crossSite}.` }));
  if (!hasValidSession(request.headers, config.access)) {
    return finish(problemResponse("sign-in-required", { requestId, detail: "Your session is missing or has expired. Sign in again." }));
  }
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return finish(problemResponse("unsupported-media-type", { requestId, detail: "Send the fields as JSON with Content-Type: application/json." }));
  }
  const body = await readRequestBody(request, config.limits.requestBodyBytes);
  if (!body.ok) {
    const detail = body.reason === "too-large" ? `A request can be at most ${config.limits.requestBodyBytes.toLocaleString("en")} bytes.` : "The request body broke off.";
    return finish(problemResponse(body.reason === "too-large" ? "body-too-large" : "invalid-json", { requestId, detail }));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.text);
  } catch {
    return finish(problemResponse("invalid-json", { requestId, detail: "The body could not be parsed as JSON." }), { bytesIn: body.size });
  }
  const parsed = requestSchemaFor(config.promptMaxChars).safeParse(payload);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    const errors: Record<string, string[]> = { ...fieldErrors };
    if (formErrors.length > 0) errors._ = formErrors;
    const detail = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(" ")}`).join(" ");
    return finish(problemResponse("invalid-request", { requestId, detail, errors }), { bytesIn: body.size });
  }
  const generation = parsed.data;
  const logged: LogExtra = { bytesIn: body.size, promptLength: generation.prompt.length };

  const rate = generationLimiter(config.limits.ratePerMinute).take(clientAddress(request.headers, config.trustProxyHops));
  if (!rate.ok) {
    const detail = `This playground allows ${config.limits.ratePerMinute} generations a minute from each client.`;
    return finish(problemResponse("rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }), logged);
  }
  const release = acquireGenerationSlot(config.limits.maxInFlight);
  if (!release) {
    const detail = `${config.limits.maxInFlight} generations are already running, the most this playground runs at once.`;
    return finish(problemResponse("busy", { requestId, detail, retryAfterSeconds: 2 }), logged);
  }
  let streaming = false;
  try {
    const target = await resolveServiceTarget(config, generation.model).catch(() => null);
    if (!target) return finish(problemResponse("service-unreachable", { requestId, detail: "The embedded demo service could not start." }), logged);
    const result = await callImageService(target, generation, { limits: config.limits, signal: request.signal });
    if (!result.ok) return finish(failureAnswer(result, target.apiKey, requestId), { ...logged, serviceStatus: result.status });
    const serviceStatus = result.answer.status;
    if (!result.answer.rest) {
      // Read whole already (small, or an error body): answered in one piece, nothing left to wait for.
      const chunks = scrubSecretChunks(result.answer.chunks, target.apiKey);
      const bytesOut = chunks.reduce((total, chunk) => total + chunk.byteLength, 0);
      const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
      return finish(serviceAnswer(result, target.apiKey, requestId, body, config.limits.answerBytes), { ...logged, serviceStatus, bytesOut });
    }
    streaming = true;
    // The slot is held, and the line logged, until the last byte has left (or the stream failed).
    const body = answerBodyStream(result.answer, {
      apiKey: target.apiKey,
      maxBytes: config.limits.answerBytes,
      callerSignal: request.signal,
      onEnd: (bytesOut, failure) => {
        release();
        log(relayStatus(serviceStatus), { ...logged, serviceStatus, bytesOut, ...(failure ? { failure } : {}) });
      },
    });
    return serviceAnswer(result, target.apiKey, requestId, body, config.limits.answerBytes);
  } finally {
    if (!streaming) release();
  }
}

const FAILURE_KINDS = {
  "headers-timeout": "service-timeout",
  timeout: "service-timeout",
  unreachable: "service-unreachable",
  "too-large": "answer-too-large",
  broken: "answer-broken",
  cancelled: "service-unreachable",
} as const;

function exchangeHeaders(result: ServiceCallResult, apiKey: string): Record<string, string> {
  return {
    [ANSWER_HEADERS.serviceUrl]: result.url,
    [ANSWER_HEADERS.serviceUrlsTried]: result.urlsTried.join(","),
    [ANSWER_HEADERS.serviceKeyHint]: encodeURIComponent(keyHint(apiKey)),
  };
}

function failureAnswer(result: Extract<ServiceCallResult, { ok: false }>, apiKey: string, requestId: string): Response {
  const status = result.status ? ` It had answered ${result.status} before that.` : "";
  return problemResponse(FAILURE_KINDS[result.reason], { requestId, detail: `Calling ${result.url}: ${result.detail}.${status}`, headers: exchangeHeaders(result, apiKey) });
}

function serviceAnswer(result: Extract<ServiceCallResult, { ok: true }>, apiKey: string, requestId: string, body: ReadableStream<Uint8Array> | Uint8Array, answerLimit: number): Response {
  const { answer } = result;
  const scrub = (value: string | null) => (value === null ? "" : scrubSecretText(value, apiKey));
  const headers = new Headers({
    // The body is the service's, labelled as opaque bytes: its own type travels as data, never as ours.
    "content-type": "application/octet-stream",
    // no-transform also keeps compression from re-encoding a large answer on the way out.
    "cache-control": "no-store, no-transform",
    [ANSWER_HEADERS.source]: "service",
    [ANSWER_HEADERS.requestId]: requestId,
    [ANSWER_HEADERS.serviceStatus]: String(answer.status),
    [ANSWER_HEADERS.serviceStatusText]: scrub(answer.statusText),
    [ANSWER_HEADERS.serviceContentType]: scrub(answer.headers.get("content-type")),
    [ANSWER_HEADERS.serviceHeadersMs]: String(answer.headersMs),
    [ANSWER_HEADERS.serviceRequestId]: scrub(answer.headers.get("x-request-id") ?? answer.headers.get("request-id")),
    [ANSWER_HEADERS.serviceRetryAfter]: scrub(answer.headers.get("retry-after")),
    [ANSWER_HEADERS.serviceLocation]: scrub(answer.headers.get("location")),
    [ANSWER_HEADERS.answerLimit]: String(answerLimit),
    ...exchangeHeaders(result, apiKey),
  });
  // An empty header says nothing; leave it out so the page reads "absent" rather than "".
  for (const [name, value] of [...headers]) if (value === "") headers.delete(name);
  const status = relayStatus(answer.status);
  if (NULL_BODY_STATUSES.has(status)) {
    // Nothing will read the body: cancelling a stream ends the exchange (slot released, line logged).
    if (body instanceof ReadableStream) void body.cancel();
    return new Response(null, { status, headers });
  }
  if (!(body instanceof ReadableStream)) headers.set("content-length", String(body.byteLength));
  // A small body (at most the buffer size) is copied once into a plain ArrayBuffer-backed array.
  return new Response(body instanceof ReadableStream ? body : new Uint8Array(body), { status, headers });
}

const NULL_BODY_STATUSES = new Set([204, 205]);

/** The service's status as ours, except what a browser would misread (304) or a Response cannot carry: 502, truth in a header. */
function relayStatus(status: number): number {
  return status >= 200 && status <= 599 && status !== 304 ? status : 502;
}
