import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** Answers that are jobs: the page says so, and follows the job through the playground's server. */

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.serviceUrl);
});

test("polls a job automatically until its image arrives", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-async", prompt: `job ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-notice")).toContainText("The service accepted a job; no image yet.");
  await expect(page.getByTestId("job-notice")).toContainText("queued");
  await expect(page.getByTestId("history-item").first()).toContainText("Job pending");
  await page.getByRole("button", { name: "Poll every 3 s" }).click();
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
