import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** Answers that are jobs: the page says so, and follows the job through the playground's server. */

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.serviceUrl);
});

test("follows a fresh run's job automatically until its image arrives", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-async", prompt: `job ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  // The run's own answer (the first notice; each check shows its answer below it).
  await expect(page.getByTestId("job-notice").first()).toContainText("The service accepted a job; no image yet.");
  await expect(page.getByTestId("job-notice").first()).toContainText("queued");
  await expect(page.getByTestId("history-item").first()).toContainText("Job pending");
  // A job the run just started is followed at once; Stop polling ends it.
  await expect(page.getByRole("button", { name: "Stop polling" })).toBeVisible();
  await expect(page.getByTestId("poll-counter")).toContainText("Polling ended: the image arrived.", { timeout: 20_000 });
  await expect(page.getByTestId("poll-counter")).toContainText("Checked 3 times.");
  await expect(page.getByTestId("image-size")).toContainText("200×100");
  await expect(page.getByRole("button", { name: "Poll every 3 s" })).toBeVisible();
  // History keeps what the job ended with, not the receipt it started with.
  await expect(page.getByTestId("history-item").first()).toContainText("Images");
  await expect(page.getByTestId("history-item").first().getByTestId("history-thumbnail")).toHaveJSProperty("complete", true);
  await keepScreenshot(page, testInfo, "job-followed");
});

test("refuses to poll a URL that is not on the service", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-async-link-local", prompt: `hostile job ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-notice")).toContainText("169.254.169.254");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That polling URL is not on the image service" })).toBeVisible();
});

test("follows an operation announced only in headers (202, a relative Operation-Location, Retry-After: 1) to its picture, listing each check", async ({
  page,
}, testInfo) => {
  await fillForm(page, { model: "fake-operation", prompt: `operation ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-notice").first()).toContainText("The service accepted a job; no image yet.");
  // Shown resolved against the service that answered.
  await expect(page.getByTestId("job-notice").first()).toContainText(new RegExp(`${E2E.fakeUrl}/v1/operations/[\\w-]+`));
  await expect(page.getByTestId("history-item").first()).toContainText("Job pending");
  // The exchange shows the header as the service wrote it, and where it led.
  await expect(page.getByTestId("exchange").last()).toContainText(
    new RegExp(`Operation-Location\\s*/v1/operations/[\\w-]+ → ${E2E.fakeUrl}/v1/operations/`),
  );
  // Followed at once, at the pace the service asked for (a second between checks).
  await expect(page.getByTestId("poll-counter")).toContainText("Polling ended: the image arrived.", { timeout: 20_000 });
  await expect(page.getByTestId("poll-counter")).toContainText("Checked 3 times.");
  const checks = page.getByRole("list", { name: "Checks" }).getByRole("listitem");
  await expect(checks).toHaveCount(3);
  await expect(checks.nth(0)).toContainText("notStarted");
  await expect(checks.nth(1)).toContainText("running");
  await expect(checks.nth(2)).toContainText(/succeeded\s*the image arrived/);
  await expect(page.getByRole("button", { name: "Poll every 1 s" })).toBeVisible();
  await expect(page.getByTestId("image-size")).toContainText("200×100");
  await expect(page.getByTestId("history-item").first()).toContainText("Images");
  await keepScreenshot(page, testInfo, "operation-followed");
});

test("an operation that names another host is shown, and never polled with the key", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-operation-elsewhere", prompt: `elsewhere ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-notice")).toContainText("http://127.0.0.2:");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /That polling URL (is not on the image service|was not named by the service)/ }),
  ).toBeVisible();
});
