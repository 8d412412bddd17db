import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, naturalSize, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

const items = (page: Page) => page.getByTestId("history-item");

// These are journeys (several generations, reloads, exports) on a small machine running two workers.
test.describe.configure({ timeout: 60_000 });

/** Runs one generation and waits until it is on screen and saved in history. */
async function runAndSave(page: Page, fields: { model?: string; prompt: string; ratio?: string }, savedCount: number): Promise<void> {
  await fillForm(page, fields);
  await page.getByRole("button", { name: "Generate" }).click();
  // The demo service's answer comes first (seconds, while other specs run beside this one), then the record.
  await expect(items(page)).toHaveCount(savedCount, { timeout: 15_000 });
  await expect(items(page).first().getByTestId("history-prompt")).toHaveText(fields.prompt);
}

async function thumbnailsLoaded(page: Page): Promise<number[]> {
  const thumbnails = page.getByTestId("history-thumbnail");
  for (const thumbnail of await thumbnails.all()) await expect(thumbnail).toHaveJSProperty("complete", true);
  return thumbnails.evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.naturalWidth));
}

const FIRST = { model: "demo-geometric", prompt: "a red fox in snow", ratio: "16:9" };
const SECOND = { model: "demo-watercolor", prompt: "a small red fox in deep snow at dusk", ratio: "1:1" };

test("runs survive a reload, and a saved run restores the form and its result, and reruns as a new entry", async ({ page }, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await expect(page.getByText("Every run you make is kept here")).toBeVisible();
  await runAndSave(page, FIRST, 1);
  await runAndSave(page, SECOND, 2);

  await page.reload();
  await waitForPlayground(page);
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).getByTestId("history-prompt")).toHaveText([SECOND.prompt, FIRST.prompt]);
  const widths = await thumbnailsLoaded(page);
  expect(widths).toHaveLength(2);
  for (const width of widths) expect(width).toBeGreaterThan(0);
  await expect(page.getByTestId("history-usage")).toContainText("2 runs");
  await keepScreenshot(page, testInfo, "history-after-reload");

  // Opening a saved run needs neither the playground's routes nor the service.
  await page.route("**/api/**", (route) => route.abort());
  await items(page).nth(1).getByTestId("history-prompt").click();
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue(FIRST.model);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(FIRST.prompt);
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue(FIRST.ratio);
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByTestId("saved-run-bar")).toContainText("Saved run");
  expect(await naturalSize(page)).toEqual({ width: 1024, height: 576 });
  await expect(page.getByText('"b64_json"').first()).toBeVisible();
  await keepScreenshot(page, testInfo, "history-restored");
  await page.unroute("**/api/**");

  await page.getByTestId("saved-run-bar").getByRole("button", { name: "Rerun" }).click();
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).first().getByTestId("history-prompt")).toHaveText(FIRST.prompt);
  await expect(page.getByTestId("saved-run-bar")).toHaveCount(0);
  expect(await naturalSize(page)).toEqual({ width: 1024, height: 576 });
});

test("search and filters narrow the list; compare shows runs side by side at one scale with the changed words marked", async ({
  page,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  await runAndSave(page, SECOND, 2);

  await page.getByLabel("Search prompts").fill("DUSK fox");
  await expect(items(page)).toHaveCount(1);
  await page.getByLabel("Search prompts").fill("");
  await page.getByLabel("Filter by ratio").selectOption("16:9");
  await expect(items(page).getByTestId("history-prompt")).toHaveText([FIRST.prompt]);
  await page.getByLabel("Filter by ratio").selectOption("");
  await expect(items(page)).toHaveCount(2);

  await page.getByRole("checkbox", { name: `Select run: ${FIRST.prompt}` }).check();
  await expect(page.getByRole("button", { name: /^Compare/ })).toBeDisabled();
  await page.getByRole("checkbox", { name: `Select run: ${SECOND.prompt}` }).check();
  await page.getByRole("button", { name: "Compare (2)" }).click();

  const dialog = page.getByRole("dialog", { name: "Compare runs" });
  const columns = dialog.getByTestId("compare-column");
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText(FIRST.model);
  await expect(columns.nth(1)).toContainText(SECOND.model);
  await expect(columns.nth(0).locator("mark")).toHaveText([]);
  await expect(columns.nth(1).locator("mark")).toHaveText(["small", "deep", "at", "dusk"]);
  const images = dialog.getByTestId("compare-image");
  await expect(images).toHaveCount(2);
  // One scale for both: the 1024×576 and the 1024×1024 image are drawn equally wide.
  const sizes = await images.evaluateAll((elements: HTMLImageElement[]) => elements.map((image) => [image.width, image.height]));
  expect(sizes[0]?.[0]).toBe(sizes[1]?.[0]);
  expect(sizes[0]?.[1]).toBe(Math.round(((sizes[1]?.[1] ?? 0) * 576) / 1024));
  await keepScreenshot(page, testInfo, "history-compare");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
});

test("export, then import into a fresh browser, restores the runs with their images; bad files change nothing", async ({
  page,
  browser,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  await runAndSave(page, SECOND, 2);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all" }).click();
  const archivePath = testInfo.outputPath("history.zip");
  await (await downloading).saveAs(archivePath);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await openPlayground(other, E2E.demoUrl);
    await expect(items(other)).toHaveCount(0);
    await other.getByLabel("Import a history zip").setInputFiles(archivePath);
    await expect(items(other)).toHaveCount(2);
    await expect(other.getByTestId("history-notice")).toContainText("Imported 2 runs");
    await expect(items(other).getByTestId("history-prompt")).toHaveText([SECOND.prompt, FIRST.prompt]);
    for (const width of await thumbnailsLoaded(other)) expect(width).toBeGreaterThan(0);
    await items(other).nth(1).getByTestId("history-prompt").click();
    expect(await naturalSize(other)).toEqual({ width: 1024, height: 576 });

    await other.getByLabel("Import a history zip").setInputFiles(archivePath);
    await expect(other.getByTestId("history-notice").last()).toContainText("2 were already in history");
    await other
      .getByLabel("Import a history zip")
      .setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not an archive") });
    await expect(other.getByRole("alert").filter({ hasText: "Nothing was imported from notes.zip" })).toContainText(
      "This file is not a zip archive. History is unchanged.",
    );
    await expect(items(other)).toHaveCount(2);
    await keepScreenshot(other, testInfo, "history-imported");
  } finally {
    await fresh.close();
  }
});

test("an export re-packed by another zip tool (deflated) imports with its images", async ({ page, browser }, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all" }).click();
  const exported = testInfo.outputPath("history.zip");
  await (await downloading).saveAs(exported);
  // What someone does after unpacking an export to look at it: zip the files again, deflated.
  const repacked = testInfo.outputPath("repacked.zip");
  execFileSync("python3", [
    "-c",
    "import zipfile,sys\nsrc=zipfile.ZipFile(sys.argv[1])\nwith zipfile.ZipFile(sys.argv[2],'w',zipfile.ZIP_DEFLATED) as out:\n  [out.writestr(i.filename, src.read(i)) for i in src.infolist()]",
    exported,
    repacked,
  ]);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await openPlayground(other, E2E.demoUrl);
    await other.getByLabel("Import a history zip").setInputFiles(repacked);
    await expect(items(other)).toHaveCount(1);
    await expect(other.getByTestId("history-notice")).toContainText("Imported 1 run");
    await items(other).first().getByTestId("history-prompt").click();
    expect(await naturalSize(other)).toEqual({ width: 1024, height: 576 });
  } finally {
    await fresh.close();
  }
});

test("once used online, the page and its saved runs open with no network at all", async ({ page, context }) => {
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // From this visit on, the offline shell serves the page and keeps what it loads.
  await page.reload();
  await waitForPlayground(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await items(page).first().getByTestId("history-prompt").click();
  expect(await naturalSize(page)).toEqual({ width: 1024, height: 576 });

  await context.setOffline(true);
  try {
    await page.reload();
    await waitForPlayground(page);
    await expect(items(page)).toHaveCount(1);
    await items(page).first().getByTestId("history-prompt").click();
    expect(await naturalSize(page)).toEqual({ width: 1024, height: 576 });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "could not be reached" })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test("clear all asks first, and then empties history", async ({ page }) => {
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.getByRole("dialog", { name: "Clear all history?" }).getByRole("button", { name: "Keep" }).click();
  await expect(items(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.getByRole("dialog", { name: "Clear all history?" }).getByRole("button", { name: "Delete all runs" }).click();
  await expect(items(page)).toHaveCount(0);
  await page.reload();
  await waitForPlayground(page);
  await expect(page.getByText("Every run you make is kept here")).toBeVisible();
});

test("on a narrow screen the result comes right after the form, and history after the result", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page, E2E.demoUrl);
  await runAndSave(page, FIRST, 1);
  const top = async (name: string) => (await page.getByRole("region", { name }).boundingBox())?.y ?? Number.NaN;
  const [request, result, history] = [await top("Request"), await top("Result"), await top("History")];
  expect(request).toBeLessThan(result);
  expect(result).toBeLessThan(history);
  // The page's order is the reading order too: Tab reaches the result's controls before history's.
  const order = await page.evaluate(() => {
    const result = document.querySelector('section[aria-label="Result"]');
    const history = document.getElementById("history-heading");
    return result && history ? result.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();
  await keepScreenshot(page, testInfo, "history-narrow");
});

test("saved prompts persist and insert at the caret", async ({ page }) => {
  await openPlayground(page, E2E.demoUrl);
  await fillForm(page, { prompt: "soft morning light, 35mm film" });
  await page.getByText("Prompt library").click();
  await page.getByLabel("Name for the current prompt").fill("Film look");
  await page.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("list", { name: "Saved prompts" })).toContainText("Film look");

  await page.reload();
  await waitForPlayground(page);
  await fillForm(page, { prompt: "a harbour, " });
  await page.getByText("Prompt library").click();
  await page.getByRole("button", { name: "Insert Film look" }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("a harbour, soft morning light, 35mm film");
});

test("generation goes on when the browser refuses storage, and the page says runs are not kept", async ({ page }) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
  });
  await openPlayground(page, E2E.demoUrl);
  await expect(page.getByRole("alert").filter({ hasText: "does not allow saving" })).toContainText("Generation still works");
  await fillForm(page, { prompt: "a lighthouse", ratio: "1:1" });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 1024, height: 1024 });
});

test.describe("against a service with URL images", () => {
  test.beforeEach(async ({ page }) => {
    await openPlayground(page, E2E.serviceUrl);
  });

  test("keeps a remote image's bytes when the host allows it, and warns when it does not", async ({ page }) => {
    await runAndSave(page, { model: "fake-url", prompt: "readable remote image" }, 1);
    await runAndSave(page, { model: "fake-url-closed", prompt: "closed remote image" }, 2);

    // The image host is gone: the saved bytes still show.
    await page.route(`${E2E.fakeUrl}/files/**`, (route) => route.abort());
    await items(page).nth(1).getByTestId("history-prompt").click();
    await expect(page.getByTestId("saved-run-bar")).not.toContainText("kept only as a link");
    await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute("src", /^blob:/);
    expect(await naturalSize(page)).toEqual({ width: 200, height: 100 });

    await items(page).nth(0).getByTestId("history-prompt").click();
    await expect(page.getByTestId("saved-run-bar")).toContainText("1 image is kept only as a link");
    await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute(
      "src",
      `${E2E.fakeUrl.replace("127.0.0.1", "localhost")}/closed-files/result.png`,
    );
  });

  test("past the cap the oldest unstarred runs go, starred ones stay, and the page says so", async ({ page }) => {
    await runAndSave(page, { model: "fake-b64", prompt: "run 1 (starred)" }, 1);
    await items(page).first().getByRole("button", { name: "Star run" }).click();
    await expect(items(page).first().getByRole("button", { name: "Unstar run" })).toBeVisible();
    for (let index = 2; index <= E2E.historyMaxRuns; index++) await runAndSave(page, { model: "fake-b64", prompt: `run ${index}` }, index);
    await expect(page.getByTestId("history-notice")).toHaveCount(0);
    await runAndSave(page, { model: "fake-b64", prompt: "one too many" }, E2E.historyMaxRuns);
    await expect(page.getByTestId("history-notice")).toContainText(`History keeps at most ${E2E.historyMaxRuns} runs`);
    await expect(items(page).getByTestId("history-prompt")).toHaveText(["one too many", "run 4", "run 3", "run 1 (starred)"]);
  });
});
