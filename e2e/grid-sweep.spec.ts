import { expect, test } from "./fixtures";
import { keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** A grid's fourth axis: one extra request field swept over values, on the demo models. */

test("a seed sweep: 3 seeds × 2 models on the demo service, each cell its own picture", async ({ page }, testInfo) => {
  await openPlayground(page, E2E.alongsideUrl);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a lighthouse at dusk");
  await page.getByLabel("Models", { exact: true }).fill("demo-geometric, demo-watercolor");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1");
  await page.getByLabel("Field", { exact: true }).fill("seed");
  await page.getByLabel("Values", { exact: true }).fill("1, 2, 3");
  await expect(page.getByTestId("grid-count")).toContainText("1 prompt × 2 models × 1 ratio × 3 seed values = 6 requests");
  await page.getByLabel("Rows").selectOption({ label: "seed values" });
  await page.getByRole("button", { name: "Run grid" }).click();
  const cells = page.getByTestId("grid-cell");
  await expect(cells).toHaveCount(6);
  await expect(page.getByTestId("grid-progress")).toContainText("6 done · 0 failed · 0 to go", { timeout: 30_000 });
  // Seeds down the rows, the models across.
  const table = page.getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveText(["seed: 1", "seed: 2", "seed: 3"]);
  await expect(table.getByRole("columnheader").nth(0)).toContainText("Prompt × Model × Ratio →");
  await expect(page.getByRole("button", { name: "Open a lighthouse at dusk · demo-geometric · 1:1 · seed 2" })).toBeVisible();
  // Six distinct pictures: each seed paints its own, per model.
  const digests = await page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>("[data-testid=grid-cell] img")];
    return Promise.all(
      images.map(async (image) => {
        // The pictures' pixels, read through a canvas (blob images are the page's own, so readable).
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
        const context = canvas.getContext("2d");
        context?.drawImage(image, 0, 0);
        const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        return [...new Uint8Array(await crypto.subtle.digest("SHA-256", pixels))].map((byte) => byte.toString(16)).join("");
      }),
    );
  });
  expect(digests).toHaveLength(6);
  expect(new Set(digests).size).toBe(6);
  await keepScreenshot(page, testInfo, "grid-seed-sweep");
});

test("a field the server does not allow is refused in the grid form", async ({ page }) => {
  await openPlayground(page, E2E.alongsideUrl);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a fox");
  await page.getByLabel("Field", { exact: true }).fill("style");
  await page.getByLabel("Values", { exact: true }).fill("vivid, natural");
  await page.getByRole("button", { name: "Run grid" }).click();
  await expect(page.getByText('"style" is not allowed here. Allowed extra fields: seed, n, negative_prompt, quality.')).toBeVisible();
  await expect(page.getByTestId("grid-cell")).toHaveCount(0);
});
