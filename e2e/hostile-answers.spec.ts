import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** A service that answers with things meant to run in the page: none of them may. */

test.beforeEach(async ({ page }) => {
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __cspViolations: violations });
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await openPlayground(page, E2E.serviceUrl);
});

async function expectNothingRan(page: import("@playwright/test").Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  expect(await page.locator("[onerror], a[href^='javascript:'], iframe, object, embed").count()).toBe(0);
}

test("script-bearing URLs, SVG, HTML and a 5 MB string render as inert text", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-hostile", prompt: `hostile ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  const tree = page.getByTestId("json-tree");
  // The 5 MB answer's tree is built off the main thread; on a busy two-core machine that takes seconds.
  await expect(tree).toContainText("javascript:alert('url')", { timeout: 20_000 });
  await expect(tree).toContainText("data:text/html;base64,");
  await expect(tree).toContainText("<img src=x onerror=alert('onerror')>");
  await expect(tree).toContainText("5,242,880 chars");
  // Only the SVG is an image, shown through <img>, where its script cannot run.
  await expect(page.getByTestId("image-card")).toHaveCount(1);
  await expect(page.getByTestId("image-size")).toContainText("40×20");
  await expectNothingRan(page);
  // Still responsive: a click answers at once.
  await page.getByRole("button", { name: "Collapse" }).first().click();
  await expect(page.getByRole("button", { name: "Expand" }).first()).toBeVisible();
  await keepScreenshot(page, testInfo, "hostile-answer");
});

test("JSON nested 10,000 deep is shown without freezing the page", async ({ page }, testInfo) => {
  await fillForm(page, { model: "fake-deep", prompt: `deep ${testInfo.testId}` });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("json-tree")).toContainText("nested deeper than 100 levels");
  await page.getByRole("button", { name: "show as text" }).click();
  await expect(page.getByTestId("json-tree")).toContainText('"the bottom"');
  await expectNothingRan(page);
  await expect(page.getByLabel("Prompt", { exact: true })).toBeEditable();
});
