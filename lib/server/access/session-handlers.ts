import "server-only";
import { randomUUID } from "node:crypto";
import { jsonString, parseJsonOrUndefined } from "@/lib/answer/json-property";
import { safeNextPath } from "@/lib/request/share-link";
import { clientAddress } from "@/lib/server/http/client-address";
import type { ConfigResult } from "@/lib/server/config/config";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { logRequest } from "@/lib/server/http/request-log";
import { crossSiteReason } from "@/lib/server/http/request-origin";
import { clearedSessionCookieHeader, createSessionToken, isCorrectPassword, sessionCookieHeader } from "./session";
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
  return logged("/api/sign-out", async () => signOut(request, configResult));
}

async function signIn(request: Request, configResult: ConfigResult): Promise<Response> {
  if (!configResult.ok || configResult.config.access.password === null) return redirect("/");
  const { config } = configResult;
  if (crossSiteReason(request, config.trustProxyHops)) return new Response("Cross-site sign-in refused.", { status: 403 });
  const client = clientAddress(request.headers, config.trustProxyHops);
  const body = await readRequestBody(request, 4096);
  const next = safeNextPath(body.ok ? new URLSearchParams(body.text).get("next") : null);
  const nextParameter = next === "/" ? "" : `&next=${encodeURIComponent(next)}`;
  // Every answer to a client with recent wrong guesses waits, right or wrong, so guessing stays slow.
  const store = limitStoreFor(config.shares);
  const delay = await signInDelayMs(store, client);
  if (delay === "unavailable") return redirect(`/sign-in?error=unavailable${nextParameter}`);
  await sleep(delay);
  const password = body.ok ? passwordFrom(body.text, request.headers.get("content-type") ?? "") : "";
  if (!isCorrectPassword(password, config.access)) {
    await recordSignInFailure(store, client);
    return redirect(`/sign-in?error=wrong-password${nextParameter}`);
  }
  await clearSignInFailures(store, client);
  const { token, maxAgeSeconds } = createSessionToken(config.access);
  return redirect(next, sessionCookieHeader(token, maxAgeSeconds, isHttps(request)));
}

function signOut(request: Request, configResult: ConfigResult): Response {
  const hops = configResult.ok ? configResult.config.trustProxyHops : 0;
  if (crossSiteReason(request, hops)) return new Response("Cross-site sign-out refused.", { status: 403 });
  return redirect("/sign-in?signed-out=1", clearedSessionCookieHeader(isHttps(request)));
}
