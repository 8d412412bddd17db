import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { problemResponse } from "./problem-response";
import { readRequestBody } from "./read-request-body";
import { crossSiteReason } from "./request-origin";
import type { RouteContext } from "./route-context";
import { hasValidSession } from "@/lib/server/access/session";

/**
 * The checks before any route spends the key, in order: who may call (origin, session), then what
 * was sent (JSON type, size, parseable). Answers the first failure as a problem.
 */
export async function readGuardedJson(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
): Promise<{ ok: true; payload: unknown; size: number } | { ok: false; response: Response }> {
  const { requestId, finish } = context;
  const refuse = (response: Response, size?: number) => ({
    ok: false as const,
    response: finish(response, size === undefined ? {} : { bytesIn: size }),
  });
  const refusal = refuseCaller(request, config, requestId);
  if (refusal) return refuse(refusal);
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return refuse(
      problemResponse("unsupported-media-type", { requestId, detail: "Send the fields as JSON with Content-Type: application/json." }),
    );
  }
  const body = await readRequestBody(request, config.limits.requestBodyBytes);
  if (!body.ok) {
    const detail =
      body.reason === "too-large"
        ? `A request can be at most ${config.limits.requestBodyBytes.toLocaleString("en")} bytes.`
        : "The request body broke off.";
    return refuse(problemResponse(body.reason === "too-large" ? "body-too-large" : "invalid-json", { requestId, detail }));
  }
  try {
    return { ok: true, payload: JSON.parse(body.text), size: body.size };
  } catch {
    return refuse(problemResponse("invalid-json", { requestId, detail: "The body could not be parsed as JSON." }), body.size);
  }
}

/** Who may call a route that changes anything: same origin only, and signed in behind the gate. */
export function refuseCaller(request: Request, config: ServerConfig, requestId: string): Response | null {
  const crossSite = crossSiteReason(request, config.trustProxyHops);
  if (crossSite) return problemResponse("cross-site", { requestId, detail: `Refused: ${crossSite}.` });
  return refuseWithoutSession(request, config, requestId);
}

/** Behind the access gate, every route (reading ones too) needs a session. */
export function refuseWithoutSession(request: Request, config: ServerConfig, requestId: string): Response | null {
  if (hasValidSession(request.headers, config.access)) return null;
  return problemResponse("sign-in-required", { requestId, detail: "Your session is missing or has expired. Sign in again." });
}

function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}
