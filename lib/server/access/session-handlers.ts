import "server-only";
import { randomUUID } from "node:crypto";
import { jsonString, parseJsonOrUndefined } from "@/lib/answer/json-property";
import { safeNextPath } from "@/lib/request/share-link";
import { clientOf } from "@/lib/server/http/client-address";
import type { ConfigResult } from "@/lib/server/config/config";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { logRequest } from "@/lib/server/http/request-log";
import { crossSiteReason } from "@/lib/server/http/request-origin";
import { clearedSessionCookieHeader, isCorrectPassword, newSessionToken, SESSION_COOKIE, sessionCookieHeader } from "./session";
import { endAllSessions, endSession } from "./person-sessions";
import { cookieValue } from "@/lib/server/http/cookies";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { enterSignIn } from "./sign-in-gate";
import { auditLater } from "@/lib/server/audit/audit-log";
import { authorOf } from "@/lib/server/people/author";
import { limitStoreFor } from "@/lib/server/limits/client-limits";
import { clearSignInFailures, recordSignInFailure, signInDelayMs } from "./sign-in-throttle";

/**
 * Sign-in and sign-out for the access gate, as plain form posts answered with a redirect (303), so
 * the sign-in page works before (and without) any JavaScript.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function redirect(location: string, cookie?: string): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  if (cookie) headers.set("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

function isHttps(request: Request): boolean {
  return request.headers.get("x-forwarded-proto") === "https" || new URL(request.url).protocol === "https:";
}

function passwordFrom(text: string, contentType: string): string {
  if (contentType.includes("application/json")) return jsonString(parseJsonOrUndefined(text), "password") ?? "";
  return new URLSearchParams(text).get("password") ?? "";
}

/** Answers and logs one line, like every route: never the password, only the outcome. */
async function logged(route: string, answer: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const response = await answer();
  logRequest({ requestId: randomUUID(), route, status: response.status, durationMs: performance.now() - started });
  return response;
}

export function handleSignIn(request: Request, configResult: ConfigResult): Promise<Response> {
  return logged("/api/sign-in", () => signIn(request, configResult));
}

export function handleSignOut(request: Request, configResult: ConfigResult): Promise<Response> {
  return logged("/api/sign-out", () => signOut(request, configResult));
}

async function signIn(request: Request, configResult: ConfigResult): Promise<Response> {
  if (!configResult.ok || configResult.config.access.password === null) return redirect("/");
  const { config } = configResult;
  if (crossSiteReason(request, config.trustProxyHops)) return new Response("Cross-site sign-in refused.", { status: 403 });
  const client = clientOf(request, config);
  // Every answer to a client with recent wrong guesses waits, right or wrong, so guessing stays slow;
  // and a client has one attempt under way at a time, so the waits add up instead of overlapping.
  const store = limitStoreFor(config.shares);
  const expected = await signInDelayMs(store, client);
  if (expected === "unavailable") return redirect("/sign-in?error=unavailable");
  const entry = await enterSignIn(client, expected);
  if (!entry.ok) return tooManyAttempts(entry.retryAfterSeconds, entry.reason);
  try {
    // An attempt that waited for its turn waits as the failures counted meanwhile say.
    const delay = entry.waited ? await signInDelayMs(store, client) : expected;
    if (delay === "unavailable") return redirect("/sign-in?error=unavailable");
    const body = await readRequestBody(request, 4096);
    const next = safeNextPath(body.ok ? new URLSearchParams(body.text).get("next") : null);
    const nextParameter = next === "/" ? "" : `&next=${encodeURIComponent(next)}`;
    await sleep(delay);
    const password = body.ok ? passwordFrom(body.text, request.headers.get("content-type") ?? "") : "";
    if (!isCorrectPassword(password, config.access)) {
      await recordSignInFailure(store, client);
      return redirect(`/sign-in?error=wrong-password${nextParameter}`);
    }
    await clearSignInFailures(store, client);
    const session = await newSessionToken(config.access).catch(() => null);
    if (!session) return redirect(`/sign-in?error=unavailable${nextParameter}`);
    auditLater(config, { action: "sign-in", author: authorOf(config.access), detail: "shared password" });
    return redirect(next, sessionCookieHeader(session.token, session.maxAgeSeconds, isHttps(request)));
  } finally {
    entry.leave();
  }
}

/** 429 with when to retry, as a small page (the form posts here directly, without JavaScript). */
function tooManyAttempts(retryAfterSeconds: number, reason: "client" | "all"): Response {
  const why =
    reason === "client"
      ? "Another sign-in attempt from your address is still being checked."
      : "Several sign-in attempts are being checked right now.";
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many sign-in attempts</title></head><body><main><h1>Too many sign-in attempts</h1><p>${why} Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.</p><p><a href="/sign-in">Back to sign in</a></p></main></body></html>`;
  return new Response(page, {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": String(retryAfterSeconds) },
  });
}

async function signOut(request: Request, configResult: ConfigResult): Promise<Response> {
  const hops = configResult.ok ? configResult.config.trustProxyHops : 0;
  if (crossSiteReason(request, hops)) return new Response("Cross-site sign-out refused.", { status: 403 });
  const cleared = clearedSessionCookieHeader(isHttps(request));
  if (!configResult.ok) return redirect("/sign-in?signed-out=1", cleared);
  const { config } = configResult;
  if (!config.access.oidc) {
    auditLater(config, { action: "sign-out", author: authorOf(config.access) });
    return redirect("/sign-in?signed-out=1", cleared);
  }
  // With a provider, the session ends in the database: the cookie alone would not sign anyone out.
  const token = cookieValue(request.headers.get("cookie"), SESSION_COOKIE);
  const everywhere = new URL(request.url).searchParams.get("everywhere") === "1";
  try {
    const connection = await sharedDatabase(config.shares);
    const person = token ? await endSession(connection, token) : null;
    if (person) {
      const ended = everywhere ? await endAllSessions(connection, person.id) : 0;
      const detail = everywhere ? `everywhere (${ended + 1} session${ended === 0 ? "" : "s"})` : undefined;
      auditLater(config, { action: "sign-out", author: { id: person.id, name: person.name }, ...(detail ? { detail } : {}) });
    }
  } catch {
    return redirect("/sign-in?error=unavailable", cleared);
  }
  return redirect(`/sign-in?signed-out=${everywhere ? "everywhere" : "1"}`, cleared);
}
