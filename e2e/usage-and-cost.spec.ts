import { expect, test } from "./fixtures";
import { fillForm, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** Usage the service reports is shown per run; costs are estimated only where IMAGE_PRICES says. */

test("with prices: each run's estimate, today's total in history, and the grid's estimate before it runs", async ({ page }, testInfo) => {
  await openPlayground(page, E2E.alongsideUrl);
  // OpenAI's documented answer: 50 output tokens; priced 0.01 per image + 40 per million output tokens.
  await fillForm(page, { model: "fake-corpus-0", prompt: `usage ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("run-usage")).toHaveText("50 in · 50 out tokens");
  await expect(page.getByTestId("run-cost")).toHaveText("≈ 0.01 USD estimated");
  await fillForm(page, { model: "fake-b64", prompt: `priced ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("run-cost")).toHaveText("≈ 0.04 USD estimated");
  await expect(page.getByTestId("run-usage")).toHaveCount(0);
  await expect(page.getByTestId("history-cost-today")).toHaveText("Today ≈ 0.05 USD estimated");

  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompts").fill("a {red|blue} fox");
  await page.getByLabel("Models").fill("fake-b64, fake-policy");
  await expect(page.getByTestId("grid-cost-estimate")).toHaveText("≈ 0.08 USD estimated (2 requests not priced per image)");
});

test("without prices: the reported usage only, never an invented amount", async ({ page }, testInfo) => {
  await openPlayground(page, E2E.serviceUrl);
  await fillForm(page, { model: "fake-corpus-0", prompt: `no prices ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("run-usage")).toHaveText("50 in · 50 out tokens");
  await expect(page.getByTestId("run-cost")).toHaveCount(0);
  await expect(page.getByTestId("history-cost-today")).toHaveCount(0);
});
