import "server-only";
import { randomUUID } from "node:crypto";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { safeNextPath } from "@/lib/request/share-link";
import { serverSecret } from "@/lib/server/access/server-secret";
import { savePerson, startSession } from "@/lib/server/access/person-sessions";
import { providerSessionCookieHeader } from "@/lib/server/access/session";
import { auditLater } from "@/lib/server/audit/audit-log";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { cookieValue } from "@/lib/server/http/cookies";
import { logRequest } from "@/lib/server/http/request-log";
import { clientOf } from "@/lib/server/http/client-address";
import { OIDC_SIGN_IN_LIMIT } from "@/lib/server/limits/account-limits";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";
import { admitPerson } from "./admit-person";
import { clearedLoginCookieHeader, LOGIN_COOKIE, loginCookieHeader, openLoginState, sealLoginState } from "./login-state";
import { authorizationRequest, claimsOfCallback } from "./oidc-client";
import { problemQuery, refusalQuery } from "./sign-in-problems";

/**
 * GET /api/auth/sign-in/oidc: off to the provider, remembering the state, nonce and PKCE verifier.
 * GET /api/auth/callback/oidc: back from it; the person is let in (a session in the database) or
 * sent to the sign-in page, which says plainly why not. Nothing of a refused person is stored.
 */

const isHttps = (config: ServerConfig) => config.access.oidc?.publicUrl.startsWith("https:") ?? false;

async function logged(route: string, answer: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const response = await answer();
  logRequest({ requestId: randomUUID(), route, status: response.status, durationMs: performance.now() - started });
  return response;
}

export function handleOidcStart(request: Request, configResult: ConfigResult): Promise<Response> {
  return logged("/api/auth/sign-in/oidc", async () => {
    if (!configResult.ok || !configResult.config.access.oidc) return redirect("/");
    const { config } = configResult;
    const oidc = configResult.config.access.oidc;
    const next = safeNextPath(new URL(request.url).searchParams.get("next"));
    if (!(await withinSignInLimit(request, config))) return redirect(problemQuery("too-many", next === "/" ? {} : { next }));
    try {
      const { url, login } = await authorizationRequest(oidc, next);
      return redirect(url, loginCookieHeader(sealLoginState(login, await serverSecret(config.access)), isHttps(config)));
    } catch {
      return redirect(`/sign-in?error=provider-unreachable${next === "/" ? "" : `&next=${encodeURIComponent(next)}`}`);
    }
  });
}

export function handleOidcCallback(request: Request, configResult: ConfigResult): Promise<Response> {
  return logged("/api/auth/callback/oidc", async () => {
    if (!configResult.ok || !configResult.config.access.oidc) return redirect("/");
    const { config } = configResult;
    const oidc = configResult.config.access.oidc;
    const secure = isHttps(config);
    if (!(await withinSignInLimit(request, config))) return redirect(problemQuery("too-many"), clearedLoginCookieHeader(secure));
    const url = new URL(request.url);
    const secret = await serverSecret(config.access).catch(() => null);
    const login = secret ? openLoginState(cookieValue(request.headers.get("cookie"), LOGIN_COOKIE), secret) : null;
    const providerError = url.searchParams.get("error");
    if (providerError)
      return redirect(problemQuery("provider-error", { error: providerError.slice(0, 40) }), clearedLoginCookieHeader(secure));
    if (!login) return redirect(problemQuery("expired"), clearedLoginCookieHeader(secure));
    let claims: Record<string, unknown>;
    try {
      claims = await claimsOfCallback(oidc, url.search, login);
    } catch {
      // A changed state, a replayed or foreign code, a token that does not check out: all refused alike.
      return redirect(problemQuery("not-verified"), clearedLoginCookieHeader(secure));
    }
    const admitted = admitPerson(claims, oidc);
    if (!admitted.ok) return redirect(refusalQuery(admitted.refusal), clearedLoginCookieHeader(secure));
    try {
      const connection = await sharedDatabase(config.shares);
      await savePerson(connection, admitted.person);
      const session = await startSession(connection, admitted.person.id, config.access.sessionHours);
      auditLater(config, {
        action: "sign-in",
        author: { id: admitted.person.id, name: admitted.person.name },
        detail: `${oidc.name} as ${admitted.person.role}`,
      });
      const headers = new Headers({ location: login.next, "cache-control": "no-store" });
      headers.append("set-cookie", providerSessionCookieHeader(session.token, session.maxAgeSeconds, secure));
      headers.append("set-cookie", clearedLoginCookieHeader(secure));
      return new Response(null, { status: 303, headers });
    } catch {
      return redirect(problemQuery("unavailable"), clearedLoginCookieHeader(secure));
    }
  });
}

/** Both ends of a sign-in make the server call the provider: one budget per client address for the two. */
async function withinSignInLimit(request: Request, config: ServerConfig): Promise<boolean> {
  return (await takeFailingOpen(OIDC_SIGN_IN_LIMIT, limitStoreFor(config.shares), clientOf(request, config))).ok;
}

function redirect(location: string, cookie?: string): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  if (cookie) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
