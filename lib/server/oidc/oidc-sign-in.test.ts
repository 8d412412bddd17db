import { describe, expect, it } from "vitest";
import { NO_EXTRA_HOSTS, parseKnownHosts } from "@/lib/server/http/known-hosts";
import { admitPerson } from "./admit-person";
import { openLoginState, sealLoginState, type LoginState } from "./login-state";
import { readOidcConfig } from "./oidc-config";
import { describeSignInProblem, refusalQuery } from "./sign-in-problems";

const policy = { allowedDomains: ["example.com"], allowedGroups: [], admins: ["boss@example.com"], adminGroups: ["playground-admins"] };

describe("who the provider's claims let in", () => {
  it("lets in an allowed domain as a member, and names them", () => {
    expect(admitPerson({ sub: "u1", email: "Ada@Example.com", name: "Ada" }, policy)).toEqual({
      ok: true,
      person: { id: "u1", email: "ada@example.com", name: "Ada", role: "member" },
    });
  });
  it("makes admins from the admin emails and from the admin groups claim", () => {
    expect(admitPerson({ sub: "u2", email: "boss@example.com" }, policy)).toMatchObject({
      ok: true,
      person: { role: "admin", name: "boss@example.com" },
    });
    expect(admitPerson({ sub: "u3", email: "x@example.com", groups: ["design", "playground-admins"] }, policy)).toMatchObject({
      ok: true,
      person: { role: "admin" },
    });
    expect(admitPerson({ sub: "u4", email: "y@example.com", groups: "playground-admins" }, policy)).toMatchObject({
      ok: true,
      person: { role: "admin" },
    });
  });
  it("refuses another domain, an unverified email, and no subject", () => {
    expect(admitPerson({ sub: "u5", email: "eve@elsewhere.org" }, policy)).toEqual({
      ok: false,
      refusal: { kind: "domain", email: "eve@elsewhere.org" },
    });
    expect(admitPerson({ sub: "u6", email: "mallory@example.com", email_verified: false }, policy)).toEqual({
      ok: false,
      refusal: { kind: "domain", email: null },
    });
    expect(admitPerson({ email: "a@example.com" }, policy)).toEqual({ ok: false, refusal: { kind: "no-subject" } });
  });
  it("with both lists set, each must let the person in", () => {
    const both = { ...policy, allowedGroups: ["design"] };
    expect(admitPerson({ sub: "u7", email: "a@example.com", groups: ["sales"] }, both)).toEqual({ ok: false, refusal: { kind: "group" } });
    expect(admitPerson({ sub: "u8", email: "a@example.com", groups: ["design"] }, both).ok).toBe(true);
  });
  it("says why on the sign-in page from a code, never from text in the link", () => {
    const oidc = { allowedDomains: ["example.com"], name: "Example SSO" };
    const query = new URL(refusalQuery({ kind: "domain", email: "eve@elsewhere.org" }), "http://x").searchParams;
    expect(describeSignInProblem(Object.fromEntries(query), oidc)?.detail).toBe(
      "This playground is for people with an email at example.com; you signed in as eve@elsewhere.org.",
    );
    expect(describeSignInProblem({ problem: "provider-error", error: "Call 555-0100 now" }, oidc)?.detail).toBe(
      "Example SSO answered with an error. Start again, or ask whoever runs it.",
    );
    expect(describeSignInProblem({ problem: "anything else" }, oidc)).toBeNull();
  });
});

describe("the sign-in's remembered state", () => {
  const login: LoginState = { state: "s", nonce: "n", verifier: "v", next: "/usage", expires: 2_000 };
  it("comes back as it was sealed", () => {
    expect(openLoginState(sealLoginState(login, "secret"), "secret", 1_000)).toEqual(login);
  });
  it("is refused when changed, signed with another secret, or expired", () => {
    const sealed = sealLoginState(login, "secret");
    const [payload, signature] = sealed.split(".");
    const changed = Buffer.from(JSON.stringify({ ...login, state: "other" })).toString("base64url");
    expect(openLoginState(`${changed}.${signature}`, "secret", 1_000)).toBeNull();
    expect(openLoginState(`${payload}.${signature}`, "another secret", 1_000)).toBeNull();
    expect(openLoginState(sealed, "secret", 2_000)).toBeNull();
    expect(openLoginState(undefined, "secret", 1_000)).toBeNull();
  });
});

describe("the provider's configuration", () => {
  const base = {
    PLAYGROUND_OIDC_ISSUER: "https://login.example.com/realms/team",
    PLAYGROUND_OIDC_CLIENT_ID: "playground",
    PLAYGROUND_OIDC_CLIENT_SECRET: "s3cret",
    PLAYGROUND_PUBLIC_URL: "https://playground.example.com",
  };
  const hosts = parseKnownHosts("playground.example.com");
  const knownHosts = hosts.ok ? hosts.hosts : NO_EXTRA_HOSTS;
  it("reads the defaults and the lists", () => {
    const problems: string[] = [];
    const oidc = readOidcConfig(
      { ...base, PLAYGROUND_OIDC_ALLOWED_DOMAINS: "Example.com, @example.org", PLAYGROUND_ADMINS: "Boss@Example.com" },
      knownHosts,
      problems,
    );
    expect(problems).toEqual([]);
    expect(oidc).toMatchObject({
      name: "single sign-on",
      scopes: "openid email profile",
      publicUrl: "https://playground.example.com",
      allowedDomains: ["example.com", "example.org"],
      admins: ["boss@example.com"],
    });
  });
  it("names every problem: a missing piece, http off this machine, a public URL with a path or an unknown host, a password as well", () => {
    const problems: string[] = [];
    readOidcConfig(
      {
        ...base,
        PLAYGROUND_OIDC_CLIENT_SECRET: undefined,
        PLAYGROUND_OIDC_ISSUER: "http://login.example.com",
        PLAYGROUND_PUBLIC_URL: "https://other.example.com/play",
        PLAYGROUND_PASSWORD: "pw",
      },
      knownHosts,
      problems,
    );
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "PLAYGROUND_OIDC_CLIENT_SECRET",
      "PLAYGROUND_PASSWORD",
      "PLAYGROUND_OIDC_ISSUER",
      "PLAYGROUND_PUBLIC_URL",
    ]);
    const unknownHost: string[] = [];
    readOidcConfig({ ...base, PLAYGROUND_PUBLIC_URL: "https://other.example.com" }, knownHosts, unknownHost);
    expect(unknownHost).toEqual(["PLAYGROUND_PUBLIC_URL: its host other.example.com must also be listed in PLAYGROUND_ALLOWED_HOSTS"]);
  });
  it("accepts an http issuer on this machine (a local provider)", () => {
    const problems: string[] = [];
    expect(readOidcConfig({ ...base, PLAYGROUND_OIDC_ISSUER: "http://127.0.0.1:9000" }, knownHosts, problems)?.issuer).toBe(
      "http://127.0.0.1:9000/",
    );
    expect(problems).toEqual([]);
  });
});
