import { expect, test } from "./fixtures";
import { fakeRequests, fillForm, keepScreenshot, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

/** Extra request fields, on the playground that allows seed, n, negative_prompt and quality. */

test.beforeEach(async ({ page }) => {
  await openPlayground(page, E2E.alongsideUrl);
});

const lastBodyFor = async (prompt: string) =>
  JSON.parse((await fakeRequests()).findLast((request) => request.body.includes(prompt))?.body ?? "{}") as Record<string, unknown>;

test("a seed set in its quick row is sent, shown in the exchange, and kept by history", async ({ page }, testInfo) => {
  const prompt = `seeded ${testInfo.testId}`;
  await fillForm(page, { model: "fake-b64", prompt });
  await page.getByText("Extra request fields").click();
  await page.getByRole("group", { name: "Allowed extra fields" }).getByRole("textbox", { name: "seed" }).fill("42");
  await expect(page.getByLabel("Extra fields", { exact: true })).toHaveValue('{\n  "seed": 42\n}');
  await keepScreenshot(page, testInfo, "extra-fields");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  expect(await lastBodyFor(prompt)).toEqual({ model: "fake-b64", prompt, aspect_ratio: "1:1", seed: 42 });
  await expect(page.getByTestId("exchange")).toContainText('"seed": 42');
  // Reopened from history, the form gets the seed back.
  await page.getByLabel("Extra fields", { exact: true }).fill("");
  await page.getByTestId("history-item").filter({ hasText: prompt }).getByTestId("history-prompt").click();
  await expect(page.getByLabel("Extra fields", { exact: true })).toHaveValue('{\n  "seed": 42\n}');
});

test("a field outside the allow-list is refused in the form with the list, and nothing is sent", async ({ page }, testInfo) => {
  const prompt = `refused ${testInfo.testId}`;
  await fillForm(page, { model: "fake-b64", prompt });
  await page.getByText("Extra request fields").click();
  await page.getByLabel("Extra fields", { exact: true }).fill('{"style": "vivid"}');
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not allowed here" })).toContainText(
    '"style" is not allowed here. Allowed extra fields: seed, n, negative_prompt, quality.',
  );
  await expect(page.getByLabel("Extra fields", { exact: true })).toBeFocused();
  expect((await fakeRequests()).some((request) => request.body.includes(prompt))).toBe(false);
});

test("a copied link carries extra fields only when asked to", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByText("Extra request fields").click();
  await page.getByLabel("Extra fields", { exact: true }).fill('{"seed": 7}');
  await page.getByRole("button", { name: "Copy link" }).click();
  const plain = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(plain).searchParams.has("extra")).toBe(false);
  await page.getByLabel("Include extra fields").check();
  await page.getByRole("button", { name: "Copy link" }).click();
  const withExtra = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(new URL(withExtra).searchParams.get("extra") ?? "")).toEqual({ seed: 7 });
  await page.goto(withExtra);
  await waitForPlayground(page);
  // The link fills the form with the fields as they were typed.
  await expect(page.getByLabel("Extra fields", { exact: true })).toHaveValue('{"seed": 7}');
});
