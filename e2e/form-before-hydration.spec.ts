import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForPlayground } from "./helpers";
import { E2E } from "./servers";

/**
 * The generation form is server HTML until its code (react-hook-form) arrives after the first
 * screen. These tests hold that code back, act on the server HTML, then let it arrive.
 */

/** Holds back the script that carries react-hook-form until `release` is called. */
async function holdFormCode(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    // A name found in react-hook-form's own code.
    if (body.includes("shouldUnregister")) {
      markHeld();
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { held, release };
}

/** Opens the playground with the form's code held back: the page is interactive, the form still server HTML. */
async function openWithFormCodeHeld(page: Page): Promise<{ release: () => void }> {
  const code = await holdFormCode(page);
  // Not waiting for the load event: when the page asks for the form's code before that event has
  // fired (a loaded machine can paint and run the page's effects first), the event waits for the
  // held script, and the test would wait for the event forever.
  await page.goto(E2E.demoUrl, { waitUntil: "commit" });
  await waitForPlayground(page);
  await code.held;
  return code;
}

test("what is typed before the form's code arrives is kept, caret and focus included", async ({ page }) => {
  const code = await openWithFormCodeHeld(page);
  const prompt = page.getByLabel("Prompt", { exact: true });
  await expect(prompt).toHaveValue(/lighthouse/);
  await prompt.click();
  await prompt.press("ControlOrMeta+a");
  await prompt.pressSequentially("a fox in snow");
  await prompt.press("ArrowLeft");
  await page.getByLabel("Aspect ratio", { exact: true }).fill("4:3");
  await prompt.focus();
  await prompt.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(2, 5));

  code.release();
  // Hydrated: the counter follows the field (it still counted the server's example before).
  await expect(page.getByText("13 / 4,000")).toBeVisible();
  await expect(prompt).toHaveValue("a fox in snow");
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("4:3");
  await expect(page.getByRole("button", { name: "4:3", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(prompt).toBeFocused();
  expect(await prompt.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd])).toEqual([2, 5]);

  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("exchange")).toContainText('"prompt": "a fox in snow"');
  await expect(page.getByTestId("exchange")).toContainText('"aspect_ratio": "4:3"');
});

test("a selection made before the form's code arrives survives it, so typing replaces the selected text", async ({ page }) => {
  const code = await openWithFormCodeHeld(page);
  const prompt = page.getByLabel("Prompt", { exact: true });
  await prompt.focus();
  await prompt.press("ControlOrMeta+a");
  code.release();
  await expect(page.locator('form[data-generation-form="live"]')).toBeVisible();
  await prompt.pressSequentially("a crane over a lake");
  await expect(prompt).toHaveValue("a crane over a lake");
});

test("buttons pressed before the form's code arrives are pressed once it has, in order, once each", async ({ page }) => {
  const code = await openWithFormCodeHeld(page);
  await page.getByRole("button", { name: "16:9", exact: true }).click();
  await page.getByRole("button", { name: "Swap width and height" }).click();
  code.release();
  await expect(page.locator('form[data-generation-form="live"]')).toBeVisible();
  await expect(page.getByLabel("Aspect ratio", { exact: true })).toHaveValue("9:16");
  await expect(page.getByRole("button", { name: "9:16", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("Generate pressed before the form's code arrives runs once it has, and never leaves the page", async ({ page }) => {
  const code = await openWithFormCodeHeld(page);
  await page.getByLabel("Prompt", { exact: true }).fill("a heron at dawn");
  // Gone if the page were loaded again: a native submit would navigate to "/?model=…&prompt=…".
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  await page.getByRole("button", { name: "Generate" }).click();
  await page.getByLabel("Prompt", { exact: true }).press("ControlOrMeta+Enter");
  await expect(page.getByTestId("exchange")).toHaveCount(0);

  code.release();
  await expect(page.getByTestId("exchange")).toContainText('"prompt": "a heron at dawn"');
  expect(new URL(page.url()).search).toBe("");
  expect(await page.evaluate(() => "stillThisPage" in window)).toBe(true);
  // Held twice (a click, then Ctrl/⌘+Enter): sent once.
  await expect(page.getByTestId("history-prompt").filter({ hasText: "a heron at dawn" })).toHaveCount(1);
});

/**
 * React writes a finished Suspense boundary in place only while the page and the boundary stay
 * under 12,800 bytes of HTML; past that, the form arrives after the page around it and is revealed
 * up to 300 ms after the first frame (an empty card meanwhile). app/ui-primitives.css keeps the
 * markup small enough; this holds it there, with extra fields and prices on (the largest form).
 */
for (const [name, url] of [
  ["the demo service", () => E2E.demoUrl],
  ["a configured service with extra fields and prices", () => E2E.alongsideUrl],
] as const) {
  test(`the form is in the first HTML in place, painted with the first frame: ${name}`, async ({ request }) => {
    const html = await (await request.get(`${url()}/`)).text();
    const formAt = html.indexOf("<form data-generation-form");
    expect(formAt, "the form is in the page's HTML").toBeGreaterThan(-1);
    // A boundary sent after the page sits in a hidden <div id="S:…">, moved in by a script later.
    const firstSentLater = html.search(/<div hidden id="S:/);
    expect(firstSentLater === -1 || formAt < firstSentLater, "the form is not a boundary sent after the page around it").toBe(true);
  });
}
