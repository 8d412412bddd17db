import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** The gallery and the raw tree: full screen, zip, clipboard, and jumping between an image and its node. */

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.serviceUrl });
  await openPlayground(page, E2E.serviceUrl);
  await fillForm(page, { model: "fake-gallery", prompt: `gallery ${test.info().testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(3);
  await expect(page.getByTestId("image-size")).toHaveCount(3);
});

test("a full-screen view moves with the arrow keys and closes with Esc", async ({ page }, testInfo) => {
  await page.getByTestId("image-card").nth(1).getByRole("button", { name: "Full screen" }).click();
  const viewer = page.getByRole("dialog");
  await expect(page.getByTestId("viewer-caption")).toHaveText("2 / 3 · $.data[1].b64_json");
  await keepScreenshot(page, testInfo, "full-screen");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("viewer-caption")).toHaveText("3 / 3 · $.data[2].b64_json");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("viewer-caption")).toHaveText("1 / 3 · $.data[0].url");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("viewer-caption")).toHaveText("3 / 3 · $.data[2].b64_json");
  await expect(viewer.getByRole("img")).toHaveJSProperty("naturalWidth", 60);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
});

test("downloads every image as one zip with an index", async ({ page }) => {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download all (3) as zip" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("images.zip");
  const zip = readFileSync(await file.path()).toString("latin1");
  expect(zip.startsWith("PK\u0003\u0004")).toBe(true);
  for (const name of ["image-1.png", "image-2.png", "image-3.png", "images.tsv"]) expect(zip).toContain(name);
  await expect(page.getByText("Saved 3 images.")).toBeVisible();
});

test("copies an image and a node's path to the clipboard", async ({ page }) => {
  await page.getByTestId("image-card").nth(1).getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Image copied.")).toBeVisible();
  const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => item.types));
  expect(types).toContain("image/png");

  await page.getByRole("button", { name: "Copy the path $.data[1].b64_json" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("$.data[1].b64_json");
});

test("jumps from an image to its node in the raw answer and back", async ({ page }) => {
  await expect(page.getByTestId("json-tree")).toBeVisible();
  await page.getByRole("link", { name: "$.data[2].b64_json" }).click();
  await expect(page.locator(".json-node-target")).toContainText('"b64_json"');
  await expect(page.locator(".json-node-target")).toBeInViewport();
  await page.getByRole("button", { name: "image 3 ↑" }).click();
  await expect(page.getByTestId("image-card").nth(2)).toHaveClass(/json-node-target/);
  await expect(page.getByTestId("image-card").nth(2)).toBeInViewport();
});
