import { freshDataFolder } from "@/test-support/database-targets";
import { describe, expect, it } from "vitest";
import { parseServerConfig } from "@/lib/server/config/config";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { handleSignIn, handleSignOut } from "./session-handlers";
import { hasValidSession, SESSION_COOKIE } from "./session";

const config = parseServerConfig({ PLAYGROUND_PASSWORD: "correct horse", PLAYGROUND_DATA_DIR: freshDataFolder("sign-in-") });
if (!config.ok) throw new Error(config.problems.join("; "));
const { access } = config.config;

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
    expect(await hasValidSession(new Headers({ cookie: cookie.split(";")[0] ?? "" }), access)).toBe(true);
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

describe("guessing in parallel", () => {
  it("answers one guess at a time per client (one more waits its turn): the rest get 429 with when to retry", async () => {
    const peer = "192.0.2.20";
    for (let failure = 0; failure < 4; failure++) await signIn("wrong", peer);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn("wrong", peer)));
    const elapsed = performance.now() - started;
    const judged = answers.filter((answer) => answer.status === 303);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(judged).toHaveLength(2);
    expect(refused).toHaveLength(98);
    // After 4 failures the first judged waited 2 s; the one that waited its turn then waited 4 s more.
    expect(elapsed).toBeGreaterThanOrEqual(5900);
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused[0]?.text()).toContain("Another sign-in attempt from your address is still being checked");
  }, 30_000);

  it("lets a double click (or two colleagues behind one address) through, one after the other", async () => {
    const [first, second] = await Promise.all([signIn("correct horse", "192.0.2.30"), signIn("correct horse", "192.0.2.30")]);
    expect([first?.status, second?.status]).toEqual([303, 303]);
    expect(first?.headers.get("set-cookie")).toContain(SESSION_COOKIE);
    expect(second?.headers.get("set-cookie")).toContain(SESSION_COOKIE);
  });

  it("lets only a few attempts be checked at once in all", async () => {
    const clients = Array.from({ length: 10 }, (_, index) => `203.0.113.${index + 1}`);
    // One failure each first: every attempt below then waits 0.25 s inside the gate, so they overlap.
    for (const client of clients) await signIn("wrong", client);
    const answers = await Promise.all(clients.map((client) => signIn("wrong", client)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBe(10 - 4);
    expect(await refused[0]?.text()).toContain("Several sign-in attempts are being checked right now");
  }, 30_000);
});
