import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { fakeRequests, fillForm, keepScreenshot, openPlayground, waitForPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E, E2E_DATA_DIR } from "./servers";
import { seededDataFolder } from "./embedded-template";

/** A budget of two images a day, what the page says when it is used, and the Usage page where an admin raises it. */

const BUDGETED_DATA = join(E2E_DATA_DIR, "budgeted");
let instance: Instance | null = null;

test.afterEach(async () => {
  await instance?.stop();
  instance = null;
});

test("a used budget refuses before the service is called; the Usage page shows who spent what and raises the cap", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  rmSync(BUDGETED_DATA, { recursive: true, force: true });
  instance = await startInstance("budgeted", E2E.budgetedPort, {
    IMAGE_API_BASE_URL: E2E.fakeUrl,
    IMAGE_API_KEY: E2E.fakeKey,
    IMAGE_MODELS: "fake-b64",
    IMAGE_PRICES: E2E.prices,
    PLAYGROUND_BUDGET_IMAGES_PER_DAY: "2",
    PLAYGROUND_DATA_DIR: seededDataFolder(BUDGETED_DATA),
  });
  const prompt = `budgeted fox ${Date.now()}`;
  // The fake answers on the /api base form; the first call also tries the host form (see service-url.ts).
  const reached = async () =>
    (await fakeRequests()).filter((request) => request.path === "/api/v1/images/generations" && request.body.includes(prompt)).length;

  await openPlayground(page, instance.url);
  const meter = page.getByTestId("budget-left");
  await expect(meter).toHaveText("2 of 2 images left today");
  await fillForm(page, { model: "fake-b64", prompt, ratio: "16:9" });
  for (let run = 1; run <= 2; run++) {
    await page.getByRole("button", { name: "Generate" }).click();
    // The first waits for the budget's database, which a fresh instance is still opening.
    await expect(page.getByTestId("image-card").first().getByRole("img")).toBeVisible({ timeout: 30_000 });
    await expect.poll(reached).toBe(run);
  }
  // Near Generate: what is left, a warning once 80 % is used.
  await expect(meter).toHaveText("⚠ 0 of 2 images left today (budget nearly used)");
  await page.getByRole("button", { name: "Generate" }).click();
  const banner = page.getByRole("alert").filter({ hasText: "Budget used" });
  await expect(banner).toContainText("Your budget of 2 images a day is used (2 so far today)");
  await expect(banner).toContainText(/It renews at \d{4}-\d\d-\d\d 00:00 UTC \(in (\d+ min|\d+ h \d+ min)\)/);
  expect(await reached()).toBe(2);
  // What was typed stays.
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
  await keepScreenshot(page, testInfo, "budget-used");

  await banner.getByRole("link", { name: "See your usage and budget" }).click();
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  const people = page.getByRole("table", { name: "Usage by person" });
  await expect(people.getByRole("row", { name: /You/ })).toContainText(/You\s*2\s*2\s*0\s*0\.08 USD/);
  await expect(page.getByRole("table", { name: "Usage by model" }).getByRole("row", { name: /fake-b64/ })).toContainText("0.08 USD");
  await expect(page.getByRole("img", { name: /Estimated cost per day, by model: 0\.08 USD over \d+ days?, 1 model/ })).toBeVisible();
  const budgets = page.getByRole("region", { name: "Budgets" });
  await expect(budgets).toContainText("2 images of 2 images");
  await keepScreenshot(page, testInfo, "usage");

  // The admin (open mode: the one person) raises the day's cap for this person.
  await budgets.getByLabel("Images a day").fill("3");
  await budgets.getByRole("button", { name: "Save caps for You" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Budget saved" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Budgets" })).toContainText("2 images of 3 images");
  const audit = page.getByRole("table", { name: "Audit log" });
  await expect(audit.getByRole("row").filter({ hasText: "budget-change" })).toContainText("You (you): configured caps → images/day 3");

  const csv = await page.request.get(`${instance.url}/api/usage/export?table=people`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toBe("person,requests,images,failures,estimated_cost,currency\r\nYou (you),2,2,0,0.0800,USD\r\n");

  await page.getByRole("link", { name: "Back to the playground" }).click();
  await waitForPlayground(page);
  await expect(meter).toHaveText("1 of 3 images left today");
  await fillForm(page, { model: "fake-b64", prompt, ratio: "16:9" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("image-card").first().getByRole("img")).toBeVisible();
  await expect.poll(reached).toBe(3);
});
