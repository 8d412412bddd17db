import { describe, expect, it } from "vitest";
import {
  createSessionToken,
  hasValidSession,
  isCorrectPassword,
  isValidSessionToken,
  SESSION_COOKIE,
  sessionCookieHeader,
} from "./session";

const access = { password: "pw", sessionSecret: "secret", sessionHours: 1 };

describe("session tokens", () => {
  it("accepts its own token until it expires", () => {
    const { token, maxAgeSeconds } = createSessionToken(access, 1_000);
    expect(maxAgeSeconds).toBe(3600);
    expect(isValidSessionToken(token, access, 2_000)).toBe(true);
    expect(isValidSessionToken(token, access, 1_000 + 3600_000 + 1)).toBe(false);
  });

  it("refuses tokens signed with another secret, altered, or malformed", () => {
    const { token } = createSessionToken(access, 0);
    expect(isValidSessionToken(token, { ...access, sessionSecret: "other" }, 0)).toBe(false);
    expect(isValidSessionToken(token.replace("v1.3", "v1.9"), access, 0)).toBe(false);
    for (const bad of ["", "v1", "v1.1.x", `${token}x`]) expect(isValidSessionToken(bad, access, 0)).toBe(false);
  });

  it("reads the cookie among others; an open playground needs none", () => {
    const { token } = createSessionToken(access);
    expect(hasValidSession(new Headers({ cookie: `a=1; ${SESSION_COOKIE}=${token}; b=2` }), access)).toBe(true);
    expect(hasValidSession(new Headers(), access)).toBe(false);
    expect(hasValidSession(new Headers(), { ...access, password: null })).toBe(true);
  });

  it("sets an httpOnly, SameSite=Strict cookie with an expiry", () => {
    expect(sessionCookieHeader("t", 60, true)).toBe(`${SESSION_COOKIE}=t; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure`);
  });

  it("compares passwords exactly", () => {
    expect(isCorrectPassword("pw", access)).toBe(true);
    expect(isCorrectPassword("pw ", access)).toBe(false);
    expect(isCorrectPassword("", access)).toBe(false);
  });
});
