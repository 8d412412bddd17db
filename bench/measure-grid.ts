import type { Browser } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { recordLongTasks } from "./long-tasks";
import { summary, type Summary } from "./stats";

/**
 * A whole grid in Chromium: from the click that starts it to every cell done, and the longest
 * main-thread task in that time (the page must stay responsive while cells land).
 */
export async function gridTiming(
  browser: Browser,
  baseUrl: string,
  spec: { prompts: string; models: string; ratios: string; cells: number },
  runs: number,
): Promise<{ total: Summary; longestTask: Summary }> {
  const totals: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const page = await browser.newPage();
    await recordLongTasks(page);
    await page.addInitScript(() => {
      // The start is the last click before the grid runs: "Run grid", or the confirmation's button.
      Object.assign(window, { __lastClick: 0 });
      document.addEventListener("click", () => Object.assign(window, { __lastClick: performance.now() }), { capture: true });
    });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
    await page.getByRole("tab", { name: "Grid" }).click();
    await page.getByLabel("Prompt variants").fill(spec.prompts);
    await page.getByLabel("Models", { exact: true }).fill(spec.models);
    await page.getByLabel("Aspect ratios", { exact: true }).fill(spec.ratios);
    await page.getByRole("button", { name: "Run grid", exact: true }).click();
    const confirm = page.getByRole("button", { name: `Run ${spec.cells} requests` });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await page.waitForFunction(
      (cells) => {
        const done = document.querySelector("[data-testid=grid-progress]")?.textContent?.includes(`${cells} done`) ?? false;
        if (done) Object.assign(window, { __gridDone: performance.now() });
        return done;
      },
      spec.cells,
      { timeout: 120_000, polling: "raf" },
    );
    await page.waitForTimeout(300); // a task still running at the end gets reported
    const measured = await page.evaluate(() => {
      const state = window as unknown as { __longTasks: { start: number; duration: number }[]; __lastClick: number; __gridDone: number };
      const during = state.__longTasks.filter((task) => task.start + task.duration >= state.__lastClick && task.start <= state.__gridDone);
      return { total: state.__gridDone - state.__lastClick, longest: Math.max(0, ...during.map((task) => task.duration)) };
    });
    if (run > 0) {
      totals.push(measured.total);
      longest.push(measured.longest);
    }
    await page.close();
  }
  return { total: summary(totals), longestTask: summary(longest) };
}
