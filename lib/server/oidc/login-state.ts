import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What a sign-in remembers between leaving for the provider and coming back: the state and nonce it
 * sent, the PKCE verifier, and where to go after. Kept in a short-lived cookie signed with the
 * server's secret, so that a changed or forged one is refused (and a stolen one expires in minutes).
 */

export const LOGIN_COOKIE = "playground_oidc_login";
export const LOGIN_MAX_AGE_SECONDS = 600;

export type LoginState = { state: string; nonce: string; verifier: string; next: string; expires: number };

const sign = (payload: string, secret: string) => createHmac("sha256", `oidc-login:${secret}`).update(payload).digest("base64url");

export function sealLoginState(login: LoginState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(login)).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export function openLoginState(sealed: string | undefined, secret: string, now = Date.now()): LoginState | null {
  if (!sealed || sealed.length > 2000) return null;
  const [payload, signature, extra] = sealed.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const login = JSON.parse(Buffer.from(payload, "base64url").toString()) as Partial<LoginState>;
    const fields = [login.state, login.nonce, login.verifier, login.next];
    if (!fields.every((field) => typeof field === "string") || typeof login.expires !== "number" || login.expires <= now) return null;
    return login as LoginState;
  } catch {
    return null;
  }
}

export function loginCookieHeader(value: string, secure: boolean): string {
  // Lax: it must come back on the provider's redirect (a top-level navigation from another site).
  return `${LOGIN_COOKIE}=${value}; Path=/api/auth; Max-Age=${LOGIN_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedLoginCookieHeader(secure: boolean): string {
  return `${LOGIN_COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
