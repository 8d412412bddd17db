import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { problemResponse } from "./problem-response";
import { readRequestBody, REQUEST_BODY_SECONDS } from "./read-request-body";
import { crossSiteReason } from "./request-origin";
import type { RouteContext } from "./route-context";
import { hasValidSession } from "@/lib/server/access/session";
import { bearerToken } from "@/lib/server/access/api-tokens";
import { callerOf } from "@/lib/server/people/current-viewer";

/**
 * The checks before any route spends the key, cheapest first: who may call (origin, session), the
 * declared type and size, then (the caller's turn: rate limits, in flight) the body itself, read
 * under its cap and parsed. A hostile body is never read, let alone validated, before the limits
 * that bound how many of them a client may send.
 */

type Refused = { ok: false; response: Response };

/** Whether the route also takes personal API tokens (the generation API does; pages and the rest never). */
export type CallerOptions = { tokens: boolean };
const NO_TOKENS: CallerOptions = { tokens: false };

/** Everything that can be decided from the request line and headers alone. */
export async function refuseBeforeReading(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
  options: CallerOptions = NO_TOKENS,
): Promise<Response | null> {
  const refusal = await refuseCaller(request, config, context.requestId, options);
  if (refusal) return context.finish(refusal);
  return refuseUnreadableJson(request, config, context);
}

/** A body that is not declared as JSON, or declared larger than a request may be (for a caller already let through). */
export function refuseUnreadableJson(request: Request, config: ServerConfig, context: RouteContext): Response | null {
  const { requestId, finish } = context;
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return finish(
      problemResponse("unsupported-media-type", { requestId, detail: "Send the fields as JSON with Content-Type: application/json." }),
    );
  }
  const declared = Number.parseInt(request.headers.get("content-length") ?? "", 10);
  if (Number.isFinite(declared) && declared > config.limits.requestBodyBytes) return finish(tooLarge(config, requestId));
  return null;
}

/** The body, read under its cap and parsed as JSON (after the caller has been let through). */
export async function readJsonPayload(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
): Promise<{ ok: true; payload: unknown; size: number } | Refused> {
  const { requestId, finish } = context;
  const body = await readRequestBody(request, config.limits.requestBodyBytes);
  if (!body.ok) {
    const response =
      body.reason === "too-large"
        ? tooLarge(config, requestId)
        : body.reason === "too-slow"
          ? problemResponse("body-too-slow", { requestId, detail: `The request body took more than ${REQUEST_BODY_SECONDS} s to arrive.` })
          : problemResponse("invalid-json", { requestId, detail: "The request body broke off." });
    return { ok: false, response: finish(response) };
  }
  try {
    return { ok: true, payload: JSON.parse(body.text), size: body.size };
  } catch {
    return {
      ok: false,
      response: finish(problemResponse("invalid-json", { requestId, detail: "The body could not be parsed as JSON." }), {
        bytesIn: body.size,
      }),
    };
  }
}

/**
 * Both steps, with the caller's budget spent between them: `spend` answers a refusal (rate limited,
 * too many in flight) or null to go on. The body is read only once the caller has been let through.
 */
export async function readGuardedJson(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
  spend: () => Promise<Response | null>,
  options: CallerOptions = NO_TOKENS,
): Promise<{ ok: true; payload: unknown; size: number } | Refused> {
  const refused = await refuseBeforeReading(request, config, context, options);
  if (refused) return { ok: false, response: refused };
  const limited = await spend();
  if (limited) return { ok: false, response: limited };
  return readJsonPayload(request, config, context);
}

function tooLarge(config: ServerConfig, requestId: string): Response {
  const detail = `A request can be at most ${config.limits.requestBodyBytes.toLocaleString("en")} bytes.`;
  return problemResponse("body-too-large", { requestId, detail });
}

/** Who may call a route that changes anything: same origin only, and signed in behind the gate. */
export async function refuseCaller(
  request: Request,
  config: ServerConfig,
  requestId: string,
  options: CallerOptions = NO_TOKENS,
): Promise<Response | null> {
  const crossSite = crossSiteReason(request, config.trustProxyHops);
  if (crossSite) return problemResponse("cross-site", { requestId, detail: `Refused: ${crossSite}.` });
  if (!options.tokens) return refuseWithoutSession(request, config, requestId);
  if (await callerOf(request, config.access, options)) return null;
  const detail = bearerToken(request.headers)
    ? "That API token is unknown, has expired or was revoked. Make a new one on the Tokens page."
    : "Your session is missing or has expired. Sign in again, or send a personal API token as Authorization: Bearer pgt_….";
  return problemResponse("sign-in-required", { requestId, detail });
}

/** Behind the access gate, every route (reading ones too) needs a session. */
export async function refuseWithoutSession(request: Request, config: ServerConfig, requestId: string): Promise<Response | null> {
  if (await hasValidSession(request.headers, config.access)) return null;
  return signInRequired(requestId);
}

export function signInRequired(requestId: string): Response {
  return problemResponse("sign-in-required", { requestId, detail: "Your session is missing or has expired. Sign in again." });
}

/** A media type is short; anything longer is not JSON's, and is refused before any pattern runs. */
const MEDIA_TYPE_MAX_CHARS = 200;

function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (mediaType.length > MEDIA_TYPE_MAX_CHARS) return false;
  return (
    mediaType === "application/json" ||
    (mediaType.startsWith("application/") && mediaType.endsWith("+json") && /^application\/[\w.+-]+$/.test(mediaType))
  );
}
