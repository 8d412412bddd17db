import type { Browser } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { recordLongTasks } from "./long-tasks";
import { summary, type Summary } from "./stats";

/**
 * Review mode in Chromium over a grid's images: each → press, from the key to the frame that shows
 * the next image (review mode decodes the neighbours ahead; the judge looks at each image for a
 * moment, `lookMs`, as a person would), and the longest main-thread task while stepping.
 */
export async function reviewStepTiming(
  browser: Browser,
  baseUrl: string,
  grid: { prompts: string; models: string; ratios: string; cells: number },
  lookMs = 400,
): Promise<{ step: Summary; longestTask: number }> {
  const page = await browser.newPage();
  try {
    await recordLongTasks(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
    await page.getByRole("tab", { name: "Grid" }).click();
    await page.getByLabel("Prompt variants").fill(grid.prompts);
    await page.getByLabel("Models", { exact: true }).fill(grid.models);
    await page.getByLabel("Aspect ratios", { exact: true }).fill(grid.ratios);
    await page.getByRole("button", { name: "Run grid", exact: true }).click();
    const confirm = page.getByRole("button", { name: `Run ${grid.cells} requests` });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    // Every cell done and saved in history (each then offers its rating).
    await page.waitForFunction(
      (cells) => document.querySelectorAll("[data-testid=grid-cell] [role=radiogroup]").length === cells,
      grid.cells,
      { timeout: 120_000 },
    );
    await page.getByRole("button", { name: "Review", exact: true }).first().click();
    await page.getByTestId("review-image").waitFor();
    await page.evaluate((mark) => {
      const state = window as unknown as { __keyAt: number; __steps: number[] };
      state.__steps = [];
      window.addEventListener("keydown", () => (state.__keyAt = performance.now()), { capture: true });
      // The frame after review mode shows the image: its start is when the new image is painted.
      new PerformanceObserver((list) => {
        if (list.getEntriesByName(mark).length === 0) return;
        requestAnimationFrame((frameAt) => state.__steps.push(frameAt - state.__keyAt));
      }).observe({ entryTypes: ["mark"] });
    }, PERF_MARKS.reviewImageShown);
    const startedAt = await page.evaluate(() => performance.now());
    for (let step = 1; step < grid.cells; step++) {
      await page.waitForTimeout(lookMs);
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction((count) => (window as unknown as { __steps: number[] }).__steps.length >= count, step);
    }
    const measured = await page.evaluate((from) => {
      const state = window as unknown as { __steps: number[]; __longTasks: { start: number; duration: number }[] };
      const during = state.__longTasks.filter((task) => task.start + task.duration >= from);
      return { steps: state.__steps, longest: Math.max(0, ...during.map((task) => task.duration)) };
    }, startedAt);
    return { step: summary(measured.steps), longestTask: measured.longest };
  } finally {
    await page.close();
  }
}
