import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerConfig, type AccessConfig } from "@/lib/server/config/config";
import { serverSecret } from "./server-secret";
import {
  createSessionToken,
  hasValidSession,
  isCorrectPassword,
  isValidSessionToken,
  SESSION_COOKIE,
  sessionCookieHeader,
} from "./session";

const keys = { sessionSecret: "secret", sessionHours: 1 };
const access: AccessConfig = { password: "pw", oidc: null, ...keys, secretHome: { dataDir: "unused" } };

describe("session tokens", () => {
  it("accepts its own token until it expires", () => {
    const { token, maxAgeSeconds } = createSessionToken(keys, 1_000);
    expect(maxAgeSeconds).toBe(3600);
    expect(isValidSessionToken(token, keys, 2_000)).toBe(true);
    expect(isValidSessionToken(token, keys, 1_000 + 3600_000 + 1)).toBe(false);
  });

  it("refuses tokens signed with another secret, altered, or malformed", () => {
    const { token } = createSessionToken(keys, 0);
    expect(isValidSessionToken(token, { ...keys, sessionSecret: "other" }, 0)).toBe(false);
    expect(isValidSessionToken(token.replace("v1.3", "v1.9"), keys, 0)).toBe(false);
    for (const bad of ["", "v1", "v1.1.x", `${token}x`]) expect(isValidSessionToken(bad, keys, 0)).toBe(false);
  });

  it("reads the cookie among others; an open playground needs none", async () => {
    const { token } = createSessionToken({ sessionSecret: "secret", sessionHours: 1 });
    expect(await hasValidSession(new Headers({ cookie: `a=1; ${SESSION_COOKIE}=${token}; b=2` }), access)).toBe(true);
    expect(await hasValidSession(new Headers(), access)).toBe(false);
    expect(await hasValidSession(new Headers(), { ...access, password: null })).toBe(true);
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

describe("the server's secret", () => {
  const accessIn = (dataDir: string, extra: Record<string, string> = {}) => {
    const result = parseServerConfig({ PLAYGROUND_PASSWORD: "same password", PLAYGROUND_DATA_DIR: dataDir, ...extra });
    if (!result.ok) throw new Error(result.problems.join("; "));
    return result.config.access;
  };

  it("is made at random on first start, kept in the data folder (readable by the server alone), and never derived from the password", async () => {
    const first = mkdtempSync(join(tmpdir(), "secret-a-"));
    const second = mkdtempSync(join(tmpdir(), "secret-b-"));
    const secret = await serverSecret(accessIn(first));
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(readFileSync(join(first, "server-secret"), "utf8")).toBe(secret);
    expect(statSync(join(first, "server-secret")).mode & 0o077).toBe(0);
    expect(secret).not.toContain("same password");
    // Same password, another data folder: another secret, so a cookie says nothing about the password.
    expect(await serverSecret(accessIn(second))).not.toBe(secret);
    // A restart (a fresh read of the same folder) keeps it, and everyone signed in.
    expect(await serverSecret(accessIn(first))).toBe(secret);
  });

  it("is PLAYGROUND_SESSION_SECRET when that is set", async () => {
    const folder = mkdtempSync(join(tmpdir(), "secret-c-"));
    expect(await serverSecret(accessIn(folder, { PLAYGROUND_SESSION_SECRET: "given-by-the-operator" }))).toBe("given-by-the-operator");
  });
});
