import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AccessConfig } from "@/lib/server/config/config";

/**
 * The access gate's session: a cookie holding its expiry and an HMAC of it. Nothing else is kept
 * on the server, so a restart keeps people signed in; changing the secret signs everyone out.
 */

export const SESSION_COOKIE = "playground_session";

function signature(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function createSessionToken(access: AccessConfig, now = Date.now()): { token: string; maxAgeSeconds: number } {
  const maxAgeSeconds = access.sessionHours * 3600;
  const payload = `v1.${now + maxAgeSeconds * 1000}`;
  return { token: `${payload}.${signature(payload, access.sessionSecret)}`, maxAgeSeconds };
}

export function isValidSessionToken(token: string | undefined, access: AccessConfig, now = Date.now()): boolean {
  if (!token) return false;
  const match = /^(v1\.(\d{1,16}))\.([\w-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return false;
  const expected = Buffer.from(signature(match[1], access.sessionSecret));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) && Number(match[2]) > now;
}

/** Compares in constant time, so the time taken says nothing about how much of a guess was right. */
export function isCorrectPassword(given: string, access: AccessConfig): boolean {
  if (access.password === null) return true;
  const a = createHmac("sha256", "password-compare").update(given).digest();
  const b = createHmac("sha256", "password-compare").update(access.password).digest();
  return timingSafeEqual(a, b);
}

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

export function hasValidSession(headers: Pick<Headers, "get">, access: AccessConfig): boolean {
  return access.password === null || isValidSessionToken(cookieValue(headers.get("cookie"), SESSION_COOKIE), access);
}

export function sessionCookieHeader(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
