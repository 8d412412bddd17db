import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fakeRequests, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

async function fillGrid(page: Page, fields: { prompts: string; models: string; ratios: string }): Promise<void> {
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill(fields.prompts);
  await page.getByLabel("Models", { exact: true }).fill(fields.models);
  await page.getByLabel("Aspect ratios", { exact: true }).fill(fields.ratios);
}

const cells = (page: Page) => page.getByTestId("grid-cell");

test.describe("on the demo service", () => {
  test.beforeEach(async ({ page }) => {
    await openPlayground(page, E2E.demoUrl);
  });

  test("a 2 × 2 × 2 grid fills 8 cells with images of the requested ratios, and opens a cell in the single view", async ({
    page,
  }, testInfo) => {
    await fillGrid(page, { prompts: "a {red|blue} fox in snow", models: "demo-geometric, demo-watercolor", ratios: "1:1, 16:9" });
    await expect(page.getByTestId("grid-count")).toHaveText("2 prompts × 2 models × 2 ratios = 8 requests, 4 at a time.");
    await page.getByRole("button", { name: "Run grid" }).click();
    await expect(cells(page)).toHaveCount(8);
    await expect(page.getByTestId("grid-progress")).toContainText("8 done · 0 failed · 0 to go", { timeout: 20_000 });
    for (const cell of await cells(page).all()) {
      const label = (await cell.getAttribute("aria-label")) ?? "";
      const image = cell.getByRole("img");
      await expect(image).toHaveJSProperty("complete", true);
      const size = await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight]);
      expect(size, label).toEqual(label.endsWith("16:9") ? [1024, 576] : [1024, 1024]);
    }
    await keepScreenshot(page, testInfo, "grid-demo");

    await page.getByRole("button", { name: "Open a blue fox in snow · demo-watercolor · 16:9" }).click();
    await expect(page.getByRole("tab", { name: "Single run" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("demo-watercolor");
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("a blue fox in snow");
    await expect(page.getByTestId("image-size")).toContainText("1024×576");
  });

  test("a grid is one entry in history that reopens after a reload and reruns as a new grid", async ({ page }) => {
    await fillGrid(page, { prompts: "a lighthouse {at dawn|at night}", models: "demo-pixel", ratios: "4:3" });
    await page.getByRole("button", { name: "Run grid" }).click();
    await expect(page.getByTestId("grid-progress")).toContainText("2 done");
    await expect(page.getByTestId("history-grid")).toHaveCount(1);
    await expect(page.getByTestId("history-grid-summary")).toHaveText("2 of 2 with images");

    await page.reload();
    await page.getByTestId("history-grid").getByTestId("history-prompt").click();
    await expect(page.getByTestId("grid-progress")).toContainText("2 cells: 2 done · 0 failed · 0 to go");
    await expect(page.getByLabel("Prompt variants")).toHaveValue("a lighthouse {at dawn|at night}");
    for (const image of await cells(page).getByRole("img").all()) await expect(image).toHaveJSProperty("complete", true);

    await page.getByRole("button", { name: "Rerun grid" }).click();
    await expect(page.getByTestId("history-grid")).toHaveCount(2);
  });

  test("asks before a grid above the threshold and refuses one above the maximum", async ({ page }) => {
    await fillGrid(page, { prompts: "{a|b|c|d|e|f|g} fox", models: "demo-geometric, demo-pixel", ratios: "1:1" });
    await page.getByRole("button", { name: "Run grid" }).click();
    const dialog = page.getByRole("dialog", { name: "Run 14 requests?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Not now" }).click();
    await expect(page.getByTestId("grid-view")).toHaveCount(0);

    await page.getByLabel("Prompt variants").fill("{a|b|c|d|e|f|g|h|i} fox");
    await page.getByLabel("Models", { exact: true }).fill("demo-geometric, demo-pixel, demo-watercolor");
    await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1, 4:3, 16:9");
    await expect(page.getByTestId("grid-count")).toHaveText("That makes 81 requests; a grid can have at most 64.");
    await page.getByRole("button", { name: "Run grid" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("grid-view")).toHaveCount(0);
  });
});

test.describe("against a service that misbehaves", () => {
  test.beforeEach(async ({ page }) => {
    await openPlayground(page, E2E.serviceUrl);
  });

  test("a failing cell shows its error in plain words while the others succeed", async ({ page }, testInfo) => {
    await fillGrid(page, { prompts: `grid ${testInfo.testId}`, models: "fake-b64, fake-policy, fake-url", ratios: "1:1" });
    await page.getByRole("button", { name: "Run grid" }).click();
    await expect(page.getByTestId("grid-progress")).toContainText("3 cells: 2 done · 1 failed · 0 to go");
    const failed = cells(page).filter({ has: page.getByRole("alert") });
    await expect(failed).toHaveCount(1);
    await expect(failed).toHaveAttribute("aria-label", /fake-policy/);
    await expect(failed.getByRole("alert")).toContainText("(400)");
    await expect(failed.getByRole("alert")).toContainText("content_policy_violation");
    await expect(cells(page).filter({ has: page.getByRole("img") })).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Rerun failed (1)" })).toBeEnabled();
    await keepScreenshot(page, testInfo, "grid-with-failure");
  });

  test("a 429 pauses new starts for its Retry-After, then the refused cells run again", async ({ page }, testInfo) => {
    await fillGrid(page, { prompts: `retry ${testInfo.testId} {one|two}`, models: "fake-429-once", ratios: "1:1" });
    await page.getByRole("button", { name: "Run grid" }).click();
    await expect(page.getByTestId("grid-paused")).toContainText("Too many requests");
    await expect(page.getByTestId("grid-progress")).toContainText("2 cells: 2 done · 0 failed · 0 to go", { timeout: 10_000 });
    const sent = (await fakeRequests()).filter((request) => request.body.includes(testInfo.testId));
    expect(sent).toHaveLength(4);
  });

  test("cancel all stops the remaining cells, and the service sees the running ones closed", async ({ page }, testInfo) => {
    await fillGrid(page, { prompts: `hang ${testInfo.testId} {a|b|c}`, models: "fake-hang", ratios: "1:1, 16:9" });
    await page.getByRole("button", { name: "Run grid" }).click();
    const mine = async () => (await fakeRequests()).filter((request) => request.body.includes(testInfo.testId));
    await expect.poll(async () => (await mine()).length).toBe(4);
    await page.getByRole("button", { name: "Cancel all" }).first().click();
    await expect(cells(page).and(page.locator('[data-status="cancelled"]'))).toHaveCount(6);
    await expect.poll(async () => (await mine()).map((request) => request.closedEarly)).toEqual([true, true, true, true]);
    expect((await mine()).length).toBe(4);
  });
});
