import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, naturalSize, openPlayground } from "./helpers";
import { E2E } from "./servers";

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.demoUrl);
});

test("says it runs on the demo service and starts ready to generate", async ({ page }) => {
  await expect(page.getByTestId("service-badge")).toContainText("Demo service");
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("demo-geometric");
  await expect(page.getByLabel("Prompt", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("1:1");
});

test("generates a 16:9 image of the prompt on the demo service", async ({ page }, testInfo) => {
  await fillForm(page, { prompt: "a red fox in snow" });
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("16:9");
  await page.getByRole("button", { name: "Generate" }).click();

  await expect(page.getByTestId("image-size")).toContainText("1024×576 · 16:9 (requested 16:9, matches)");
  expect(await naturalSize(page)).toEqual({ width: 1024, height: 576 });
  await expect(page.getByRole("link", { name: "$.data[0].b64_json" })).toBeVisible();
  // Base64 is shown through a Blob URL, never as a giant attribute.
  await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute("src", /^blob:/);
  await expect(page.getByTestId("exchange")).toContainText("Bearer ••••");
  await expect(page.getByTestId("exchange")).toContainText('"prompt": "a red fox in snow"');
  await keepScreenshot(page, testInfo, "demo-image");
});

test("Ctrl+Enter generates from the prompt field", async ({ page }) => {
  await fillForm(page, { prompt: "a blue whale at night", ratio: "9:16" });
  await page.getByLabel("Prompt", { exact: true }).press("Control+Enter");
  expect(await naturalSize(page)).toEqual({ width: 576, height: 1024 });
});

test("the swap button turns the ratio around and the preview follows", async ({ page }) => {
  await fillForm(page, { ratio: "21:9" });
  const preview = page.getByTestId("ratio-preview");
  // The preview animates to its new shape: wait for it to settle at the ratio.
  const shape = async () => {
    const box = await preview.boundingBox();
    return box ? Number((box.width / box.height).toFixed(1)) : 0;
  };
  await expect.poll(shape).toBe(2.3);
  await page.getByRole("button", { name: "Swap width and height" }).click();
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("9:21");
  await expect(page.getByRole("button", { name: "21:9", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(shape).toBe(0.4);
});

test("explains bad input next to the field and keeps what was typed", async ({ page }, testInfo) => {
  const ratio = page.getByLabel("Aspect ratio", { exact: true });
  const cases: [string, string][] = [
    ["16x9", "Use a colon between width and height, e.g. 16:9."],
    ["16:", "Give both a width and a height, e.g. 16:9."],
    ["0:1", "Width and height must be positive whole numbers (at least 1), e.g. 16:9."],
  ];
  for (const [typed, message] of cases) {
    await ratio.fill(typed);
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(ratio).toBeFocused();
    await expect(ratio).toHaveAttribute("aria-invalid", "true");
  }
  await ratio.fill(" 16 : 9 ");
  await expect(page.getByText("Will be sent as 16:9.")).toBeVisible();
  await expect(ratio).not.toHaveAttribute("aria-invalid", "true");

  await fillForm(page, { prompt: "   ", model: "my-model" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Enter a prompt.")).toBeVisible();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("my-model");
  await expect(ratio).toHaveValue(" 16 : 9 ");
  await expect(page.getByText("Your images will appear here")).toBeVisible();
  await keepScreenshot(page, testInfo, "validation");
});

test("an unknown model is answered by the service and shown in plain words", async ({ page }) => {
  await fillForm(page, { model: "dall-e-9" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unknown model" })).toBeVisible();
  await expect(page.getByTestId("service-message")).toHaveText(
    "The model 'dall-e-9' does not exist. Demo models: demo-geometric, demo-watercolor, demo-pixel.",
  );
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("dall-e-9");
});
