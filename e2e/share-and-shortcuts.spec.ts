import { expect, test } from "./fixtures";
import { fillForm, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

/** Share links fill the form without running; requests copy as cURL/fetch; keyboard shortcuts. */

const sharedQuery = "?model=demo-pixel&prompt=a+blue+whale+at+night&ratio=9%3A16";

test("a share link fills the form and never runs by itself", async ({ page }) => {
  const generations: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/generate")) generations.push(request.url());
  });
  await openPlayground(page, `${E2E.demoUrl}/${sharedQuery}`);
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("demo-pixel");
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("a blue whale at night");
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("9:16");
  await page.waitForTimeout(500);
  await expect(page.getByText("Your images will appear here")).toBeVisible();
  expect(generations).toEqual([]);
});

test("Copy link carries exactly the form's model, prompt and ratio", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.demoUrl });
  await openPlayground(page, E2E.demoUrl);
  await fillForm(page, { model: "demo-watercolor", prompt: "fog & lanterns = calm", ratio: "3:2" });
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${E2E.demoUrl}/?model=demo-watercolor&prompt=fog+%26+lanterns+%3D+calm&ratio=3%3A2`);
});

test("a shared link survives the sign-in page", async ({ page }) => {
  await page.goto(`${E2E.securedUrl}/${sharedQuery}`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel("Password").fill(E2E.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPlayground(page);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("a blue whale at night");
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("9:16");
});

test("the request copies as cURL and as fetch, with the key as $IMAGE_API_KEY", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.demoUrl });
  await openPlayground(page, E2E.demoUrl);
  await fillForm(page, { prompt: "it's a fox" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-size")).toBeVisible();
  await page.getByRole("button", { name: "Copy as cURL" }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl 'http:\/\/127\.0\.0\.1:\d+\/v1\/images\/generations' \\\n/);
  expect(curl).toContain('-H "Authorization: Bearer $IMAGE_API_KEY"');
  expect(curl).toContain(`--data-raw '{"model":"demo-geometric","prompt":"it'\\''s a fox","aspect_ratio":"1:1"}'`);
  await page.getByRole("button", { name: "Copy as fetch" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("process.env.IMAGE_API_KEY");
});

test("'/' goes to the prompt while the form's code is still arriving, and the ratio pressed meanwhile is kept", async ({ page }) => {
  // Every script the first screen's HTML does not name (the form's code among them) arrives late.
  const html = await (await page.request.get(E2E.demoUrl)).text();
  const firstScreen = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+\.js/g)].map((found) => found[0]));
  await page.route("**/_next/static/chunks/**/*.js", async (route) => {
    if (!firstScreen.has(new URL(route.request().url()).pathname)) await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await openPlayground(page, E2E.demoUrl);
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await page.keyboard.press("/");
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("16:9", { timeout: 10_000 });
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Prompt", { exact: true })).not.toHaveValue(/\/$/);
});

test("'/' goes to the prompt and '?' lists the shortcuts", async ({ page }) => {
  await openPlayground(page, E2E.demoUrl);
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await page.keyboard.press("/");
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Prompt", { exact: true })).not.toHaveValue(/\/$/);
  await page.getByRole("button", { name: "4:3", exact: true }).focus();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toContainText("Go to the prompt");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
