import type { Page } from "@playwright/test";
import { seedHistoryInPage } from "../test-support/seed-history";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, naturalSize, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

const RUNS = 10_000;
const items = (page: Page) => page.getByTestId("history-item");
const prompts = (page: Page) => page.getByTestId("history-prompt");

/** A browser that has kept 10,000 runs: the playground opened once (history at version 2), then seeded. */
async function openWithSeededHistory(page: Page): Promise<void> {
  await openPlayground(page, E2E.alongsideUrl);
  await expect(page.getByText("Every run you make is kept here")).toBeVisible();
  const seeded = await page.evaluate(seedHistoryInPage, {
    count: RUNS,
    newestAt: Date.now() - 60_000,
    spacingMs: 60_000,
    models: ["demo-geometric", "demo-watercolor", "fake-b64"],
    ratios: ["1:1", "16:9", "3:4"],
  });
  expect(seeded.count).toBe(RUNS);
  await page.reload();
  await waitForPlayground(page);
}

test("10,000 runs: the newest shows, scrolling reaches the oldest, search finds one from the middle, the page stays small", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await openWithSeededHistory(page);
  await expect(prompts(page).first()).toHaveText(/study 9999$/);
  await expect(page.getByTestId("history-usage")).toContainText("10,000 runs");
  await expect(page.getByTestId("history-persistence")).toHaveText(/^(Kept for good|Not persistent):/);
  // Only the rows in view are in the page, whatever the number of runs.
  expect(await items(page).count()).toBeLessThan(60);
  await keepScreenshot(page, testInfo, "history-10000-runs");

  const scroller = page.getByTestId("history-scroller");
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return prompts(page).last().textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/study 0$/);
  expect(await items(page).count()).toBeLessThan(60);
  // Its picture is read once the scrolling has settled.
  const oldestThumbnail = items(page).last().getByTestId("history-thumbnail");
  await expect.poll(() => oldestThumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : -1))).toBe(56);

  await page.getByLabel("Search prompts").fill("study 5000");
  await expect(items(page)).toHaveCount(1);
  await expect(prompts(page)).toHaveText(/study 5000$/);
  await expect(page.getByTestId("history-matches")).toHaveText("1 match of 10,000 runs");
  // A seeded run opens like any other: its form and its picture from the saved answer.
  await prompts(page).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(/study 5000$/);
  expect(await naturalSize(page)).toEqual({ width: 64, height: 64 });

  await page.getByLabel("Filter by status").selectOption("service-error");
  await expect(page.getByTestId("history-matches")).toHaveText("0 matches of 10,000 runs");
  await page.getByLabel("Search prompts").fill("");
  // Run 16 is the first failed one (every 17th); the newest failed one is run 9995.
  await expect(prompts(page).first()).toHaveText(/study 9995$/);
  await expect(page.getByTestId("history-matches")).toHaveText("588 matches of 10,000 runs");
});

test("10,000 runs: a new run appears on top, and a second tab sees it, its star and its removal", async ({ page, context }) => {
  test.setTimeout(120_000);
  await openWithSeededHistory(page);
  const other = await context.newPage();
  await openPlayground(other, E2E.alongsideUrl);
  await expect(prompts(other).first()).toHaveText(/study 9999$/);

  await fillForm(page, { model: "demo-geometric", prompt: "a paper crane on a desk, brand new" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(prompts(page).first()).toHaveText("a paper crane on a desk, brand new");
  await expect(page.getByTestId("history-usage")).toContainText("10,001 runs");
  await expect(page.getByTestId("history-persistence")).toBeVisible();

  await expect(prompts(other).first()).toHaveText("a paper crane on a desk, brand new");
  await expect(other.getByTestId("history-usage")).toContainText("10,001 runs");

  await other.getByRole("button", { name: "Star run" }).first().click();
  await expect(page.getByRole("button", { name: "Unstar run" }).first()).toBeVisible();
  await expect(page.getByLabel("Starred only")).toBeVisible();

  await items(page)
    .first()
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(prompts(other).first()).toHaveText(/study 9999$/);
  await expect(other.getByTestId("history-usage")).toContainText("10,000 runs");
});
