import type { Browser } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { recordLongTasks } from "./long-tasks";
import { summary, type Summary } from "./stats";

/**
 * What a 64 MB answer in each encoding costs the page: the longest main-thread task from Generate
 * until its picture is on screen (reading, parsing, finding and decoding included), and for a stream
 * of partial pictures, the time from an event's arrival in the page to its picture painted.
 */

async function openAndGenerate(browser: Browser, baseUrl: string, model: string) {
  const page = await browser.newPage();
  await recordLongTasks(page);
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  await page.getByLabel("Model", { exact: true }).fill(model);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "Generate" }).click();
  return { page, clickedAt };
}

export async function encodedAnswerTasks(
  browser: Browser,
  baseUrl: string,
  model: string,
  runs: number,
): Promise<{ shown: Summary; longestTask: Summary }> {
  const shown: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const { page, clickedAt } = await openAndGenerate(browser, baseUrl, model);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.imageShown, { timeout: 120_000 });
    await page.waitForTimeout(300); // a task still running at the mark is reported once it ends
    const measured = await page.evaluate(
      ([from, name]) => {
        const to = performance.getEntriesByName(name as string)[0]?.startTime ?? 0;
        const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
        const during = tasks.filter((task) => task.start + task.duration >= (from as number) && task.start <= to);
        return { shown: to - (from as number), longest: Math.max(0, ...during.map((task) => task.duration)) };
      },
      [clickedAt, PERF_MARKS.imageShown] as const,
    );
    if (run > 0) {
      shown.push(measured.shown);
      longest.push(measured.longest);
    }
    await page.close();
  }
  return { shown: summary(shown), longestTask: summary(longest) };
}

/** Event read → its picture painted in the placeholder, for every partial picture of every run. */
export async function partialPaintDelays(browser: Browser, baseUrl: string, model: string, runs: number): Promise<Summary> {
  const delays: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const { page } = await openAndGenerate(browser, baseUrl, model);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.imageShown, { timeout: 60_000 });
    const measured = await page.evaluate(
      ([received, shown]) => {
        const arrivals = performance.getEntriesByName(received as string).map((entry) => entry.startTime);
        const paints = performance.getEntriesByName(shown as string).map((entry) => entry.startTime);
        // Each arrival is matched with the first paint after it (a later picture may replace one before it paints).
        return arrivals.flatMap((at) => {
          const paint = paints.find((time) => time >= at);
          return paint === undefined ? [] : [paint - at];
        });
      },
      [PERF_MARKS.streamImageReceived, PERF_MARKS.streamImageShown] as const,
    );
    if (run > 0) delays.push(...measured);
    await page.close();
  }
  return summary(delays);
}
