/**
 * Links that carry a run's model, prompt and ratio (never anything secret) and fill the form when
 * opened, or open presenter mode with a script. Opening one never runs anything by itself.
 */

export type SharedFields = {
  model?: string;
  prompt?: string;
  aspect_ratio?: string;
  /** "1": open in presenter mode. */
  present?: string;
  /** Extra request fields as JSON text: only when the person sharing ticked "Include extra fields". */
  extra?: string;
  /** A presenter script: one prompt per line (see lib/request/presenter-script.ts). */
  script?: string;
};

const PARAMS = [
  ["model", "model"],
  ["prompt", "prompt"],
  ["aspect_ratio", "ratio"],
  ["extra", "extra"],
  ["present", "present"],
  ["script", "script"],
] as const;
/** Longer than any accepted prompt, short enough that a hostile link cannot bloat the page. */
const MAX_SHARED_CHARS = 20_000;

/** The query that carries the fields: "model=…&prompt=…&ratio=…" (only the fields present). */
export function sharedQuery(fields: SharedFields): string {
  const query = new URLSearchParams();
  for (const [field, param] of PARAMS) {
    const value = fields[field];
    if (value !== undefined) query.set(param, value);
  }
  return query.toString();
}

export function shareLinkFor(
  base: string,
  fields: Required<Pick<SharedFields, "model" | "prompt" | "aspect_ratio">> & Pick<SharedFields, "extra">,
): string {
  return new URL(`/?${sharedQuery(fields)}`, base).href;
}

/** A link that opens presenter mode with `script` loaded at its first prompt. */
export function presenterLinkFor(base: string, script: string): string {
  return new URL(`/?${sharedQuery({ present: "1", script })}`, base).href;
}

/** Where to go after signing in: only the playground itself (with a shared link's query) or a shared page. */
export function safeNextPath(next: string | null | undefined): string {
  return next && (/^\/\?[^#\s\\]*$/.test(next) || SHARE_PAGE_PATH.test(next) || ACCOUNT_PAGE_PATH.test(next)) ? next : "/";
}

/** The Usage and Tokens pages (with the Usage page's range in the query): where a sign-in may return to as well. */
const ACCOUNT_PAGE_PATH = /^\/(usage|tokens)(\?[^#\s\\]*)?$/;

/** A shared run's page: /s/ and its id (random, URL-safe). */
export const SHARE_PAGE_PATH = /^\/s\/[A-Za-z0-9_-]{1,64}$/;

export function readSharedFields(params: Record<string, string | string[] | undefined>): SharedFields {
  const shared: SharedFields = {};
  for (const [field, param] of PARAMS) {
    const raw = params[param];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === "string" && value.length <= MAX_SHARED_CHARS) shared[field] = value;
  }
  return shared;
}
