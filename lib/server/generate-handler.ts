import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ANSWER_HEADERS } from "@/lib/answer-headers";
import { makeGenerationRequestSchema } from "@/lib/generation-request";
import { streamChunks } from "./answer-body";
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
type Finish = (response: Response, extra?: LogExtra) => Response;

export async function handleGenerate(request: Request, configResult: ConfigResult): Promise<Response> {
  const requestId = randomUUID();
  const started = performance.now();
  const finish: Finish = (response, extra = {}) => {
    logRequest({ requestId, route: "/api/generate", status: response.status, durationMs: performance.now() - started, ...extra });
    return response;
  };
  try {
    if (!configResult.ok) {
      const variables = configResult.problems.map((problem) => problem.split(":")[0]).join(", ");
      return finish(problemResponse("misconfigured", { requestId, detail: `Check these settings on the server: ${variables}.` }));
    }
    return await generate(request, configResult.config, requestId, finish);
  } catch (error) {
    // Our own bug: logged here with the request id, answered without any internals.
    console.error(JSON.stringify({ level: "error", requestId, route: "/api/generate", error: error instanceof Error ? error.message : String(error) }));
    return finish(problemResponse("internal", { requestId, detail: `Something went wrong in the playground. Quote request id ${requestId} when reporting it.` }));
  }
}

function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

async function generate(request: Request, config: ServerConfig, requestId: string, finish: Finish): Promise<Response> {
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
  const parsed = makeGenerationRequestSchema({ promptMaxChars: config.promptMaxChars }).safeParse(payload);
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
  try {
    const target = await resolveServiceTarget(config, generation.model).catch(() => null);
    if (!target) return finish(problemResponse("service-unreachable", { requestId, detail: "The embedded demo service could not start." }), logged);
    const result = await callImageService(target, generation, { limits: config.limits, signal: request.signal });
    return finish(answerFor(result, target.apiKey, requestId), { ...logged, serviceStatus: result.ok ? result.answer.status : result.status, bytesOut: result.ok ? result.answer.size : 0 });
  } finally {
    release();
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

function answerFor(result: ServiceCallResult, apiKey: string, requestId: string): Response {
  const exchangeHeaders: Record<string, string> = {
    [ANSWER_HEADERS.serviceUrl]: result.url,
    [ANSWER_HEADERS.serviceUrlsTried]: result.urlsTried.join(","),
    [ANSWER_HEADERS.serviceKeyHint]: encodeURIComponent(keyHint(apiKey)),
  };
  if (!result.ok) {
    const status = result.status ? ` It had answered ${result.status} before that.` : "";
    return problemResponse(FAILURE_KINDS[result.reason], { requestId, detail: `Calling ${result.url}: ${result.detail}.${status}`, headers: exchangeHeaders });
  }
  const { answer } = result;
  const scrub = (value: string | null) => (value === null ? "" : scrubSecretText(value, apiKey));
  const chunks = scrubSecretChunks(answer.chunks, apiKey);
  const size = chunks.reduce((total, chunk) => total + chunk.byteLength, 0);
  const headers = new Headers({
    // The body is the service's, labelled as opaque bytes: its own type travels as data, never as ours.
    "content-type": "application/octet-stream",
    "content-length": String(size),
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
    ...exchangeHeaders,
  });
  // An empty header says nothing; leave it out so the page reads "absent" rather than "".
  for (const [name, value] of [...headers]) if (value === "") headers.delete(name);
  const status = relayStatus(answer.status);
  return new Response(NULL_BODY_STATUSES.has(status) ? null : streamChunks(chunks), { status, headers });
}

const NULL_BODY_STATUSES = new Set([204, 205]);

/** The service's status as ours, except what a browser would misread (304) or a Response cannot carry: 502, truth in a header. */
function relayStatus(status: number): number {
  return status >= 200 && status <= 599 && status !== 304 ? status : 502;
}
