import "server-only";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { answerBodyStream } from "./answer-body";
import type { ServerConfig } from "@/lib/server/config/config";
import type { ServiceAnswer, ServiceCallResult } from "./image-service-client";
import { problemResponse } from "@/lib/server/http/problem-response";
import type { LogExtra, RouteContext } from "@/lib/server/http/route-context";
import { scrubSecretChunks, scrubSecretText } from "./scrub-secret";
import { keyHint } from "./service-target";
import { pollGrantsFor } from "./answer-poll-grants";
import { imageGrantsFor } from "./answer-image-grants";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import type { GenerationOutcome } from "@/lib/server/budgets/generation-account";

/**
 * Turns the result of a call to the service into our answer: a problem when the call failed, or
 * the service's own answer (any status, any body) byte for byte but for the key, with what we know
 * of the exchange in headers. `release` frees the in-flight slot once the last byte has left.
 */
export async function relayServiceResult(
  result: ServiceCallResult,
  apiKey: string,
  config: ServerConfig,
  context: RouteContext & { signal: AbortSignal; logged: LogExtra; release: () => void; account: (outcome: GenerationOutcome) => void },
): Promise<Response> {
  const { requestId, finish, log, logged, release, account } = context;
  if (!result.ok) {
    release();
    account({ status: result.status ?? 0, images: 0 });
    return finish(failureAnswer(result, apiKey, requestId), { ...logged, serviceStatus: result.status });
  }
  const serviceStatus = result.answer.status;
  const { unsupported } = result.answer.transfer;
  if (unsupported) {
    // Bytes this server cannot read are bytes the key scrubber cannot see: they are not relayed.
    release();
    // Not shown, but the service may well have made (and charged for) what was asked.
    account({ status: serviceStatus, images: "as-asked" });
    await result.answer.rest?.cancel().catch(() => undefined);
    const detail = `The service answered ${serviceStatus} in the content coding "${scrubSecretText(unsupported, apiKey)}", which the playground cannot undo, so its bytes were not passed on (the key could not be checked for in them).`;
    return finish(problemResponse("answer-unreadable-encoding", { requestId, detail, headers: exchangeHeaders(result, apiKey) }), {
      ...logged,
      serviceStatus,
    });
  }
  const pollGrants = await pollGrantsFor(result.answer, result.url, apiKey, config).catch(() => ({}));
  const imageGrants = await imageGrantsFor(result.answer, result.url, apiKey, config).catch(() => ({}));
  if (!result.answer.rest) {
    // Read whole already (small, or an error body): answered in one piece, nothing left to wait for.
    release();
    const whole = result.answer;
    // A job's receipt names no image yet: its images are counted as asked for.
    const isJob = Object.keys(pollGrants).length > 0;
    account({
      status: serviceStatus,
      images: isJob ? "as-asked" : () => countImages(whole.chunks, whole.headers.get("content-type") ?? "", result.url),
    });
    const chunks = scrubSecretChunks(result.answer.chunks, apiKey);
    const bytesOut = chunks.reduce((total, chunk) => total + chunk.byteLength, 0);
    const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
    return finish(serviceAnswer(result, apiKey, requestId, body, config.limits.answerBytes, { poll: pollGrants, image: imageGrants }), {
      ...logged,
      serviceStatus,
      bytesOut,
    });
  }
  // The slot is held, and the line logged, until the last byte has left (or the stream failed).
  const body = answerBodyStream(result.answer, {
    apiKey,
    maxBytes: config.limits.answerBytes,
    callerSignal: context.signal,
    onEnd: (bytesOut, failure) => {
      release();
      // A streamed answer is not kept to be counted: it made what was asked for.
      account({ status: serviceStatus, images: "as-asked" });
      log(relayStatus(serviceStatus), { ...logged, serviceStatus, bytesOut, ...(failure ? { failure } : {}) });
    },
  });
  return serviceAnswer(result, apiKey, requestId, body, config.limits.answerBytes, { poll: pollGrants, image: imageGrants });
}

/** The images the finder sees in an answer read whole, as the page will show them. */
function countImages(chunks: Uint8Array[], contentType: string, serviceUrl: string): number {
  const bytes = new Uint8Array(Buffer.concat(chunks));
  return interpretAnswer(bytes, contentType, serviceUrl).images.length;
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
  return problemResponse(FAILURE_KINDS[result.reason], {
    requestId,
    detail: `Calling ${result.url}: ${result.detail}.${status}`,
    headers: exchangeHeaders(result, apiKey),
  });
}

/** What the page says about a compressed answer: its coding, whether it was undone, its size on the wire. */
function transferHeaders(answer: ServiceAnswer, scrub: (value: string | null) => string): Record<string, string> {
  const { transfer } = answer;
  const encoding = scrub(answer.headers.get("content-encoding"));
  if (transfer.decoded.length === 0) return {};
  const declared = answer.headers.get("content-length");
  const wire = answer.rest ? (declared && /^\d{1,16}$/.test(declared) ? declared : "") : String(transfer.wireBytes());
  return {
    [ANSWER_HEADERS.serviceContentEncoding]: encoding,
    [ANSWER_HEADERS.answerDecoding]: "decoded",
    [ANSWER_HEADERS.serviceWireBytes]: wire,
  };
}

const NULL_BODY_STATUSES = new Set([204, 205]);

/** The service's status as ours, except what a browser would misread (304) or a Response cannot carry: 502, truth in a header. */
function relayStatus(status: number): number {
  return status >= 200 && status <= 599 && status !== 304 ? status : 502;
}

function serviceAnswer(
  result: Extract<ServiceCallResult, { ok: true }>,
  apiKey: string,
  requestId: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
  answerLimit: number,
  grants: { poll: Record<string, string>; image: Record<string, string> },
): Response {
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
    [ANSWER_HEADERS.serviceOperationLocation]: scrub(answer.headers.get("operation-location")),
    [ANSWER_HEADERS.answerLimit]: String(answerLimit),
    [ANSWER_HEADERS.pollGrants]: grantsHeader(grants.poll),
    [ANSWER_HEADERS.imageGrants]: grantsHeader(grants.image),
    ...transferHeaders(answer, scrub),
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
  else {
    const declared = answer.headers.get("content-length");
    if (answer.transfer.decoded.length === 0 && declared && /^\d{1,16}$/.test(declared)) headers.set(ANSWER_HEADERS.answerLength, declared);
  }
  // A small body (at most the buffer size) is copied once into a plain ArrayBuffer-backed array.
  return new Response(body instanceof ReadableStream ? body : new Uint8Array(body), { status, headers });
}

/** Grants travel as URI-encoded JSON (URLs are not all header-safe); none: no header. */
function grantsHeader(grants: Record<string, string>): string {
  return Object.keys(grants).length > 0 ? encodeURIComponent(JSON.stringify(grants)) : "";
}
