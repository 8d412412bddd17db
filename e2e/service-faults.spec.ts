import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** A sample of the service faults, as the page shows them (the route tests cover every one). */

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.serviceUrl);
});

test("a connection reset mid-answer is named, and the next generation works", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-reset-mid-body", prompt: `reset ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The service's answer broke off" })).toBeVisible();
  await keepScreenshot(page, testInfo, "answer-broken");
  await fillForm(page, { model: "fake-b64" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-size")).toBeVisible();
});

test("a redirect is shown as the service's answer, not followed", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-redirect", prompt: `redirect ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Redirected" })).toBeVisible();
  await expect(page.getByTestId("exchange")).toContainText(`${E2E.fakeUrl}/elsewhere/generations`);
});

test("an empty 200 and JSON that does not parse are explained", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-empty", prompt: `empty ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("no image was found in its answer")).toBeVisible();
  await expect(page.getByText("(empty body)")).toBeVisible();

  await fillForm(page, { model: "fake-bad-json" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText(/Labelled as JSON but it does not parse/)).toBeVisible();
  await expect(page.getByTestId("raw-text")).toContainText('{"data": [{"url"');
});

test("a large answer that breaks off while streaming says how much arrived", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-large-then-reset", prompt: `large reset ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The answer did not arrive" });
  await expect(alert).toContainText(/broke off after \d+\.\d [KM]B:/);
  // How much reached the browser depends on what was in flight when the service cut off (under load,
  // well under 1 MB, which the page writes in KB); never nothing, never more than the service sent.
  const [, amount, unit] = /after (\d+\.\d) ([KM])B/.exec((await alert.textContent()) ?? "") ?? [];
  const arrivedBytes = Number(amount) * (unit === "M" ? 1024 * 1024 : 1024);
  expect(arrivedBytes).toBeGreaterThan(0);
  expect(arrivedBytes).toBeLessThanOrEqual(2 * 1024 * 1024 + 64);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(`large reset ${testInfo.testId}`);
});
