import { describe, expect, it } from "vitest";
import { configFor } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { OIDC_SIGN_IN_LIMIT } from "@/lib/server/limits/account-limits";
import { handleOidcCallback, handleOidcStart } from "./oidc-handlers";
import { describeSignInProblem } from "./sign-in-problems";

// A provider nobody answers at: each start that is let through fails to reach it, which is enough
// to tell a start that was let through from one the limit turned away first.
const config = configFor("http://127.0.0.1:9", {
  PLAYGROUND_OIDC_ISSUER: "http://127.0.0.1:9",
  PLAYGROUND_OIDC_CLIENT_ID: "playground",
  PLAYGROUND_OIDC_CLIENT_SECRET: "s3cret",
  PLAYGROUND_PUBLIC_URL: "http://localhost:3000",
});

const from = (peer: string, path: string) => new Request(`http://localhost:3000${path}`, { headers: { [PEER_ADDRESS_HEADER]: peer } });

describe("sign-ins with the provider from one address", () => {
  it("are let through up to the limit (start and return counted together), then sent to the sign-in page saying why", async () => {
    expect(config.ok).toBe(true);
    const peer = "198.51.100.7";
    const half = OIDC_SIGN_IN_LIMIT.points / 2;
    for (let i = 0; i < half; i++) {
      expect((await handleOidcStart(from(peer, "/api/auth/sign-in/oidc"), config)).headers.get("location")).toBe(
        "/sign-in?error=provider-unreachable",
      );
      // A return with no sign-in started in this browser: refused as expired, after counting.
      expect((await handleOidcCallback(from(peer, "/api/auth/callback/oidc?code=x&state=y"), config)).headers.get("location")).toBe(
        "/sign-in?problem=expired",
      );
    }
    const limited = await handleOidcStart(from(peer, "/api/auth/sign-in/oidc?next=%2Fusage"), config);
    expect(limited.status).toBe(303);
    expect(limited.headers.get("location")).toBe("/sign-in?problem=too-many&next=%2Fusage");
    expect((await handleOidcCallback(from(peer, "/api/auth/callback/oidc?code=x&state=y"), config)).headers.get("location")).toBe(
      "/sign-in?problem=too-many",
    );
    expect(describeSignInProblem({ problem: "too-many" }, { allowedDomains: [], name: "SSO" })?.title).toBe("Too many sign-ins just now");
    // Another address has a budget of its own.
    expect((await handleOidcStart(from("198.51.100.8", "/api/auth/sign-in/oidc"), config)).headers.get("location")).toBe(
      "/sign-in?error=provider-unreachable",
    );
  });
});
