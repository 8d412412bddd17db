import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AccessConfig } from "@/lib/server/config/config";
import { serverSecret } from "./server-secret";
import { cookieValue } from "@/lib/server/http/cookies";
import { personOfSession, SESSION_COOKIE_NAME } from "./person-sessions";

/**
 * The shared password's session: a cookie holding its expiry and an HMAC of it, signed with the
 * server's own secret (see server-secret.ts). Nothing else is kept on the server, so a restart
 * keeps people signed in; changing the secret signs everyone out. People who sign in with the
 * company's provider have sessions in the database instead (person-sessions.ts), which end for real.
 */

export const SESSION_COOKIE = SESSION_COOKIE_NAME;

/** What signing needs, once the secret is known. */
export type SessionKeys = { sessionSecret: string; sessionHours: number };

function signature(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function createSessionToken(keys: SessionKeys, now = Date.now()): { token: string; maxAgeSeconds: number } {
  const maxAgeSeconds = keys.sessionHours * 3600;
  const payload = `v1.${now + maxAgeSeconds * 1000}`;
  return { token: `${payload}.${signature(payload, keys.sessionSecret)}`, maxAgeSeconds };
}

/** A cookie is a few dozen characters; anything longer is refused before the pattern runs. */
const TOKEN_MAX_CHARS = 100;

export function isValidSessionToken(token: string | undefined, keys: SessionKeys, now = Date.now()): boolean {
  if (!token || token.length > TOKEN_MAX_CHARS) return false;
  const match = /^(v1\.(\d{1,16}))\.([\w-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return false;
  const expected = Buffer.from(signature(match[1], keys.sessionSecret));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) && Number(match[2]) > now;
}

/** Compares in constant time, so the time taken says nothing about how much of a guess was right. */
export function isCorrectPassword(given: string, access: Pick<AccessConfig, "password">): boolean {
  if (access.password === null) return true;
  const a = createHmac("sha256", "password-compare").update(given).digest();
  const b = createHmac("sha256", "password-compare").update(access.password).digest();
  return timingSafeEqual(a, b);
}

/**
 * Open mode needs no session; behind the password, a cookie signed with the server's secret (a
 * secret that cannot be read fails closed); with OpenID Connect, a session in the database.
 */
export async function hasValidSession(headers: Pick<Headers, "get">, access: AccessConfig): Promise<boolean> {
  if (access.oidc) return (await personOfSession(headers, access)) !== null;
  if (access.password === null) return true;
  const token = cookieValue(headers.get("cookie"), SESSION_COOKIE);
  if (!token) return false;
  const sessionSecret = await serverSecret(access).catch(() => null);
  return sessionSecret !== null && isValidSessionToken(token, { sessionSecret, sessionHours: access.sessionHours });
}

export async function newSessionToken(access: AccessConfig): Promise<{ token: string; maxAgeSeconds: number }> {
  return createSessionToken({ sessionSecret: await serverSecret(access), sessionHours: access.sessionHours });
}

/**
 * A session from the company's provider is SameSite=Lax: signing in ends in a redirect chain that
 * began at the provider, on which a Strict cookie would not be sent, so the first page would ask to
 * sign in again. Lax still keeps it off every cross-site POST, and the routes that act check Origin.
 */
export function providerSessionCookieHeader(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function sessionCookieHeader(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
