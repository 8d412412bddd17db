import "server-only";

/**
 * Where the generations endpoint lives. A deployment's base URL comes in two forms, the host alone
 * (`https://host`) or with an extra segment (`https://host/api`); people also paste it ending in
 * `/v1` or the whole endpoint path. Everything here is pure so it can be tested without a server.
 */

export const ENDPOINT_PATH = "/v1/images/generations";

export type BaseForm = "host" | "api";
export type BaseFormSetting = BaseForm | "auto";

export type ServiceRoot = {
  /** The base without any trailing `/api`, `/v1` or endpoint path: `https://host/prefix`. */
  root: string;
  /** The form the pasted URL itself was in; `auto` tries it first. */
  givenForm: BaseForm;
};

/** Throws on a URL that is not absolute http(s); the config module reports that by name. */
export function normaliseBaseUrl(raw: string): ServiceRoot {
  const url = new URL(raw.trim());
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`must start with http:// or https:// (got ${url.protocol})`);
  }
  if (url.username || url.password) throw new Error("must not carry a user name or password");
  let path = url.pathname.replace(/\/+$/, "");
  for (const suffix of [ENDPOINT_PATH, "/v1"]) {
    if (path.toLowerCase().endsWith(suffix)) {
      path = path.slice(0, -suffix.length).replace(/\/+$/, "");
      break;
    }
  }
  let givenForm: BaseForm = "host";
  if (path.toLowerCase().endsWith("/api")) {
    givenForm = "api";
    path = path.slice(0, -"/api".length);
  }
  return { root: `${url.origin}${path}`, givenForm };
}

export function endpointUrl(root: string, form: BaseForm): string {
  return `${root}${form === "api" ? "/api" : ""}${ENDPOINT_PATH}`;
}

/** The forms to try, in order: a fixed setting is one form; `auto` is the given form, then the other. */
export function formsToTry(setting: BaseFormSetting, givenForm: BaseForm): BaseForm[] {
  if (setting !== "auto") return [setting];
  return givenForm === "api" ? ["api", "host"] : ["host", "api"];
}

/** A 404 or 405 means this path is not the endpoint and nothing was generated: the next form is safe to try. */
export function shouldTryNextForm(status: number): boolean {
  return status === 404 || status === 405;
}
