import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { fillForm, openPlayground } from "./helpers";
import { E2E } from "./servers";

async function generate(page: Page, fields: { model?: string; prompt: string; ratio?: string }): Promise<void> {
  await fillForm(page, fields);
  await page.getByRole("button", { name: "Generate" }).click();
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    // A full axe scan takes seconds on a small machine running two workers; a test makes up to three.
    test.describe.configure({ timeout: 60_000 });

    test("the empty page", async ({ page }, testInfo) => {
      await openPlayground(page, E2E.demoUrl);
      await expectNoViolations(page, testInfo, `${colorScheme}-empty`);
    });

    test("a run with an image, history with entries, the viewer and compare", async ({ page }, testInfo) => {
      await openPlayground(page, E2E.demoUrl);
      await generate(page, { model: "demo-geometric", prompt: "a red fox in snow", ratio: "16:9" });
      await expect(page.getByTestId("image-card")).toHaveCount(1);
      await expect(page.getByTestId("history-item")).toHaveCount(1);
      await generate(page, { model: "demo-watercolor", prompt: "a small red fox at dusk", ratio: "1:1" });
      await expect(page.getByTestId("history-item")).toHaveCount(2);
      await expect(page.getByTestId("image-size")).toContainText("1024×1024");
      await expectNoViolations(page, testInfo, `${colorScheme}-after-run-with-history`);

      await page.getByTestId("image-card").first().getByRole("button", { name: "Full screen" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page, testInfo, `${colorScheme}-viewer`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.getByRole("checkbox", { name: "Select run: a red fox in snow" }).check();
      await page.getByRole("checkbox", { name: "Select run: a small red fox at dusk" }).check();
      await page.getByRole("button", { name: "Compare (2)" }).click();
      await expect(page.getByRole("dialog", { name: "Compare runs" }).getByTestId("compare-column")).toHaveCount(2);
      await expectNoViolations(page, testInfo, `${colorScheme}-compare`);
    });

    test("an error from the service", async ({ page }, testInfo) => {
      await openPlayground(page, E2E.serviceUrl);
      await generate(page, { model: "fake-policy", prompt: `blocked ${testInfo.testId}` });
      await expect(page.getByRole("alert").filter({ hasText: "Blocked by content policy" })).toBeVisible();
      await expectNoViolations(page, testInfo, `${colorScheme}-error`);
    });

    test("the grid form and a finished grid", async ({ page }, testInfo) => {
      await openPlayground(page, E2E.demoUrl);
      await page.getByRole("tab", { name: "Grid" }).click();
      await page.getByLabel("Prompt variants").fill("a {red|blue} fox");
      await page.getByLabel("Models", { exact: true }).fill("demo-geometric, demo-pixel");
      await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1");
      await expect(page.getByTestId("grid-count")).toContainText("4 requests");
      await expectNoViolations(page, testInfo, `${colorScheme}-grid-form`);

      await page.getByRole("button", { name: "Run grid" }).click();
      await expect(page.getByTestId("grid-progress")).toContainText("4 done · 0 failed · 0 to go", { timeout: 20_000 });
      for (const image of await page.getByTestId("grid-cell").getByRole("img").all())
        await expect(image).toHaveJSProperty("complete", true);
      await expectNoViolations(page, testInfo, `${colorScheme}-grid-done`);
    });

    test("a rated run, review mode, and the arena before and after a vote", async ({ page }, testInfo) => {
      await openPlayground(page, E2E.demoUrl);
      await generate(page, { model: "demo-pixel", prompt: "a paper boat", ratio: "1:1" });
      await expect(page.getByRole("radiogroup", { name: "Rating" })).toBeVisible();
      await page.getByRole("button", { name: "Share result" }).focus();
      await page.keyboard.press("3");
      await page.keyboard.press("p");
      await expectNoViolations(page, testInfo, `${colorScheme}-rated-run`);
      await page.getByRole("button", { name: "Review", exact: true }).click();
      const review = page.getByRole("dialog", { name: "Review: history" });
      await expect(review.getByTestId("review-image")).toHaveJSProperty("complete", true);
      await expectNoViolations(page, testInfo, `${colorScheme}-review`);
      await page.keyboard.press("Escape");
      await expect(review).toHaveCount(0);

      await page.getByRole("tab", { name: "Arena" }).click();
      const form = page.getByRole("form", { name: "Arena" });
      await form.getByLabel("Models").fill("demo-geometric, demo-pixel");
      await form.getByLabel("Prompts").fill("a paper boat");
      await form.getByRole("button", { name: "Start" }).click();
      await expect(page.getByRole("button", { name: "Left is better" })).toBeEnabled({ timeout: 20_000 });
      await expectNoViolations(page, testInfo, `${colorScheme}-arena-pair`);
      await page.keyboard.press("ArrowDown");
      await expect(page.getByTestId("arena-reveal")).toBeVisible();
      await expectNoViolations(page, testInfo, `${colorScheme}-arena-revealed`);
    });
  });
}
