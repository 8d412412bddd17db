import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { fakeRequests, keepScreenshot, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

/** Presenter mode at a projector's size: what a room sees, driven from the keyboard. */
test.use({ viewport: { width: 1920, height: 1080 } });

const presenter = (page: Page) => page.getByRole("main", { name: "Presenter mode" });
const promptField = (page: Page) => presenter(page).getByLabel("Prompt", { exact: true });

async function openPresenter(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/?present=1`);
  await waitForPlayground(page);
  await expect(promptField(page)).toBeVisible();
}

async function expectInspectorHidden(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "History" })).toBeHidden();
  await expect(page.getByText("Raw answer")).toBeHidden();
  await expect(page.getByText("Exchange", { exact: true })).toBeHidden();
  await expect(page.getByRole("combobox", { name: "All models" })).toBeHidden();
  await expect(page.getByRole("searchbox")).toBeHidden();
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the result fills the screen, and nothing of the inspector shows (${colorScheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(E2E.demoUrl);
    await waitForPlayground(page);
    await page.getByRole("button", { name: "Present" }).click();
    await expect(promptField(page)).toBeFocused();
    await expect(page).toHaveURL(/[?&]present=1/);
    await expectInspectorHidden(page);
    await keepScreenshot(page, testInfo, `presenter-${colorScheme}-empty`);
    await expectNoViolations(page, testInfo, `presenter-${colorScheme}-empty`);

    await presenter(page).getByText("16:9", { exact: true }).click();
    await promptField(page).fill(`a lighthouse at dusk, ${colorScheme}`);
    await promptField(page).press("Shift+Enter");
    await expect(promptField(page)).toHaveValue(`a lighthouse at dusk, ${colorScheme}\n`);
    await promptField(page).press("Enter");
    const image = presenter(page).getByTestId("presenter-image");
    await expect(image).toHaveJSProperty("complete", true);
    await expect(image).toHaveAttribute("alt", `a lighthouse at dusk, ${colorScheme}`);
    const box = await image.boundingBox();
    expect(box).not.toBeNull();
    expect(((box?.width ?? 0) * (box?.height ?? 0)) / (1920 * 1080)).toBeGreaterThanOrEqual(0.6);
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    await expect(presenter(page).getByText("demo", { exact: true })).toBeVisible();
    await expectInspectorHidden(page);
    await keepScreenshot(page, testInfo, `presenter-${colorScheme}-result`);
    await expectNoViolations(page, testInfo, `presenter-${colorScheme}-result`);

    // The keys list (from the screen: in the prompt, "?" is a character), then Esc back to the
    // playground with the presenter's request in its form.
    await presenter(page).getByRole("region", { name: "Result" }).click();
    await page.keyboard.press("f");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press("f");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(presenter(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(presenter(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/present=1/);
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(`a lighthouse at dusk, ${colorScheme}\n`);
    await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("16:9");
  });
}

test("a three-prompt script: → fills the next prompt, Enter runs it, and the place survives a reload", async ({ page }, testInfo) => {
  await openPresenter(page, E2E.demoUrl);
  await presenter(page).getByRole("button", { name: "Script…" }).click();
  const dialog = page.getByRole("dialog", { name: "Script" });
  await dialog
    .getByLabel("Prompts")
    .fill(
      "# opening\na red fox in snow | demo-geometric | 1:1\na heron at dawn | demo-watercolor | 16:9\na moth on a lamp | 9:16 | demo-pixel",
    );
  await dialog.getByRole("button", { name: "Load script" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(promptField(page)).toHaveValue("a red fox in snow");
  await expect(presenter(page).getByRole("button", { name: "Script 1 / 3" })).toBeVisible();
  await keepScreenshot(page, testInfo, "presenter-script-loaded");

  await page.keyboard.press("ArrowRight");
  await expect(promptField(page)).toHaveValue("a heron at dawn");
  await expect(presenter(page).getByRole("radio", { name: "demo-watercolor" })).toBeChecked();
  await expect(presenter(page).getByRole("radio", { name: "16:9" })).toBeChecked();
  // Stepping fills; it never runs.
  await expect(presenter(page).getByTestId("presenter-image")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(presenter(page).getByTestId("presenter-image")).toHaveAttribute("alt", "a heron at dawn");

  await page.keyboard.press("ArrowRight");
  await expect(promptField(page)).toHaveValue("a moth on a lamp");
  await expect(presenter(page).getByRole("radio", { name: "9:16" })).toBeChecked();
  await page.keyboard.press("Enter");
  await expect(presenter(page).getByTestId("presenter-image")).toHaveAttribute("alt", "a moth on a lamp");
  await expect(presenter(page).getByTestId("presenter-result-position")).toHaveText("2 / 2");
  await keepScreenshot(page, testInfo, "presenter-script-third");

  // Back one prompt: its result comes back with it.
  await page.keyboard.press("ArrowLeft");
  await expect(promptField(page)).toHaveValue("a heron at dawn");
  await expect(presenter(page).getByTestId("presenter-image")).toHaveAttribute("alt", "a heron at dawn");

  await page.reload();
  await waitForPlayground(page);
  await expect(promptField(page)).toHaveValue("a heron at dawn");
  await expect(presenter(page).getByRole("button", { name: "Script 2 / 3" })).toBeVisible();
  // The runs are in history like any other.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("history-item").filter({ hasText: "a moth on a lamp" })).toHaveCount(1);
});

test("a failing service gets one sentence, its own words one key away, and the last image stays", async ({ page }, testInfo) => {
  await openPresenter(page, E2E.serviceUrl);
  await presenter(page).getByText("fake-b64", { exact: true }).click();
  await promptField(page).fill(`a good picture ${testInfo.testId}`);
  await promptField(page).press("Enter");
  const image = presenter(page).getByTestId("presenter-image");
  await expect(image).toHaveAttribute("alt", `a good picture ${testInfo.testId}`);

  await presenter(page).getByText("fake-policy", { exact: true }).click();
  await promptField(page).fill(`a refused picture ${testInfo.testId}`);
  await promptField(page).press("Enter");
  const alert = presenter(page).getByRole("alert");
  await expect(alert.getByTestId("presenter-failure")).toHaveText("The service declined this prompt under its content policy.");
  await expect(image).toHaveAttribute("alt", `a good picture ${testInfo.testId}`);
  await expect(image).toBeVisible();
  await expect(alert).not.toContainText("http");
  await expect(alert).not.toContainText(E2E.fakeKey);
  await expect(alert.getByTestId("presenter-failure-detail")).toHaveCount(0);

  await presenter(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("d");
  await expect(alert.getByTestId("presenter-failure-detail")).toHaveText(
    "Your request was rejected by the safety system (content_policy_violation).",
  );
  await keepScreenshot(page, testInfo, "presenter-failure");
  await expectNoViolations(page, testInfo, "presenter-failure");
});

test("a presenter link opens with its script at the first prompt and runs nothing", async ({ page }, testInfo) => {
  const marker = `linked ${testInfo.testId}`;
  const script = `${marker} one | fake-b64 | 4:3\n${marker} two | fake-url`;
  await page.goto(`${E2E.serviceUrl}/?present=1&script=${encodeURIComponent(script)}`);
  await waitForPlayground(page);
  await expect(promptField(page)).toHaveValue(`${marker} one`);
  await expect(presenter(page).getByRole("radio", { name: "4:3" })).toBeChecked();
  await expect(presenter(page).getByRole("button", { name: "Script 1 / 2" })).toBeVisible();
  // The script is kept, and the address no longer carries it: a reload keeps the presenter's place.
  await expect(page).not.toHaveURL(/script=/);
  await page.waitForTimeout(1000);
  await expect(presenter(page).getByTestId("presenter-image")).toHaveCount(0);
  expect((await fakeRequests()).filter((request) => JSON.stringify(request).includes(marker))).toHaveLength(0);
});

test("with the demo service beside a real one, a failed prompt can be shown on the demo service", async ({ page }, testInfo) => {
  const prompt = `a picture the service refuses ${testInfo.testId}`;
  await openPresenter(page, E2E.alongsideUrl);
  await promptField(page).fill(prompt);
  // Enter runs from a model choice too.
  await presenter(page).getByText("fake-policy", { exact: true }).click();
  await expect(presenter(page).getByRole("radio", { name: "fake-policy" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(presenter(page).getByTestId("presenter-failure")).toHaveText("The service declined this prompt under its content policy.");
  await presenter(page).getByRole("button", { name: "Show on the demo service" }).click();
  const image = presenter(page).getByTestId("presenter-image");
  await expect(image).toHaveAttribute("alt", prompt);
  await expect(image).toHaveJSProperty("complete", true);
  await expect(presenter(page).getByText("demo", { exact: true })).toBeVisible();
  await expect(presenter(page).getByRole("alert")).toHaveCount(0);
  // The fake service saw only the refused request (once per base form it tried); the rerun went to the demo service.
  const models = (await fakeRequests()).filter((request) => request.body.includes(prompt)).map((request) => request.model);
  expect(new Set(models)).toEqual(new Set(["fake-policy"]));
  await keepScreenshot(page, testInfo, "presenter-shown-on-demo");
});
