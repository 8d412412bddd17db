/**
 * Puts a plain-words name on a service's error answer, next to its own text shown verbatim.
 * Services word errors in many ways, so the class comes from the status and the words together.
 */

export type ErrorClass =
  | "bad-key"
  | "unknown-model"
  | "bad-ratio"
  | "content-policy"
  | "rate-limited"
  | "endpoint-not-found"
  | "redirect"
  | "rejected"
  | "service-error";

export const ERROR_CLASS_TEXT: Record<ErrorClass, { title: string; hint: string }> = {
  "bad-key": { title: "Bad or missing API key", hint: "The service did not accept the key. Check IMAGE_API_KEY on the server." },
  "unknown-model": { title: "Unknown model", hint: "The service does not know this model. Check its spelling or pick a suggestion." },
  "bad-ratio": { title: "Aspect ratio not accepted", hint: "The service refused this aspect ratio. Try one of the presets." },
  "content-policy": { title: "Blocked by content policy", hint: "The service refused the prompt. Rephrase it." },
  "rate-limited": { title: "Rate limited", hint: "The service asks to slow down." },
  "endpoint-not-found": {
    title: "Endpoint not found",
    hint: "Nothing answers at this URL. Check IMAGE_API_BASE_URL and IMAGE_API_BASE_FORM (host or api form).",
  },
  redirect: { title: "Redirected", hint: "The service answered with a redirect, which the playground does not follow with the key." },
  rejected: { title: "Request rejected", hint: "The service refused the request; its own words are below." },
  "service-error": { title: "Service error", hint: "The service failed on its side. Trying again later may work." },
};

const PATTERNS: [ErrorClass, RegExp][] = [
  ["content-policy", /content[\s_-]?policy|safety|moderation|nsfw|inappropriate|flagged|content[\s_-]?filter|violat/i],
  ["bad-key", /api[\s_-]?key|unauthori[sz]ed|authenticat|bearer|invalid[\s_-]?token|access[\s_-]?token|credential/i],
  [
    "unknown-model",
    /model[\s\S]{0,60}(not[\s_-]?found|unknown|does not exist|invalid|unsupported|not (available|supported)|no such)|(unknown|invalid|unsupported)[\s_-]?model/i,
  ],
  ["bad-ratio", /aspect[\s_-]?ratio|\bratio\b|dimension|\bwidth\b|\bheight\b|\bsize\b/i],
];

export function classifyServiceError(status: number, text: string): ErrorClass {
  if (status === 429) return "rate-limited";
  if (status >= 300 && status < 400) return "redirect";
  if (status >= 500) return "service-error";
  for (const [errorClass, pattern] of PATTERNS) {
    if (pattern.test(text)) return errorClass;
  }
  if (status === 401 || status === 403) return "bad-key";
  if (status === 404 || status === 405) return "endpoint-not-found";
  return "rejected";
}

function stringAt(value: unknown, ...keys: string[]): string | undefined {
  let current = value;
  for (const key of keys) {
    if (typeof current !== "object" || current === null) return undefined;
    current = Array.isArray(current) ? current[Number(key)] : Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return typeof current === "string" && current.trim() !== "" ? current : undefined;
}

/** The service's own message from the common error shapes, or null to show the whole body. */
export function extractServiceMessage(json: unknown): string | null {
  return (
    stringAt(json, "error", "message") ??
    stringAt(json, "error") ??
    stringAt(json, "message") ??
    stringAt(json, "detail") ??
    stringAt(json, "detail", "0", "msg") ??
    stringAt(json, "errors", "0", "message") ??
    stringAt(json, "errors", "0") ??
    stringAt(json, "error_description") ??
    stringAt(json, "title") ??
    null
  );
}
