import { expect, test } from "./fixtures";
import { fakeRequests, fillForm, keepScreenshot, naturalSize, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.serviceUrl);
});

test("shows a URL image from the service and the /api form it found", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-url", prompt: `url image ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 200, height: 100 });
  await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute("src", `${E2E.fakeUrl}/files/result.png`);
  await expect(page.getByRole("link", { name: "$.data[0].url" })).toBeVisible();
  await expect(page.getByTestId("service-badge")).toContainText(`${E2E.fakeUrl}/api/v1/images/generations`);
  await expect(page.getByTestId("exchange")).toContainText(`Bearer ••••${E2E.fakeKey.slice(-4)}`);
  await keepScreenshot(page, testInfo, "url-image");
});

test("shows an image the service names by a path relative to itself, resolved against the service", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-relative-url", prompt: `relative image ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 200, height: 100 });
  await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute("src", `${E2E.fakeUrl}/files/relative.png`);
  await expect(page.getByRole("link", { name: "$.data[0].url" })).toBeVisible();
  // History keeps it as a picture, with its bytes read while the link works.
  await expect(page.getByTestId("history-item").first()).toContainText("Images");
  await expect(page.getByTestId("history-item").first().getByTestId("history-thumbnail")).toHaveJSProperty("complete", true);
});

test("shows a picture its service keeps behind the key, fetched with the key by the playground, never by the browser", async ({
  page,
}, testInfo) => {
  await fillForm(page, { model: "fake-keyed-url", prompt: `keyed image ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 180, height: 120 });
  await expect(page.getByTestId("image-card").getByRole("img")).toHaveAttribute("src", /^\/api\/image\?url=/);
  // History keeps its bytes, read through the playground too.
  await expect(page.getByTestId("history-item").first().getByTestId("history-thumbnail")).toHaveJSProperty("complete", true);
  const fetches = (await fakeRequests()).filter((request) => request.path === "/keyed-files/result.png");
  // The browser's own try carried no key; every fetch with the key came from the playground's server.
  expect(fetches.some((request) => request.headers.authorization === undefined)).toBe(true);
  expect(
    fetches
      .filter((request) => request.headers.authorization !== undefined)
      .every((request) => request.headers.authorization === `Bearer ${E2E.fakeKey}`),
  ).toBe(true);

  // A picture named on another host is the browser's to load: it fails, and the key never goes there.
  await fillForm(page, { model: "fake-keyed-elsewhere", prompt: `keyed elsewhere ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card").first()).toContainText("This image did not load.");
  expect((await fakeRequests()).some((request) => request.path === "/keyed-files/elsewhere.png")).toBe(false);
});

test("shows the picture part of a multipart answer, and each part by its own type", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-multipart", prompt: `multipart ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 140, height: 70 });
  const parts = page.getByRole("list", { name: "Parts of the answer" }).getByRole("listitem");
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText('"seed": 7');
  await expect(parts.nth(1)).toContainText("image/png");
  await expect(parts.nth(1)).toContainText("a picture, shown above");
});

test("shows a TIFF and a HEIC converted by the server, says so, and downloads the original", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-tiff", prompt: `tiff ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  // The picture gets its source once the server's conversion is back: its size shows when it has loaded.
  await expect(page.getByTestId("image-size")).toContainText("150×100");
  await expect(page.getByTestId("image-card")).toContainText("TIFF, shown converted; Download keeps the original");
  const download = page.waitForEvent("download");
  await page.getByTestId("image-card").getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.tiff$/);
  // History's thumbnail is drawn from the conversion too.
  await expect(page.getByTestId("history-item").first().getByTestId("history-thumbnail")).toHaveJSProperty("complete", true);

  // A phone's HEIC (HEVC-coded) likewise.
  await fillForm(page, { model: "fake-heic", prompt: `heic ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-size")).toContainText("96×64");
  await expect(page.getByTestId("image-card")).toContainText("HEIC, shown converted; Download keeps the original");
});

test("shows the pictures of a zip answer, and lists the archive's files", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-zip", prompt: `zip ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(3);
  await expect(page.getByTestId("run-summary")).toContainText("3 images found");
  await expect(page.getByTestId("image-size").first()).toContainText("120×90");
  await expect(page.getByRole("link", { name: "(archive) outputs/1.png" })).toBeVisible();
  const files = page.getByRole("list", { name: "Files in the archive" }).getByRole("listitem");
  await expect(files).toHaveCount(4);
  await expect(files.nth(3)).toContainText(/manifest\.json.*not a picture/);
  await expect(page.getByTestId("history-item").first()).toContainText("Images");
  await keepScreenshot(page, testInfo, "zip-answer");
});

test("shows a picture carried as bare base64 inside an XML answer, and none from XML whose base64 is not a picture", async ({
  page,
}, testInfo) => {
  await fillForm(page, { model: "fake-xml", prompt: `xml image ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 120, height: 80 });
  await expect(page.getByTestId("run-summary")).toContainText("1 image found");
  await fillForm(page, { model: "fake-xml-not-image", prompt: `xml token ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("run-summary")).toContainText("0 images found");
  await expect(page.getByRole("status").filter({ hasText: "no image was found in its answer" })).toBeVisible();
});

test("shows a base64 image from the service", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-b64", prompt: `b64 image ${testInfo.testId}`, ratio: "16:9" });
  await page.getByRole("button", { name: "Generate" }).click();
  expect(await naturalSize(page)).toEqual({ width: 160, height: 90 });
  await expect(page.getByTestId("image-size")).toContainText("matches");
  const sent = (await fakeRequests()).filter((request) => request.body.includes(testInfo.testId));
  expect(sent.at(-1)?.headers.authorization).toBe(`Bearer ${E2E.fakeKey}`);
  await keepScreenshot(page, testInfo, "base64-image");
});

test("shows the service's error verbatim with its plain-words class", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-policy", prompt: `blocked ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Blocked by content policy" })).toBeVisible();
  await expect(page.getByTestId("service-message")).toHaveText(
    "Your request was rejected by the safety system (content_policy_violation).",
  );
  await expect(page.getByTestId("run-summary")).toContainText("400");
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(`blocked ${testInfo.testId}`);
  await keepScreenshot(page, testInfo, "service-error");
});

test("Cancel closes the request to the service and keeps the form", async ({ page }, testInfo) => {
  const prompt = `hang ${testInfo.testId}`;
  await fillForm(page, { model: "fake-hang", prompt, ratio: "3:2" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("elapsed")).toBeVisible();
  const placeholder = await page.getByTestId("placeholder").boundingBox();
  expect(placeholder && Math.abs(placeholder.width / placeholder.height - 1.5)).toBeLessThan(0.02);
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await keepScreenshot(page, testInfo, "running");
  await expect.poll(async () => (await fakeRequests()).some((request) => request.body.includes(prompt))).toBe(true);

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(/Cancelled after/)).toBeVisible();
  await expect
    .poll(async () => (await fakeRequests()).find((request) => request.body.includes(prompt))?.closedEarly, { timeout: 10_000 })
    .toBe(true);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
  await expect(page.getByRole("button", { name: "Generate" })).toBeEnabled();
});

test("Esc cancels a running generation", async ({ page }, testInfo) => {
  const prompt = `esc ${testInfo.testId}`;
  await fillForm(page, { model: "fake-hang", prompt });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("elapsed")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText(/Cancelled after/)).toBeVisible();
});

test("the service key reaches the browser in no page and no answer, even when the service echoes it", async ({ page }, testInfo) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => bodies.push(response.text().catch(() => "")));
  await page.reload();
  await waitForPlayground(page);
  await fillForm(page, { model: "fake-echo-key", prompt: `echo ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("service-message")).toHaveText("Key rejected: Bearer [redacted key]");
  await expect(page.getByRole("alert").filter({ hasText: "Bad or missing API key" })).toBeVisible();
  const everything = (await Promise.all(bodies)).join("\n") + (await page.content());
  expect(bodies.length).toBeGreaterThan(3);
  expect(everything).not.toContain(E2E.fakeKey);
});

test("a URL with nothing saying it is an image is tried, and shown when it loads as one", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-unlabelled-url", prompt: `unlabelled ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "$.foo.bar", exact: true })).toBeVisible();
  await expect(page.getByTestId("image-size")).toContainText("200×100");
  await expect(page.getByRole("link", { name: "$.homepage", exact: true })).toHaveCount(0);
});
