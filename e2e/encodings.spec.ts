import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, naturalSize, openPlayground } from "./helpers";
import { E2E } from "./servers";
import { ENCODING_CORPUS } from "../test-support/encoding-corpus";
import { largeBase64Picture } from "../test-support/fake-service/encoded-behaviours";

/** Answers in encodings and framings nobody asked for: compressed, streamed, wrapped, inside text. */

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.serviceUrl);
});

const corpusModel = (name: string) => `fake-encoding-${ENCODING_CORPUS.findIndex((entry) => entry.name === name)}`;

test("a streamed answer shows a partial image before the stream ends, then the final one", async ({ page }, testInfo) => {
  const prompt = `stream ${testInfo.testId}`;
  await fillForm(page, { model: "fake-sse-held", prompt, ratio: "16:9" });
  await page.getByRole("button", { name: "Generate" }).click();
  // The service sends its first event and holds the rest until the test lets them go: the first
  // partial picture fills the placeholder while the run goes on. Read in one go, so that what is
  // checked is one moment of the page.
  const moment = () =>
    page.evaluate(() => {
      const preview = document.querySelector<HTMLImageElement>("[data-testid=stream-preview]");
      return {
        partial: preview?.dataset.partial ?? null,
        width: preview?.complete ? preview.naturalWidth : 0,
        status: document.querySelector("[data-testid=stream-status]")?.textContent ?? "",
        placeholder: document.querySelector("[data-testid=placeholder]") !== null,
        results: document.querySelectorAll("[data-testid=image-card]").length,
      };
    });
  await expect.poll(moment).toEqual({
    partial: "true",
    width: 160,
    status: "Partial image · 1 event received, the answer is still arriving",
    placeholder: true,
    results: 0,
  });
  await keepScreenshot(page, testInfo, "stream-partial");
  expect((await page.request.post(`${E2E.fakeUrl}/__release`, { data: { prompt } })).status()).toBe(200);
  // Then the final picture, as the run's result.
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  await expect(page.getByTestId("placeholder")).toHaveCount(0);
  expect(await naturalSize(page)).toEqual({ width: 160, height: 90 });
  await expect(page.getByTestId("image-card")).toContainText("$[2].b64_json");
  // The raw view lists the events with their arrival times.
  const events = page.getByRole("table", { name: "Stream events" });
  await expect(events.getByRole("row")).toHaveCount(4);
  await expect(events).toContainText("image_generation.partial_image");
  await expect(events).toContainText("image_generation.completed");
  await expect(events.getByRole("row").nth(3)).toContainText(/\+\d+\.\d\d s/);
  await keepScreenshot(page, testInfo, "stream-final");
  // History keeps the final state and the event list, arrival times included.
  const saved = page.getByTestId("history-item").filter({ hasText: `stream ${testInfo.testId}` });
  await expect(saved).toHaveCount(1);
  await saved.getByTestId("history-prompt").click();
  await expect(page.getByTestId("saved-run-bar")).toBeVisible();
  await expect(page.getByTestId("image-card")).toContainText("$[2].b64_json");
  await expect(page.getByRole("table", { name: "Stream events" }).getByRole("row").nth(3)).toContainText(/\+\d+\.\d\d s/);
});

test("a gzip answer nobody asked for renders, and the exchange says how it travelled", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-gzip", prompt: `gzip ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  expect(await naturalSize(page)).toEqual({ width: 150, height: 100 });
  await expect(page.getByTestId("exchange")).toContainText(/gzip: [\d.]+ (B|kB) on the wire, decoded by the playground to [\d.]+ (B|kB)/);
});

test("a small body that inflates past the cap is refused as too large", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-gzip-bomb", prompt: `bomb ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("The service's answer is too large")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(`bomb ${testInfo.testId}`);
});

test("a Markdown image inside a chat answer is shown with its path and character offset", async ({ page }, testInfo) => {
  await fillForm(page, { model: corpusModel("Markdown image with a data URI in a chat completion"), prompt: `md ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("image-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("$.choices[0].message.content");
  const offset = ENCODING_CORPUS.find((entry) => entry.name.startsWith("Markdown image with a data URI"))?.images[0]?.offset ?? -1;
  await expect(page.getByTestId("image-offset")).toHaveText(`at character ${offset}`);
  expect(await naturalSize(page)).toEqual({ width: 4, height: 3 });
});

test("a serialized Buffer and hex bytes are shown as the pictures they are", async ({ page }, testInfo) => {
  for (const [name, size] of [
    ["Node's serialized Buffer {type: Buffer, data: [...]}", { width: 6, height: 4 }],
    ["lowercase hex of a PNG", { width: 4, height: 3 }],
  ] as const) {
    const prompt = `${name} ${testInfo.testId}`;
    await fillForm(page, { model: corpusModel(name), prompt });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("run-summary")).toContainText("1 image found");
    await expect(page.getByTestId("image-card")).toHaveCount(1);
    expect(await naturalSize(page), name).toEqual(size);
  }
});

test("a picture's long base64, cut in the tree, copies back whole and exact", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.serviceUrl });
  await fillForm(page, { model: "fake-large-b64", prompt: `large base64 ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  expect(await naturalSize(page)).toEqual({ width: 400, height: 300 });
  const expected = largeBase64Picture().toString("base64");
  await expect(page.getByTestId("json-tree")).toContainText(`show more (${expected.length.toLocaleString("en")} chars`);
  await page.getByTestId("json-tree").getByRole("button", { name: "copy", exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test("a large answer of byte values is read off the main thread: the picture shows, the tree names it", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-large-bytes", prompt: `large bytes ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  expect(await naturalSize(page)).toEqual({ width: 400, height: 300 });
  await expect(page.getByTestId("image-card")).toContainText("$.output.data");
  await expect(page.getByTestId("json-tree")).toContainText("(600,000 byte values: the image/png picture shown above)");
  // The page kept its own copy of the bytes: the raw size is the service's.
  await expect(page.getByText(/application\/json · 1\.\d MB/)).toBeVisible();
});
