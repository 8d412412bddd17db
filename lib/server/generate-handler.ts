import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ANSWER_HEADERS } from "@/lib/answer-headers";
import { makeGenerationRequestSchema } from "@/lib/generation-request";
import type { ConfigResult } from "./config";
import { callImageService } from "./image-service-client";
import { logRequest } from "./request-log";
import { problemResponse } from "./problem-response";
import { scrubSecretStream, scrubSecretText } from "./scrub-secret";
import { keyHint, resolveServiceTarget } from "./service-target";

/**
 * POST /api/generate: parse → validate → call → answer. The service's answer (any status, any
 * body) is streamed back unchanged but for the key, with what we know of the exchange in headers.
 */

function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/** Statuses a Response can carry; anything else (a broken service) is relayed as 502 with the truth in a header. */
function relayStatus(serviceStatus: number): number {
  return serviceStatus >= 200 && serviceStatus <= 599 ? serviceStatus : 502;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

type Finish = (response: Response, extra?: { serviceStatus?: number; promptLength?: number; model?: string }) => Response;

export async function handleGenerate(request: Request, configResult: ConfigResult): Promise<Response> {
  const requestId = randomUUID();
  const started = performance.now();
  const finish: Finish = (response, extra = {}) => {
    logRequest({ requestId, route: "/api/generate", status: response.status, durationMs: performance.now() - started, ...extra });
    return response;
  };
  try {
    return await generate(request, configResult, requestId, finish);
  } catch (error) {
    // Our own bug: logged here with the request id, answered without any internals.
    console.error(JSON.stringify({ level: "error", requestId, route: "/api/generate", error: error instanceof Error ? error.message : String(error) }));
    return finish(problemResponse("internal", { requestId, detail: `Something went wrong in the playground. Quote request id ${requestId} when reporting it.` }));
  }
}

async function generate(request: Request, configResult: ConfigResult, requestId: string, finish: Finish): Promise<Response> {
  if (!configResult.ok) {
    const variables = configResult.problems.map((problem) => problem.split(":")[0]).join(", ");
    return finish(problemResponse("misconfigured", { requestId, detail: `Check these settings on the server: ${variables}.` }));
  }
  const config = configResult.config;

  if (!isJsonContentType(request.headers.get("content-type"))) {
    return finish(problemResponse("unsupported-media-type", { requestId, detail: "Send the fields as JSON with Content-Type: application/json." }));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await request.text());
  } catch {
    return finish(problemResponse("invalid-json", { requestId, detail: "The body could not be parsed as JSON." }));
  }
  const parsed = makeGenerationRequestSchema({ promptMaxChars: config.promptMaxChars }).safeParse(payload);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    const errors: Record<string, string[]> = { ...fieldErrors };
    if (formErrors.length > 0) errors._ = formErrors;
    const detail = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(" ")}`).join(" ");
    return finish(problemResponse("invalid-request", { requestId, detail, errors }));
  }
  const generation = parsed.data;
  const logged = { promptLength: generation.prompt.length, model: generation.model };

  let target;
  try {
    target = await resolveServiceTarget(config, generation.model);
  } catch {
    return finish(problemResponse("service-unreachable", { requestId, detail: "The embedded demo service could not start." }), logged);
  }

  const result = await callImageService(target, generation, { timeoutMs: config.timeoutMs, signal: request.signal });
  const tried = {
    [ANSWER_HEADERS.serviceUrl]: result.url,
    [ANSWER_HEADERS.serviceUrlsTried]: result.urlsTried.join(","),
    [ANSWER_HEADERS.serviceKeyHint]: encodeURIComponent(keyHint(target.apiKey)),
  };
  if (!result.ok) {
    if (result.reason === "timeout") {
      return finish(problemResponse("service-timeout", { requestId, detail: `The service at ${result.url} sent no answer: ${result.detail}.`, headers: tried }), logged);
    }
    const detail = result.reason === "cancelled" ? "The request was cancelled before the service answered." : `Calling ${result.url} failed: ${result.detail}.`;
    return finish(problemResponse("service-unreachable", { requestId, detail, headers: tried }), logged);
  }

  const { response } = result;
  const scrub = (value: string | null) => (value === null ? "" : scrubSecretText(value, target.apiKey));
  const headers = new Headers({
    // The body is the service's, labelled as opaque bytes: its own type travels as data, never as ours.
    "content-type": "application/octet-stream",
    // no-transform also keeps compression middleware from re-encoding a large answer on the way out.
    "cache-control": "no-store, no-transform",
    "x-content-type-options": "nosniff",
    [ANSWER_HEADERS.source]: "service",
    [ANSWER_HEADERS.requestId]: requestId,
    [ANSWER_HEADERS.serviceStatus]: String(response.status),
    [ANSWER_HEADERS.serviceStatusText]: scrub(response.statusText),
    [ANSWER_HEADERS.serviceContentType]: scrub(response.headers.get("content-type")),
    [ANSWER_HEADERS.serviceHeadersMs]: String(result.headersMs),
    [ANSWER_HEADERS.serviceRequestId]: scrub(response.headers.get("x-request-id") ?? response.headers.get("request-id")),
    [ANSWER_HEADERS.serviceRetryAfter]: scrub(response.headers.get("retry-after")),
    ...tried,
  });
  // An empty header says nothing; leave it out so the page reads "absent" rather than "".
  for (const [name, value] of [...headers]) if (value === "") headers.delete(name);
  const status = relayStatus(response.status);
  const body = NULL_BODY_STATUSES.has(status) || !response.body ? null : response.body.pipeThrough(scrubSecretStream(target.apiKey));
  if (body === null) await response.body?.cancel();
  return finish(new Response(body, { status, headers }), { ...logged, serviceStatus: response.status });
}
