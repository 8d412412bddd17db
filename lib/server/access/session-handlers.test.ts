import { describe, expect, it } from "vitest";
import { parseServerConfig } from "@/lib/server/config/config";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { handleSignIn, handleSignOut } from "./session-handlers";
import { hasValidSession, SESSION_COOKIE } from "./session";

const config = parseServerConfig({ PLAYGROUND_PASSWORD: "correct horse" });
const access = config.ok ? config.config.access : { password: "", sessionSecret: "", sessionHours: 1 };

function signIn(password: string, peer: string, headers: Record<string, string> = {}) {
  return handleSignIn(
    new Request("http://localhost:3000/api/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [PEER_ADDRESS_HEADER]: peer, ...headers },
      body: new URLSearchParams({ password }).toString(),
    }),
    config,
  );
}

describe("sign-in", () => {
  it("sets the session cookie and goes to the playground for the right password", async () => {
    const response = await signIn("correct horse", "192.0.2.10");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=v1\\.\\d+\\.[\\w-]+; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict$`));
    expect(hasValidSession(new Headers({ cookie: cookie.split(";")[0] ?? "" }), access)).toBe(true);
  });

  it("sends a wrong password back to the sign-in page, slower each time", async () => {
    const peer = "192.0.2.11";
    const first = await signIn("wrong", peer);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/sign-in?error=wrong-password");
    expect(first.headers.get("set-cookie")).toBeNull();
    await signIn("wrong", peer);
    const started = performance.now();
    await signIn("wrong", peer);
    // Two failures before it: this answer waited at least 0.5 s.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it("refuses a sign-in posted from another site", async () => {
    expect((await signIn("correct horse", "192.0.2.12", { origin: "https://evil.example" })).status).toBe(403);
  });

  it("signs out by clearing the cookie", async () => {
    const response = await handleSignOut(new Request("http://localhost:3000/api/sign-out", { method: "POST" }), config);
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=; Path=/; Max-Age=0`);
  });
});
