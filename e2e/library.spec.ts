import { mkdtempSync, readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";
import { seedHistoryInPage } from "../test-support/seed-history";
import { seededDataFolder } from "./embedded-template";

/**
 * The library on the server: a person's runs follow them from one browser to another (two browser
 * contexts are two devices of the same person: in an open playground everyone is "you"), changes
 * made while the library is unreachable are sent when it is back, and the runs a browser had
 * before the library are offered for upload, resumable and never doubled.
 */

let instance: Instance;
const items = (page: Page) => page.getByTestId("history-item");
/** Seen on the other device within this long (the figure), with the run's own time on top. */
const SYNC_MS = 2000;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  instance = await startInstance("library", E2E.libraryPort, {
    PLAYGROUND_DATA_DIR: seededDataFolder(mkdtempSync(join(tmpdir(), "playground-library-e2e-"))),
    PLAYGROUND_LIBRARY: "on",
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000",
  });
});
test.afterAll(async () => instance?.stop());

async function device(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await openPlayground(page, instance.url);
  // Ready once this device has read the feed (the first request to a fresh server opens its database).
  await expect(page.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: 30_000 });
  return page;
}

async function generate(page: Page, prompt: string): Promise<void> {
  await fillForm(page, { model: "demo-geometric", prompt, ratio: "1:1" });
  await page.getByRole("button", { name: "Generate" }).click();
  // The first run on a fresh instance compiles its routes while other specs run beside it.
  await expect(items(page).first().getByTestId("history-prompt")).toHaveText(prompt, { timeout: 15_000 });
}

/** Every layout shift of the page from its start, with what moved, from where to where, and the viewport then. */
async function recordShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { __shifts: shifts });
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: Source[] })[]) {
        const viewport = `viewport ${document.documentElement.clientWidth}×${document.documentElement.clientHeight}`;
        const moved = entry.sources
          .map(
            (source) =>
              `${(source.node?.textContent ?? "").slice(0, 60)} [${rect(source.previousRect)} → ${rect(source.currentRect)}, ${viewport}]`,
          )
          .join(" | ");
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

/** Wide enough for history to be the third column, beside the form, where it is seen at once. */
const THREE_COLUMNS = { width: 1350, height: 940 };

// First in the file: the library is still empty, as a person's first visit finds it.
test("nothing in the history panel moves when the library's sync starts: its line and the choice of runs have their place", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: THREE_COLUMNS });
  const page = await context.newPage();
  const shifts = await recordShifts(page);
  await openPlayground(page, instance.url);
  await expect(page.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: 30_000 });
  await expect(page.getByRole("radio", { name: "All my runs" })).toBeEnabled();
  // An empty library: once it is known, the panel says so and offers its buttons.
  await expect(page.getByText("Every run you make is kept here, in this browser, with its images.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import…" })).toBeVisible();
  expect(await shifts()).toEqual([]);
  await context.close();
});

test("a new device whose library holds runs: they arrive in the history panel and nothing on screen moves", async ({ browser }) => {
  const laptop = await browser.newContext();
  const onLaptop = await device(laptop);
  await generate(onLaptop, "a harbour at noon, for the new device");
  await generate(onLaptop, "a harbour at night, for the new device");
  await expect(onLaptop.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: SYNC_MS * 5 });

  const fresh = await browser.newContext({ viewport: THREE_COLUMNS });
  const page = await fresh.newPage();
  const shifts = await recordShifts(page);
  await openPlayground(page, instance.url);
  await expect(items(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId("history-persistence")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search prompts" })).toBeVisible();
  expect(await shifts()).toEqual([]);
  await fresh.close();

  // The library is left empty for the tests after this one.
  await onLaptop.getByRole("button", { name: "Clear all" }).click();
  await onLaptop.getByRole("dialog", { name: "Clear all history?" }).getByRole("button", { name: "Delete all runs" }).click();
  await expect(items(onLaptop)).toHaveCount(0);
  const keptRuns = async () =>
    ((await (await onLaptop.request.get(`${instance.url}/api/library/runs?limit=5`)).json()) as { entries: unknown[] }).entries.length;
  await expect.poll(keptRuns, { timeout: SYNC_MS * 5 }).toBe(0);
  await laptop.close();
});

test("a run made on one device appears on another within 2 s, with its star, and a deletion reaches both", async ({
  browser,
}, testInfo) => {
  const laptop = await browser.newContext();
  const desktop = await browser.newContext();
  const onLaptop = await device(laptop);
  const onDesktop = await device(desktop);

  await generate(onLaptop, "a lighthouse at dusk, library one");
  const saved = Date.now();
  await expect(items(onDesktop).first().getByTestId("history-prompt")).toHaveText("a lighthouse at dusk, library one", {
    timeout: SYNC_MS,
  });
  testInfo.annotations.push({ type: "seen on the other device after (ms)", description: String(Date.now() - saved) });
  // The whole run came along: opening it there shows its picture without the service.
  await items(onDesktop).first().getByTestId("history-prompt").click();
  await expect(onDesktop.getByTestId("image-card").first().getByRole("img")).toHaveJSProperty("complete", true);

  await items(onDesktop).first().getByRole("button", { name: "Star run" }).click();
  await expect(items(onLaptop).first().getByRole("button", { name: "Unstar run" })).toBeVisible({ timeout: SYNC_MS });
  await keepScreenshot(onLaptop, testInfo, "library-in-step");

  await items(onLaptop).first().getByRole("button", { name: "Delete run" }).click();
  const confirm = onLaptop.getByRole("dialog", { name: "Delete this run everywhere?" });
  await expect(confirm).toContainText("from your library on the server, so from every device of yours");
  await confirm.getByRole("button", { name: "Delete everywhere" }).click();
  await expect(items(onLaptop)).toHaveCount(0);
  await expect(items(onDesktop)).toHaveCount(0, { timeout: SYNC_MS });
  await laptop.close();
  await desktop.close();
});

test("a run made while the library cannot be reached is kept here and sent when it is back", async ({ browser }) => {
  const away = await browser.newContext();
  const home = await browser.newContext();
  const onAway = await device(away);
  const onHome = await device(home);

  await onAway.route("**/api/library/**", (route) => route.abort("internetdisconnected"));
  await generate(onAway, "a glass teapot, made offline");
  await expect(onAway.getByTestId("library-status")).toContainText("Offline from your library: 1 change will be sent when it is back", {
    timeout: 10_000,
  });
  await onHome.waitForTimeout(SYNC_MS);
  await expect(items(onHome).getByTestId("history-prompt")).not.toContainText(["a glass teapot, made offline"]);

  await onAway.unroute("**/api/library/**");
  // Back: sent at the next try (the wait grows while the library is away, to at most 30 s).
  await expect(items(onHome).first().getByTestId("history-prompt")).toHaveText("a glass teapot, made offline", { timeout: 40_000 });
  await expect(onAway.getByTestId("library-status")).toHaveAttribute("data-state", "synced");
  await away.close();
  await home.close();
});

test("'All my runs' follows the library: a run made here and one made on another device show without asking again", async ({ browser }) => {
  const laptop = await browser.newContext();
  const desktop = await browser.newContext();
  const onLaptop = await device(laptop);
  const onDesktop = await device(desktop);
  await onLaptop.getByRole("radio", { name: "All my runs" }).click();
  await onLaptop.getByPlaceholder("Search prompts").fill("paper crane");
  await expect(onLaptop.getByText("No run in your library matches these filters.")).toBeVisible();

  await fillForm(onLaptop, { model: "demo-geometric", prompt: "a paper crane, made while looking at the library", ratio: "1:1" });
  await onLaptop.getByRole("button", { name: "Generate" }).click();
  const prompts = onLaptop.getByTestId("library-result").getByTestId("library-prompt");
  await expect(prompts).toHaveText(["a paper crane, made while looking at the library"], { timeout: 15_000 });

  // From the other device: the one that matches the search joins the list, in its place; the other does not.
  await generate(onDesktop, "a red fox in snow, from the desktop");
  await generate(onDesktop, "a paper crane, from the desktop");
  await expect(prompts).toHaveText(["a paper crane, from the desktop", "a paper crane, made while looking at the library"], {
    timeout: 5_000,
  });
  await laptop.close();
  await desktop.close();
});

test("runs a browser had before the library are offered, uploaded with progress, resumed after an interruption, never doubled", async ({
  browser,
}, testInfo) => {
  const before = await browser.newContext();
  const page = await device(before);
  const libraryRuns = async (on: Page) => (await on.evaluate(async () => (await fetch("/api/library/usage")).json())).runs as number;
  const already = await libraryRuns(page);
  // The library sees this browser for the first time once its place in the library is forgotten.
  await page.evaluate(seedHistoryInPage, {
    count: 12,
    newestAt: Date.now() - 60_000,
    spacingMs: 60_000,
    models: ["demo-geometric"],
    ratios: ["1:1"],
  });
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("image-playground-library:")) localStorage.removeItem(key);
  });
  await page.reload();
  const offer = page.getByTestId("library-bring-in");
  await expect(offer).toContainText("This browser has 12 runs that your library does not have yet");
  await keepScreenshot(page, testInfo, "library-bring-in-offer");

  // Each upload is held a moment, so the interruption lands part way.
  await page.route("**/api/library/runs", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 250));
    await route.continue();
  });
  await offer.getByRole("button", { name: "Upload 12 runs from this browser to your library" }).click();
  await expect(offer.getByRole("progressbar")).toBeVisible();
  await expect(offer).toContainText(/Uploading [3-9] of 12 runs/);
  await keepScreenshot(page, testInfo, "library-bring-in-progress");
  // Interrupted: the page goes away part way, and comes back.
  await page.close();
  const again = await before.newPage();
  await openPlayground(again, instance.url);
  await expect(again.getByTestId("library-bring-in")).toContainText("12 runs from this browser are now in your library", {
    timeout: 30_000,
  });

  // 12 more in the library, none twice.
  expect(await libraryRuns(again)).toBe(already + 12);

  // A new device fills its cache from the library.
  const fresh = await browser.newContext();
  const onFresh = await device(fresh);
  // (The list is virtualized: the count is the usage line's.)
  await expect(onFresh.getByTestId("history-usage")).toContainText(`${already + 12} runs`, { timeout: 20_000 });

  // The whole library, searched on the server: a typo forgiven, and a result opens with its picture.
  const searches: string[] = [];
  again.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/library/search") searches.push(request.url());
  });
  await again.getByRole("radio", { name: "All my runs" }).click();
  await expect(again.getByTestId("library-result").first()).toBeVisible();
  // One press, one search: nothing is asked twice while the list switches.
  await again.waitForTimeout(500);
  expect(searches).toHaveLength(1);
  await again.getByPlaceholder("Search prompts").fill("koi pnd");
  const results = again.getByTestId("library-result");
  await expect(results).toHaveCount(2);
  for (const prompt of await results.getByTestId("library-prompt").allTextContents()) expect(prompt).toMatch(/^a koi pond/);
  await expect(results.first().locator("img")).toHaveJSProperty("complete", true);
  expect(
    await results
      .first()
      .locator("img")
      .evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  await keepScreenshot(again, testInfo, "library-search");
  // The matches export as the history zip (the same that imports).
  const downloading = again.waitForEvent("download");
  await again.getByRole("button", { name: "Export these runs" }).click();
  const archive = unzipSync(readFileSync(await (await downloading).path()));
  const index = JSON.parse(strFromU8(archive["index.json"] ?? new Uint8Array())) as { runs: unknown[] };
  expect(index.runs).toHaveLength(2);
  await expect(again.getByText("Exported 2 runs from your library as a zip.")).toBeVisible();
  await results.first().click();
  await expect(again.getByTestId("image-card").first().getByRole("img")).toHaveJSProperty("complete", true);

  // The admin (in an open playground, the one person) sees each library's size and can clear one.
  await again.goto(`${instance.url}/usage`);
  const storage = again.getByTestId("library-usage");
  await expect(storage.getByRole("row", { name: /You/ })).toContainText(`${already + 12}`);
  await keepScreenshot(again, testInfo, "library-usage");
  await storage.getByRole("checkbox").check();
  await storage.getByRole("button", { name: "Clear the library of You" }).click();
  await expect(again.getByText("The library was cleared")).toBeVisible();
  expect(await libraryRuns(again)).toBe(0);
  // Cleared everywhere: the other device's cache follows.
  await expect(onFresh.getByTestId("history-usage")).toContainText("0 runs", { timeout: SYNC_MS });
  await before.close();
  await fresh.close();
});

test("two tabs of one browser: one keeps the library in step, the other says so and takes over when the first closes", async ({
  browser,
}) => {
  const tabs = await browser.newContext();
  const first = await device(tabs);
  const second = await tabs.newPage();
  await openPlayground(second, instance.url);
  await expect(second.getByTestId("library-status")).toHaveAttribute("data-state", "elsewhere", { timeout: 30_000 });
  await expect(second.getByTestId("library-status")).toContainText("Kept in step with your library by another tab");
  const elsewhere = await browser.newContext();
  const onOther = await device(elsewhere);

  // Made in the tab that does not sync: the syncing tab sends it.
  await generate(second, "an old tram, from the second tab");
  await expect(items(onOther).first().getByTestId("history-prompt")).toHaveText("an old tram, from the second tab", { timeout: SYNC_MS });
  // "All my runs" in the tab that does not sync follows the library too, on the syncing tab's reads.
  await second.getByRole("radio", { name: "All my runs" }).click();
  await second.getByPlaceholder("Search prompts").fill("old tram");
  const found = second.getByTestId("library-result").getByTestId("library-prompt");
  await expect(found).toHaveText(["an old tram, from the second tab"]);
  await generate(onOther, "an old tram, from the other device");
  await expect(found).toHaveText(["an old tram, from the other device", "an old tram, from the second tab"], { timeout: 5_000 });
  await second.getByPlaceholder("Search prompts").fill("");
  await second.getByRole("radio", { name: "This browser" }).click();
  await first.close();
  await expect(second.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: 10_000 });
  await generate(onOther, "a koi pond, back the other way");
  await expect(items(second).first().getByTestId("history-prompt")).toHaveText("a koi pond, back the other way", { timeout: SYNC_MS });
  await tabs.close();
  await elsewhere.close();
});
