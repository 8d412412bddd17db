import "server-only";
import type { GenerationRequest } from "@/lib/request/generation-request";
import { serviceBody } from "@/lib/request/service-body";
import type { LimitsConfig } from "@/lib/server/config/config";
import { framingOfType } from "@/lib/answer/answer-stream";
import { decodeContent } from "./content-decoding";
import { sendHttp, type PostedAnswer } from "./http-exchange";
import { describeNetworkError } from "./network-errors";
import { readServiceBody } from "./read-service-answer";
import { endpointUrl, formsToTry, shouldTryNextForm, type BaseForm, type BaseFormSetting } from "./service-url";

/**
 * The calls to an image service. Requests are built from scratch (only the three fields and the
 * bearer key leave this server), with a headers timeout, a timeout for the whole exchange and the
 * caller's abort; answers are read with a size cap. Results are tagged, never thrown.
 */

export type ServiceTarget = {
  /** "demo" for the embedded demo service, "service" for the configured one. */
  kind: "demo" | "service";
  root: string;
  givenForm: BaseForm;
  formSetting: BaseFormSetting;
  apiKey: string;
};

export type ServiceAnswer = {
  status: number;
  statusText: string;
  headers: Headers;
  /** The answer, or its start when `rest` continues it. */
  chunks: Uint8Array[];
  size: number;
  /** The rest of a large answer, still arriving; null when `chunks` is the whole of it. */
  rest: ReadableStreamDefaultReader<Uint8Array> | null;
  headersMs: number;
  /** Ends with the exchange's timeout; reading `rest` fails once it has. */
  totalTimeout: AbortSignal;
  /** How the body travelled when the service compressed it: what was undone, and its size on the wire. */
  transfer: AnswerTransfer;
};

export type AnswerTransfer = {
  /** Content codings undone on this server, in the order the service applied them. */
  decoded: string[];
  /** A coding this server cannot undo (the body is passed on as it came). */
  unsupported: string | null;
  /** Compressed bytes read so far: all of them once `rest` is null. */
  wireBytes: () => number;
};

/** Answers up to this size are read whole before ours starts; larger ones are streamed on. */
export const BUFFERED_ANSWER_BYTES = 1024 * 1024;

export type ServiceFailure = "headers-timeout" | "timeout" | "unreachable" | "cancelled" | "too-large" | "broken";

export type ServiceCallResult = { url: string; urlsTried: string[] } & (
  { ok: true; answer: ServiceAnswer } | { ok: false; reason: ServiceFailure; detail: string; status?: number }
);

type CallLimits = Pick<LimitsConfig, "timeoutMs" | "headersTimeoutMs" | "answerBytes">;
type CallOptions = { limits: CallLimits; signal: AbortSignal };
type Attempt = { ok: true; response: PostedAnswer; headersMs: number } | { ok: false; reason: ServiceFailure; detail: string };

/** The base form that answered, per service root, for the life of the process (auto mode). */
const globalSlot = globalThis as typeof globalThis & { __imageServiceForms?: Map<string, BaseForm> };
const rememberedForms = (globalSlot.__imageServiceForms ??= new Map<string, BaseForm>());

export function forgetRememberedForms(): void {
  rememberedForms.clear();
}

/** The form remembered for a service root in this process, if any. */
export function rememberedForm(root: string): BaseForm | undefined {
  return rememberedForms.get(root);
}

/** Takes on a form another instance found (shared-base-form.ts), as if this process had found it. */
export function rememberForm(root: string, form: BaseForm): void {
  rememberedForms.set(root, form);
}

function formsFor(target: ServiceTarget): BaseForm[] {
  const remembered = target.formSetting === "auto" ? rememberedForms.get(target.root) : undefined;
  return remembered ? [remembered] : formsToTry(target.formSetting, target.givenForm);
}

/** The endpoints the next call will try, in order: one once a form is known. */
export function candidateUrls(target: ServiceTarget): string[] {
  return formsFor(target).map((form) => endpointUrl(target.root, form));
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** One request to the service, up to its response headers. */
async function attempt(
  url: string,
  init: { method: "GET" | "POST"; body?: string; apiKey: string },
  options: CallOptions,
  total: AbortSignal,
): Promise<Attempt> {
  const headersTimer = new AbortController();
  const timer = setTimeout(() => headersTimer.abort(), options.limits.headersTimeoutMs);
  const started = performance.now();
  try {
    // Node's client follows no redirect: a redirect is the service's answer to show, not a hop to take with the key.
    const response = await sendHttp(url, {
      method: init.method,
      headers: {
        authorization: `Bearer ${init.apiKey}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        accept: "application/json, image/*;q=0.9, */*;q=0.8",
      },
      body: init.body,
      // One signal for the whole exchange, body included: either timeout or the browser's abort ends it.
      signal: AbortSignal.any([options.signal, total, headersTimer.signal]),
    });
    return { ok: true, response, headersMs: Math.round(performance.now() - started) };
  } catch (error) {
    const reason: ServiceFailure = options.signal.aborted
      ? "cancelled"
      : total.aborted
        ? "timeout"
        : headersTimer.signal.aborted
          ? "headers-timeout"
          : "unreachable";
    const detail =
      reason === "cancelled"
        ? "the browser cancelled the request"
        : reason === "timeout"
          ? `no answer within ${seconds(options.limits.timeoutMs)}`
          : reason === "headers-timeout"
            ? `no response headers within ${seconds(options.limits.headersTimeoutMs)}`
            : describeNetworkError(error);
    return { ok: false, reason, detail };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the start of the answer (all of a small one) and tags the result. */
async function settle(
  url: string,
  urlsTried: string[],
  sent: Extract<Attempt, { ok: true }>,
  options: CallOptions,
  total: AbortSignal,
): Promise<ServiceCallResult> {
  const { response, headersMs } = sent;
  // Caps, scrubbing and the page all work on the decoded answer: the cap counts decoded bytes.
  const decoding = decodeContent(response.body, response.headers.get("content-encoding"));
  const read = await readServiceBody(
    { headers: response.headers, body: decoding.body },
    {
      maxBytes: options.limits.answerBytes,
      // A stream of events is passed on from its first chunk: each event reaches the page as it comes.
      bufferBytes: framingOfType(response.headers.get("content-type") ?? "") ? 0 : BUFFERED_ANSWER_BYTES,
      totalTimeout: total,
      callerSignal: options.signal,
    },
  );
  if (!read.ok) {
    const reason: ServiceFailure = read.reason === "stopped" ? "timeout" : read.reason;
    return { ok: false, reason, detail: read.detail, url, urlsTried, status: response.status };
  }
  return {
    ok: true,
    url,
    urlsTried,
    answer: {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      chunks: read.chunks,
      size: read.size,
      rest: read.rest,
      headersMs,
      totalTimeout: total,
      transfer: { decoded: decoding.decoded, unsupported: decoding.unsupported, wireBytes: decoding.wireBytes },
    },
  };
}

/** POST {base}/v1/images/generations, trying the other base form once after a 404/405 in auto mode. */
export async function callImageService(
  target: ServiceTarget,
  request: GenerationRequest,
  options: CallOptions,
): Promise<ServiceCallResult> {
  const total = AbortSignal.timeout(options.limits.timeoutMs);
  // Built from the checked request only: extra fields join the body, never the URL or the headers.
  const body = JSON.stringify(serviceBody(request));
  const forms = formsFor(target);
  const urlsTried: string[] = [];
  for (const [index, form] of forms.entries()) {
    const url = endpointUrl(target.root, form);
    const sent = await attempt(url, { method: "POST", body, apiKey: target.apiKey }, options, total);
    if (!sent.ok) return { ok: false, reason: sent.reason, detail: sent.detail, url, urlsTried };
    if (shouldTryNextForm(sent.response.status) && index < forms.length - 1) {
      await sent.response.body.cancel();
      urlsTried.push(url);
      continue;
    }
    if (target.formSetting === "auto" && !shouldTryNextForm(sent.response.status)) rememberedForms.set(target.root, form);
    return settle(url, urlsTried, sent, options, total);
  }
  // formsToTry never returns an empty list; this keeps the type checker and a future change honest.
  throw new Error("no endpoint to call");
}

/** GET a job's polling URL (already checked to be on the service's origin) with the bearer key. */
export async function pollImageService(target: ServiceTarget, url: string, options: CallOptions): Promise<ServiceCallResult> {
  const total = AbortSignal.timeout(options.limits.timeoutMs);
  const sent = await attempt(url, { method: "GET", apiKey: target.apiKey }, options, total);
  if (!sent.ok) return { ok: false, reason: sent.reason, detail: sent.detail, url, urlsTried: [] };
  return settle(url, [], sent, options, total);
}
