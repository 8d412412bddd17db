import "server-only";
import type { GenerationRequest } from "@/lib/generation-request";
import { describeNetworkError } from "./network-errors";
import { endpointUrl, formsToTry, shouldTryNextForm, type BaseForm, type BaseFormSetting } from "./service-url";

/**
 * The one function that calls an image service. It builds the URL and headers from scratch (only
 * the three fields and the bearer key leave this server), applies the timeout and the caller's
 * abort, and returns a tagged result instead of throwing.
 */

export type ServiceTarget = {
  /** "demo" for the embedded demo service, "service" for the configured one. */
  kind: "demo" | "service";
  root: string;
  givenForm: BaseForm;
  formSetting: BaseFormSetting;
  apiKey: string;
};

export type ServiceCallResult =
  | {
      ok: true;
      response: Response;
      url: string;
      /** Endpoints that answered 404/405 before the one that answered (auto mode). */
      urlsTried: string[];
      headersMs: number;
    }
  | { ok: false; reason: "timeout" | "unreachable" | "cancelled"; detail: string; url: string; urlsTried: string[] };

/** The base form that answered, per service root, for the life of the process (auto mode). */
const globalSlot = globalThis as typeof globalThis & { __imageServiceForms?: Map<string, BaseForm> };
const rememberedForms = (globalSlot.__imageServiceForms ??= new Map<string, BaseForm>());

export function forgetRememberedForms(): void {
  rememberedForms.clear();
}

function formsFor(target: ServiceTarget): BaseForm[] {
  const remembered = target.formSetting === "auto" ? rememberedForms.get(target.root) : undefined;
  return remembered ? [remembered] : formsToTry(target.formSetting, target.givenForm);
}

/** The endpoints the next call will try, in order: one once a form is known. */
export function candidateUrls(target: ServiceTarget): string[] {
  return formsFor(target).map((form) => endpointUrl(target.root, form));
}

export async function callImageService(
  target: ServiceTarget,
  request: GenerationRequest,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<ServiceCallResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  // One signal for the whole exchange, body included: the timeout or the browser's abort ends it.
  const signal = AbortSignal.any([options.signal, timeout]);
  const body = JSON.stringify({ model: request.model, prompt: request.prompt, aspect_ratio: request.aspect_ratio });
  const forms = formsFor(target);
  const urlsTried: string[] = [];

  for (const [index, form] of forms.entries()) {
    const url = endpointUrl(target.root, form);
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${target.apiKey}`,
          "content-type": "application/json",
          accept: "application/json, image/*;q=0.9, */*;q=0.8",
        },
        body,
        signal,
        redirect: "manual", // a redirect is the service's answer to show, not a hop to follow with the key
        cache: "no-store",
      });
      const headersMs = Math.round(performance.now() - started);
      const isLast = index === forms.length - 1;
      if (shouldTryNextForm(response.status) && !isLast) {
        await response.body?.cancel();
        urlsTried.push(url);
        continue;
      }
      if (target.formSetting === "auto" && !shouldTryNextForm(response.status)) rememberedForms.set(target.root, form);
      return { ok: true, response, url, urlsTried, headersMs };
    } catch (error) {
      if (timeout.aborted) {
        return { ok: false, reason: "timeout", detail: `no answer within ${options.timeoutMs / 1000} s`, url, urlsTried };
      }
      if (options.signal.aborted) return { ok: false, reason: "cancelled", detail: "the browser cancelled the request", url, urlsTried };
      return { ok: false, reason: "unreachable", detail: describeNetworkError(error), url, urlsTried };
    }
  }
  // formsToTry never returns an empty list; this keeps the type checker and a future change honest.
  throw new Error("no endpoint to call");
}
