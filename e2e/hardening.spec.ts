import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { fakeRequests, fillForm, keepScreenshot, openPlayground } from "./helpers";
import { databaseOpened, startInstance, type Instance } from "./instances";
import { E2E, E2E_DATA_DIR } from "./servers";
import { seededDataFolder } from "./embedded-template";

/** What a colleague on the network could try: guessing the password in parallel, polling what the service never named. */

const THROTTLE_DATA = join(E2E_DATA_DIR, "throttle");
let instance: Instance | null = null;

test.afterEach(async () => {
  await instance?.stop();
  instance = null;
});

async function startThrottled(): Promise<Instance> {
  const started = await startInstance("throttle", E2E.throttlePort, {
    PLAYGROUND_PASSWORD: E2E.password,
    PLAYGROUND_DATA_DIR: THROTTLE_DATA,
  });
  // What is timed here is guessing, not the server's first start.
  await databaseOpened(started);
  return started;
}

test("password guesses sent in parallel are answered one at a time, and the session outlives a restart", async ({ page }, testInfo) => {
  // Two servers of its own start here; on a loaded machine each opening of its data folder takes a while.
  test.setTimeout(240_000);
  rmSync(THROTTLE_DATA, { recursive: true, force: true });
  seededDataFolder(THROTTLE_DATA);
  instance = await startThrottled();
  // What is timed here is guessing, not the fresh server's first opening of its database.
  await databaseOpened(instance);
  const signIn = `${instance.url}/sign-in`;
  for (let guess = 0; guess < 4; guess++) {
    await page.goto(signIn);
    await page.getByLabel("Password").fill(`wrong ${guess}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That password is not right" })).toBeVisible();
  }

  // 20 guesses at once, as a script would send them: one is judged (after the 2 s wait), one more
  // waits its turn (then 4 s), the rest are turned away.
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      page.request.post(`${instance?.url}/api/sign-in`, { form: { password: `parallel ${index}` }, maxRedirects: 0 }),
    ),
  );
  const statuses = answers.map((answer) => answer.status()).sort();
  expect(statuses.filter((status) => status === 303)).toHaveLength(2);
  expect(statuses.filter((status) => status === 429)).toHaveLength(18);
  expect(Date.now() - started).toBeGreaterThanOrEqual(5900);
  const refused = answers.find((answer) => answer.status() === 429);
  expect(Number(refused?.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(await refused?.text()).toContain("Another sign-in attempt from your address is still being checked");

  // The right password still works (after its wait), with a cookie signed by the server's own secret.
  await page.goto(signIn);
  await page.getByLabel("Password").fill(E2E.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeVisible({ timeout: 20_000 });
  const secret = readFileSync(join(THROTTLE_DATA, "server-secret"), "utf8");
  expect(secret).toMatch(/^[\w-]{43}$/);
  expect(secret).not.toContain(E2E.password);

  // A restart reads the same secret: everyone stays signed in.
  await instance.stop();
  instance = await startThrottled();
  await page.goto(instance.url);
  await expect(page.getByLabel("Prompt", { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, "signed-in-after-restart");
});

test("a polling URL on the service that the service never named is refused on the page, and never fetched", async ({ page }, testInfo) => {
  // Strip the grants from our own answer, as a page would that polls a URL of its choosing.
  let pollingPath = "";
  await page.route("**/api/generate", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    expect(headers["x-playground-poll-grants"]).toBeTruthy();
    delete headers["x-playground-poll-grants"];
    const body = await response.body();
    pollingPath = new URL((JSON.parse(body.toString()) as { polling_url: string }).polling_url).pathname;
    await route.fulfill({ response, headers, body });
  });
  await openPlayground(page, E2E.serviceUrl);
  await fillForm(page, { model: "fake-async", prompt: `ungranted job ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-notice")).toContainText("The service accepted a job; no image yet.");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That polling URL was not named by the service" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "it comes with no grant" })).toBeVisible();
  expect(pollingPath).toMatch(/^\/v1\/jobs\//);
  expect((await fakeRequests()).filter((request) => request.path === pollingPath)).toEqual([]);
  await keepScreenshot(page, testInfo, "poll-not-granted");
});

test("the poll route is not a way into the service's other endpoints", async ({ request }) => {
  const before = (await fakeRequests()).length;
  for (const path of ["/v1/billing", "/v1/files", "/v1/jobs/never-made"]) {
    const refused = await request.post(`${E2E.serviceUrl}/api/poll`, { data: { url: `${E2E.fakeUrl}${path}` } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { type: string }).type).toBe("urn:image-playground:problem:poll-not-granted");
  }
  const after = (await fakeRequests())
    .slice(before)
    .filter((recorded) => ["/v1/billing", "/v1/files", "/v1/jobs/never-made"].includes(recorded.path));
  expect(after).toEqual([]);
});
