import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, naturalSize, openPlayground } from "./helpers";
import { E2E } from "./servers";
import { expectNoViolations } from "./axe";

/** Generates on the demo service and shares the result; the link the dialog shows. */
async function generateAndShare(page: Page, prompt: string, expiry = "Never"): Promise<string> {
  await fillForm(page, { prompt });
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toBeVisible();
  const share = page.getByRole("button", { name: "Share result" });
  // Enabled once the run is saved in history (what is shared is the saved run).
  await expect(share).toBeEnabled();
  await share.click();
  const dialog = page.getByRole("dialog", { name: "Share result" });
  await dialog.getByRole("radio", { name: expiry }).check();
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const link = dialog.getByRole("textbox", { name: "Shared link" });
  await expect(link).toHaveValue(new RegExp(`^${E2E.demoUrl}/s/[A-Za-z0-9_-]{22}$`));
  return link.inputValue();
}

// Each test drives two browser profiles through several pages; on a 2-core machine running the
// suite's other workers too, that takes longer than the default budget.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.demoUrl);
});

test("a shared run opens for a colleague at full quality, and Open in playground fills the form without running", async ({
  page,
  browser,
}, testInfo) => {
  const url = await generateAndShare(page, "a lighthouse at dusk, shared");
  await keepScreenshot(page, testInfo, "share-dialog");
  await expectNoViolations(page, testInfo, "share-dialog");

  // A colleague: another browser profile, nothing in common with the one that shared.
  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    const response = await other.goto(url);
    expect(response?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("a lighthouse at dusk, shared");
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(other.locator('meta[property="og:title"]')).toHaveAttribute("content", "a lighthouse at dusk, shared");
    await expect(other.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/api\/shares\/[A-Za-z0-9_-]{22}\/files\/image-1\.png$/,
    );
    const facts = other.getByRole("region", { name: "Shared request" });
    await expect(facts).toContainText("demo-geometric");
    await expect(facts).toContainText("16:9");
    await expect(facts).toContainText("Succeeded · 200 OK");
    // The image itself, byte for byte as the service sent it: its natural size and ratio.
    expect(await naturalSize(other)).toEqual({ width: 1024, height: 576 });
    await expect(other.getByTestId("image-size")).toContainText("16:9 (requested 16:9, matches)");
    await expect(other.getByTestId("exchange")).toContainText("Bearer ••••");
    await expect(other.getByTestId("exchange")).toContainText('"prompt": "a lighthouse at dusk, shared"');
    await expect(other.getByRole("button", { name: "Download" })).toBeVisible();
    await keepScreenshot(other, testInfo, "shared-page");
    await expectNoViolations(other, testInfo, "shared-run-page");

    let generated = false;
    other.on("request", (request) => {
      if (request.url().endsWith("/api/generate")) generated = true;
    });
    await other.getByRole("link", { name: "Open in playground" }).click();
    await expect(other.getByLabel("Prompt", { exact: true })).toHaveValue("a lighthouse at dusk, shared");
    await expect(other.getByLabel("Aspect ratio", { exact: true })).toHaveValue("16:9");
    await expect(other.getByTestId("image-card")).toHaveCount(0);
    expect(generated).toBe(false);
  } finally {
    await colleague.close();
  }
});

test("sharing the same run again gives the same link; history marks and filters shared runs; Stop sharing makes it 404", async ({
  page,
  browser,
}) => {
  await fillForm(page, { prompt: "an unshared teapot" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("button", { name: "Share result" })).toBeEnabled();
  const url = await generateAndShare(page, "a shared teapot", "7 days");
  const dialog = page.getByRole("dialog", { name: "Share result" });
  await expect(dialog).toContainText("It stops working on");
  await dialog.getByRole("button", { name: "Close" }).click();

  const items = page.getByTestId("history-item");
  await expect(items).toHaveCount(2);
  const shared = items.filter({ hasText: "a shared teapot" });
  await expect(shared.getByText("Shared", { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: "an unshared teapot" }).getByText("Shared", { exact: true })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Shared only (1)" }).check();
  await expect(items).toHaveCount(1);
  await expect(items).toContainText("a shared teapot");

  // From history: the same link, not a second share.
  await shared.getByRole("button", { name: "Share run" }).click();
  await expect(dialog.getByRole("textbox", { name: "Shared link" })).toHaveValue(url);
  await expect(dialog).toContainText("Already shared from this browser");

  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    expect((await other.goto(url))?.status()).toBe(200);
    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    await expect(dialog.getByRole("status")).toContainText("Sharing stopped");
    const gone = await other.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(other.getByRole("heading", { name: "Nothing is here" })).toBeVisible();
    const image = await other.request.get(`${url.replace("/s/", "/api/shares/")}/files/image-1.png`);
    expect(image.status()).toBe(404);
  } finally {
    await colleague.close();
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  // No longer shared: nothing matches the filter until it is cleared, and the mark is gone.
  await expect(items).toHaveCount(0);
  // Unticked, the filter has nothing left to offer and goes.
  await page.getByRole("checkbox", { name: "Shared only (0)" }).click();
  await expect(page.getByRole("checkbox", { name: /Shared only/ })).toHaveCount(0);
  await expect(items).toHaveCount(2);
  await expect(items.getByText("Shared", { exact: true })).toHaveCount(0);
});

test("a shared grid shows every cell to a colleague, each openable, and is marked in history", async ({ page, browser }, testInfo) => {
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a kite {over the sea|in a storm}");
  await page.getByLabel("Models", { exact: true }).fill("demo-geometric, demo-pixel");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("3:2");
  await page.getByRole("button", { name: "Run grid" }).click();
  await expect(page.getByTestId("grid-progress")).toContainText("4 done · 0 failed · 0 to go", { timeout: 20_000 });
  const shareGrid = page.getByTestId("grid-view").getByRole("button", { name: "Share grid" });
  await expect(shareGrid).toBeEnabled();
  await shareGrid.click();
  const dialog = page.getByRole("dialog", { name: "Share grid" });
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const url = await dialog.getByRole("textbox", { name: "Shared link" }).inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("history-grid").getByText("Shared", { exact: true })).toBeVisible();

  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    expect((await other.goto(url))?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1 })).toContainText("Grid of 4 cells: a kite over the sea");
    const gridCells = other.getByTestId("grid-cell");
    await expect(gridCells).toHaveCount(4);
    for (const cell of await gridCells.all()) {
      const image = cell.getByRole("img");
      // One look at one element: the cell may put its answer's picture in place of the shared file's
      // between two separate reads, and a picture still loading has no size yet.
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) => (element.complete ? [element.naturalWidth, element.naturalHeight] : null)),
        )
        .toEqual([1024, 683]);
    }
    // Read-only: nothing here can run.
    await expect(other.getByRole("button", { name: /^Rerun/ })).toHaveCount(0);
    await expect(other.getByRole("button", { name: "Cancel all" })).toHaveCount(0);
    await other.getByRole("button", { name: "Open a kite in a storm · demo-pixel · 3:2" }).click();
    const opened = other.getByRole("region", { name: "Opened cell" });
    await expect(opened).toContainText("a kite in a storm");
    await expect(opened.getByTestId("image-size")).toHaveText("1024×683 · 1.50:1 (requested 3:2, matches)");
    await keepScreenshot(other, testInfo, "shared-grid");
    await expectNoViolations(other, testInfo, "shared-grid-page");
    await opened.getByRole("link", { name: "Open in playground" }).click();
    await expect(other.getByLabel("Prompt", { exact: true })).toHaveValue("a kite in a storm");
    await expect(other.getByLabel("Model", { exact: true })).toHaveValue("demo-pixel");
  } finally {
    await colleague.close();
  }
  // The pictures are in the server's page: they show before (and without) any script.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    expect((await plain.goto(url))?.status()).toBe(200);
    const images = plain.getByTestId("grid-cell").getByRole("img");
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([1024, 683]);
    }
  } finally {
    await noScript.close();
  }
});

test("a colleague rates and comments on a shared run under a remembered name; the owner sees it in history and can remove it", async ({
  page,
  browser,
}, testInfo) => {
  const url = await generateAndShare(page, "a heron at the weir, for feedback");
  await page.keyboard.press("Escape");
  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    await other.goto(url);
    const feedback = other.getByRole("region", { name: "Team feedback" });
    await expect(feedback).toContainText("No feedback yet");
    // Nobody but the sharer may remove comments: no Remove button here.
    await feedback.getByLabel("Your name").fill("Dana");
    await feedback.getByRole("radio", { name: "4 stars" }).check({ force: true });
    await feedback.getByLabel("Comment").fill("Lovely light. <b>Crop</b> the left edge?");
    await feedback.getByRole("button", { name: "Send feedback" }).click();
    const comments = feedback.getByTestId("feedback-comment");
    await expect(comments).toHaveCount(1);
    // Shown as text, not as markup.
    await expect(comments.first()).toContainText("Lovely light. <b>Crop</b> the left edge?");
    await expect(feedback.locator("b")).toHaveCount(0);
    await expect(feedback.getByTestId("feedback-figures")).toContainText("★ 4.0 average of 1 rating · 1 comment");
    await expect(feedback.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    // A refused one (no rating, no comment) says why and keeps the name.
    await feedback.getByRole("button", { name: "Send feedback" }).click();
    await expect(feedback.getByText("Give a rating, a comment, or both.")).toBeVisible();
    await keepScreenshot(other, testInfo, "shared-feedback");

    // The name is remembered in the colleague's browser.
    await other.reload();
    await expect(other.getByRole("region", { name: "Team feedback" }).getByLabel("Your name")).toHaveValue("Dana");
  } finally {
    await colleague.close();
  }

  // The owner: history shows the team's figures beside the shared run, once the page has focus again.
  await page.reload();
  await expect(page.getByTestId("history-item").first().getByTestId("team-feedback")).toHaveText("team ★4.0 · 1 comment");
  await page.goto(url);
  const own = page.getByRole("region", { name: "Team feedback" });
  await expect(own.getByTestId("feedback-comment")).toHaveCount(1);
  await own.getByRole("button", { name: "Remove comment by Dana" }).click();
  await expect(own.getByTestId("feedback-comment")).toHaveCount(0);
  await expect(own.getByTestId("feedback-figures")).toContainText("Not rated yet · 0 comments");
});
