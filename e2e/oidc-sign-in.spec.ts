import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, waitForPlayground } from "./helpers";
import { providerSignIn, throughProvider } from "./provider-sign-in";
import { startInstance, type Instance } from "./instances";
import { E2E, E2E_DATA_DIR } from "./servers";
import { startIdentityProvider, type IdentityProvider } from "../test-support/oidc/identity-provider";
import { startPostgres, type PostgresServer } from "../test-support/postgres-server";

/** People signing in with the company's provider: a real OpenID Connect provider on loopback. */

const OIDC_DATA = join(E2E_DATA_DIR, "oidc");
const PUBLIC_URL = `http://127.0.0.1:${E2E.oidcPort}`;

let provider: IdentityProvider;
let instance: Instance;
let instanceEnv: Record<string, string>;
// On PostgreSQL, so that a test can age a session in the database the way time would.
let postgres: PostgresServer;

// Each test signs people in through the provider's pages; on a loaded machine that takes a while.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(OIDC_DATA, { recursive: true, force: true });
  postgres = await startPostgres();
  provider = await startIdentityProvider({
    redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`],
    people: {
      ada: { email: "ada@example.com", name: "Ada Lovelace", groups: ["playground-admins", "design"] },
      bob: { email: "bob@example.com", name: "Bob Marley", groups: ["design"] },
      eve: { email: "eve@elsewhere.org", name: "Eve Outsider", groups: ["design"] },
      cyd: { email: "cyd@example.com", name: "Cyd Charisse", groups: ["design"] },
    },
  });
  instanceEnv = {
    IMAGE_API_BASE_URL: E2E.fakeUrl,
    IMAGE_API_KEY: E2E.fakeKey,
    IMAGE_MODELS: "fake-b64",
    PLAYGROUND_DATA_DIR: OIDC_DATA,
    DATABASE_URL: postgres.url,
    PLAYGROUND_OIDC_ISSUER: provider.issuer,
    PLAYGROUND_OIDC_CLIENT_ID: provider.clientId,
    PLAYGROUND_OIDC_CLIENT_SECRET: provider.clientSecret,
    PLAYGROUND_PUBLIC_URL: PUBLIC_URL,
    PLAYGROUND_OIDC_NAME: "Example SSO",
    PLAYGROUND_OIDC_ALLOWED_DOMAINS: "example.com",
    PLAYGROUND_OIDC_ADMIN_GROUPS: "playground-admins",
  };
  instance = await startInstance("oidc", E2E.oidcPort, instanceEnv);
});

test.afterAll(async () => {
  await instance?.stop();
  await provider?.close();
  postgres?.stop();
});

const signInAs = (page: Page, login: string, next = "/") => providerSignIn(page, PUBLIC_URL, login, next);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: PUBLIC_URL });
  return context.newPage();
}

test("two people sign in with the provider; its groups claim makes one an admin, and each is named where they act", async ({
  browser,
}, testInfo) => {
  const ada = await newPage(browser);
  await signInAs(ada, "ada");
  await waitForPlayground(ada);
  await expect(ada.getByTestId("signed-in-as")).toHaveText("Ada Lovelace");
  await keepScreenshot(ada, testInfo, "signed-in");

  const bob = await newPage(browser);
  await signInAs(bob, "bob");
  await waitForPlayground(bob);
  await expect(bob.getByTestId("signed-in-as")).toHaveText("Bob Marley");
  await fillForm(bob, { model: "fake-b64", prompt: "bob's lighthouse", ratio: "1:1" });
  await bob.getByRole("button", { name: "Generate" }).click();
  await expect(bob.getByTestId("image-card").first().getByRole("img")).toBeVisible({ timeout: 30_000 });
  await expect(bob.getByTestId("history-item").first().locator("time")).toHaveAttribute("title", /· by Bob Marley$/);

  // Bob shares it: the page says who shared it, and Ada's feedback carries her name, none typed.
  await expect(bob.getByRole("button", { name: "Share result" })).toBeEnabled();
  await bob.getByRole("button", { name: "Share result" }).click();
  const dialog = bob.getByRole("dialog", { name: "Share result" });
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const link = await dialog.getByRole("textbox", { name: "Shared link" }).inputValue();
  await bob.keyboard.press("Escape");
  await ada.goto(link);
  await expect(ada.getByRole("region", { name: "Shared request" })).toContainText(/By\s*Bob Marley/);
  const feedback = ada.getByRole("region", { name: "Team feedback" });
  await expect(feedback.getByLabel("Your name")).toHaveCount(0);
  await expect(feedback).toContainText("Commenting as Ada Lovelace");
  await feedback.getByLabel("Comment").fill("Warmer light, please.");
  await feedback.getByRole("button", { name: "Send feedback" }).click();
  await expect(feedback.getByTestId("feedback-comment").first()).toContainText("Ada Lovelace");
  await keepScreenshot(ada, testInfo, "shared-by-bob");

  // Bob is a member: only his own line; Ada is an admin: everyone's, and caps to set.
  await bob.goto("/usage");
  await expect(bob.getByText("Bob Marley", { exact: true }).first()).toBeVisible();
  await expect(bob.getByRole("table", { name: "Usage by person" }).getByRole("row", { name: /Bob Marley/ })).toContainText(
    /Bob Marley\s*1\s*1\s*0/,
  );
  await expect(bob.getByRole("button", { name: /Save caps/ })).toHaveCount(0);
  await ada.goto("/usage");
  await expect(ada.getByText("Ada Lovelace · admin")).toBeVisible();
  const audit = ada.getByRole("table", { name: "Audit log" });
  await expect(audit.getByRole("row").filter({ hasText: "generate" })).toContainText("Bob Marley");
  await expect(audit.getByRole("row").filter({ hasText: "share" }).filter({ hasText: "Bob Marley" })).toContainText("run /s/");
  await expect(audit.getByRole("row").filter({ hasText: "sign-in" }).filter({ hasText: "Ada Lovelace" })).toContainText(
    "Example SSO as admin",
  );
  await expect(audit.getByRole("row").filter({ hasText: "sign-in" }).filter({ hasText: "Bob Marley" })).toContainText(
    "Example SSO as member",
  );
  await expect(ada.getByRole("button", { name: "Save caps for Bob Marley" })).toBeVisible();
  await keepScreenshot(ada, testInfo, "usage-as-admin");
});

test("a person outside the allowed domains is refused in plain words, and cannot reach the playground", async ({ browser }, testInfo) => {
  const eve = await newPage(browser);
  await signInAs(eve, "eve");
  await expect(eve.getByRole("alert").getByRole("heading", { name: "You cannot enter this playground" })).toBeVisible();
  await expect(
    eve.getByText("This playground is for people with an email at example.com; you signed in as eve@elsewhere.org."),
  ).toBeVisible();
  await keepScreenshot(eve, testInfo, "refused");
  await expect(eve.getByRole("button", { name: "Try again with Example SSO" })).toBeVisible();
  await eve.goto("/");
  await expect(eve.getByRole("button", { name: "Sign in with Example SSO" })).toBeVisible();
  expect((await eve.request.post("/api/generate", { data: { model: "fake-b64", prompt: "x", aspect_ratio: "1:1" } })).status()).toBe(401);
});

test("a tampered state is refused", async ({ browser }) => {
  const page = await newPage(browser);
  // Start a sign-in as the button does (its login cookie lands in this browser), then change the
  // state on the way to the provider, which sends it back unchanged.
  const start = await page.request.get("/api/auth/sign-in/oidc", { maxRedirects: 0 });
  expect(start.status()).toBe(303);
  const authorize = new URL(start.headers().location ?? "");
  expect(authorize.origin).toBe(provider.issuer);
  authorize.searchParams.set("state", `${authorize.searchParams.get("state")}x`);
  await page.goto(authorize.href);
  await throughProvider(page, PUBLIC_URL, "bob");
  await expect(page.getByRole("alert").getByRole("heading", { name: "Sign-in could not be verified" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Sign in with Example SSO" })).toBeVisible();
});

test("a personal API token generates as its maker from a script, opens no page, and stops working when revoked", async ({
  browser,
  playwright,
}) => {
  const bob = await newPage(browser);
  await signInAs(bob, "bob", "/tokens");
  await expect(bob.getByRole("heading", { name: "Personal API tokens" })).toBeVisible();
  await bob.getByLabel("Name").fill("nightly eval script");
  await bob.getByLabel("Expires in").selectOption("30");
  await bob.getByRole("button", { name: "Make token" }).click();
  const token = (await bob.getByTestId("new-token").textContent()) ?? "";
  expect(token).toMatch(/^pgt_[\w-]{43}$/);
  await expect(bob.getByRole("table", { name: "Your tokens" }).getByRole("row", { name: /nightly eval script/ })).toContainText("never");

  // A script: no cookies, only the token.
  const script = await playwright.request.newContext({ baseURL: PUBLIC_URL });
  const body = { model: "fake-b64", prompt: "scripted lighthouse", aspect_ratio: "1:1" };
  const generated = await script.post("/api/generate", { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(generated.status()).toBe(200);
  const page = await script.get("/usage", { headers: { authorization: `Bearer ${token}` }, maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(page.headers().location).toContain("/sign-in");
  expect(
    (await script.post("/api/tokens", { data: { name: "another", days: 7 }, headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);

  await bob.reload();
  await expect(bob.getByRole("table", { name: "Your tokens" }).getByRole("row", { name: /nightly eval script/ })).not.toContainText(
    "never",
  );
  await bob.goto("/usage");
  await expect(bob.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "token-created" })).toContainText(
    "nightly eval script",
  );
  await bob.goto("/tokens");
  await bob.getByRole("button", { name: "Revoke nightly eval script" }).click();
  await expect(bob.getByRole("status").filter({ hasText: "Token revoked" })).toBeVisible();
  const refused = await script.post("/api/generate", { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toContain("unknown, has expired or was revoked");
  await script.dispose();
});

test("a member cannot set caps, end sessions, revoke someone else's token or export others' usage", async ({ browser, playwright }) => {
  const ada = await newPage(browser);
  await signInAs(ada, "ada");
  await waitForPlayground(ada);
  const made = await ada.request.post("/api/tokens", { data: { name: "ada's notebook", days: 7 } });
  expect(made.status()).toBe(201);
  const adaToken = (await made.json()) as { id: string; token: string };
  const bob = await newPage(browser);
  await signInAs(bob, "bob");
  await waitForPlayground(bob);

  const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });
  const caps = await bob.request.post("/api/budgets", form({ author: "ada", images_per_day: "0" }));
  expect([caps.status(), caps.headers().location]).toEqual([303, "/usage?budget=not-admin"]);
  const ended = await bob.request.post("/api/people/sessions/end", form({ person: "ada" }));
  expect([ended.status(), ended.headers().location]).toEqual([303, "/usage?budget=not-admin"]);
  const revoked = await bob.request.post(`/api/tokens/${adaToken.id}/revoke`, form({}));
  expect([revoked.status(), revoked.headers().location]).toEqual([303, "/tokens?revoked=none"]);

  // Nothing of it took: no caps for Ada, her session and her token still work.
  const { default: pg } = await import("pg");
  const client = new pg.Client(postgres.url);
  await client.connect();
  try {
    expect((await client.query("SELECT author FROM budget_overrides WHERE author = 'ada'")).rowCount).toBe(0);
  } finally {
    await client.end();
  }
  await ada.reload();
  await expect(ada.getByTestId("signed-in-as")).toHaveText("Ada Lovelace");
  const script = await playwright.request.newContext({ baseURL: PUBLIC_URL });
  const generated = await script.post("/api/generate", {
    data: { model: "fake-b64", prompt: "ada's lighthouse", aspect_ratio: "1:1" },
    headers: { authorization: `Bearer ${adaToken.token}` },
  });
  expect(generated.status()).toBe(200);
  await script.dispose();

  // Asking for Ada's usage lines answers Bob's own.
  const exported = await bob.request.get("/api/usage/export?table=people&person=ada");
  expect(exported.status()).toBe(200);
  const csv = await exported.text();
  expect(csv).toContain("Bob Marley");
  expect(csv).not.toContain("Ada Lovelace");
});

test("one person makes at most 20 tokens an hour; the next is refused saying so", async ({ browser }) => {
  const cyd = await newPage(browser);
  await signInAs(cyd, "cyd", "/tokens");
  await expect(cyd.getByRole("heading", { name: "Personal API tokens" })).toBeVisible();
  for (let i = 1; i <= 20; i++) {
    expect((await cyd.request.post("/api/tokens", { data: { name: `script ${i}`, days: 7 } })).status()).toBe(201);
  }
  const refused = await cyd.request.post("/api/tokens", { data: { name: "script 21", days: 7 } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(((await refused.json()) as { detail: string }).detail).toContain("20 tokens an hour");
});

test("sign out everywhere ends the person's other sessions: the other device is sent back to sign in", async ({ browser }) => {
  const laptop = await newPage(browser);
  const phone = await newPage(browser);
  await signInAs(laptop, "ada");
  await signInAs(phone, "ada");
  await waitForPlayground(phone);
  await waitForPlayground(laptop);
  await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop.getByRole("status").filter({ hasText: "You are signed out on every device." })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole("button", { name: "Sign in with Example SSO" })).toBeVisible();
  expect((await phone.request.post("/api/generate", { data: { model: "fake-b64", prompt: "x", aspect_ratio: "1:1" } })).status()).toBe(401);

  // An admin ends someone else's sessions from the Usage page.
  const bob = await newPage(browser);
  await signInAs(bob, "bob");
  await waitForPlayground(bob);
  await signInAs(laptop, "ada", "/usage");
  await laptop.getByRole("button", { name: "End Bob Marley’s sessions" }).click();
  await expect(laptop.getByRole("status").filter({ hasText: "Their sessions are ended" })).toBeVisible();
  await bob.reload();
  await expect(bob.getByRole("button", { name: "Sign in with Example SSO" })).toBeVisible();
});

test("an expired session is sent back to sign in, and back to the page it asked for after", async ({ browser }) => {
  const bob = await newPage(browser);
  await signInAs(bob, "bob");
  await waitForPlayground(bob);
  // What PLAYGROUND_SESSION_HOURS later looks like: the session's end has passed.
  const { default: pg } = await import("pg");
  const client = new pg.Client(postgres.url);
  await client.connect();
  try {
    const aged = await client.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE person_id = 'bob'");
    expect(aged.rowCount).toBeGreaterThanOrEqual(1);
  } finally {
    await client.end();
  }
  await bob.goto("/usage");
  await expect(bob.getByRole("button", { name: "Sign in with Example SSO" })).toBeVisible();
  expect(new URL(bob.url()).searchParams.get("next")).toBe("/usage");
  expect((await bob.request.post("/api/generate", { data: { model: "fake-b64", prompt: "x", aspect_ratio: "1:1" } })).status()).toBe(401);
  // Signing in again (the provider still knows this browser) lands on the page asked for.
  await bob.getByRole("button", { name: "Sign in with Example SSO" }).click();
  await throughProvider(bob, PUBLIC_URL, "bob");
  await expect(bob.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
});

test("sessions and tokens outlive a restart of the playground", async ({ browser, playwright }) => {
  const ada = await newPage(browser);
  await signInAs(ada, "ada");
  await waitForPlayground(ada);
  const made = await ada.request.post("/api/tokens", { data: { name: "before the restart", days: 7 } });
  const { token } = (await made.json()) as { token: string };
  await instance.stop();
  instance = await startInstance("oidc-restarted", E2E.oidcPort, instanceEnv);
  await ada.reload();
  await waitForPlayground(ada);
  await expect(ada.getByTestId("signed-in-as")).toHaveText("Ada Lovelace");
  const script = await playwright.request.newContext({ baseURL: PUBLIC_URL });
  const generated = await script.post("/api/generate", {
    data: { model: "fake-b64", prompt: "after the restart", aspect_ratio: "1:1" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(generated.status()).toBe(200);
  await script.dispose();
});
