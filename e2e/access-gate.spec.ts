import { expect, test } from "./fixtures";
import { keepScreenshot, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

const generateBody = { model: "fake-b64", prompt: "gate", aspect_ratio: "1:1" };

test("asks for the password on a sign-in page, then keeps a strict session cookie", async ({ page, context }, testInfo) => {
  await page.goto(E2E.securedUrl);
  await expect(page).toHaveURL(`${E2E.securedUrl}/sign-in`);
  await page.getByLabel("Password").fill("not it");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That password is not right" })).toBeVisible();
  await keepScreenshot(page, testInfo, "sign-in-wrong-password");

  await page.getByLabel("Password").fill(E2E.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeVisible();
  const [cookie] = (await context.cookies()).filter((candidate) => candidate.name === "playground_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${E2E.securedUrl}/sign-in?signed-out=1`);
  await page.goto(E2E.securedUrl);
  await expect(page).toHaveURL(`${E2E.securedUrl}/sign-in`);
});

test("the generate route checks the session itself", async ({ request }) => {
  const response = await request.post(`${E2E.securedUrl}/api/generate`, { data: generateBody });
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
});

test("a page on another site cannot spend the key", async ({ request }) => {
  const fromElsewhere = await request.post(`${E2E.serviceUrl}/api/generate`, {
    data: generateBody,
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(fromElsewhere.status()).toBe(403);
  const plainForm = await request.post(`${E2E.serviceUrl}/api/generate`, { form: { model: "fake-b64", prompt: "x", aspect_ratio: "1:1" } });
  expect(plainForm.status()).toBe(415);
});

test("pages carry a nonce CSP and the other protective headers", async ({ request }) => {
  const page = await request.get(E2E.demoUrl);
  const headers = page.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("img-src 'self' http: https: data: blob:");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
});

test("the rate limit shows how long to wait, and a spoofed address does not reset it", async ({ page }, testInfo) => {
  await page.goto(`${E2E.securedUrl}/sign-in`);
  await page.getByLabel("Password").fill(E2E.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPlayground(page);
  const spoofed = { "x-forwarded-for": "192.0.2.77", "x-playground-peer-address": "192.0.2.78" };
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await page.request.post(`${E2E.securedUrl}/api/generate`, { data: generateBody, headers: i === 3 ? spoofed : {} });
    statuses.push(response.status());
  }
  expect(statuses).toEqual([200, 200, 200, 429]);

  await page.getByLabel("Model", { exact: true }).fill("fake-b64");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Rate limited" })).toBeVisible();
  await expect(page.getByTestId("retry-after")).toHaveText(/^Try again in \d+ s\.$/);
  await keepScreenshot(page, testInfo, "rate-limited");
});
