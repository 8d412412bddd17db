import type { Browser, Page } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { seedHistoryInPage } from "../test-support/seed-history";
import { recordLongTasks } from "./long-tasks";
import { percentile, summary, type Summary } from "./stats";

/**
 * History with many runs kept, as a designer's browser holds it after months: seeded into the
 * page's IndexedDB, then reloaded, scrolled end to end, searched, and added to. The same figures
 * at every size show whether a cost grows with the number of runs.
 */

export type HistoryScaleFigures = {
  runs: number;
  /** The page interactive → the first rows of history in the page. */
  firstRows: Summary;
  /** Longest main-thread task from the page interactive until every page of summaries is read. */
  loadLongestTask: Summary;
  /**
   * Longest task while scrolling the list from the newest run to the oldest, one figure per pass.
   * One pass's longest task is its worst moment, so a single pass reads whatever else the machine did then.
   */
  scrollLongestTask: Summary;
  /**
   * 95th percentile of the time from one frame to the next while scrolling, one per pass: the page's
   * own cost per frame (the median is the display's 16.7 ms), which a pass's longest task hides
   * behind whatever else the machine did then.
   */
  scrollFrameP95: Summary;
  /** A search keystroke → the list updated for it (the next frame). */
  searchKeystroke: Summary;
  searchLongestTask: number;
  /** A run's image on screen → that run at the top of history (the next frame). */
  newRunListed: Summary;
  /** JS heap after scrolling through every run, after garbage collection. */
  heapMb: number;
  domNodes: number;
};

type LongTask = { start: number; duration: number };

async function longestTaskBetween(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(
    ([start, end]) => {
      const tasks = (window as unknown as { __longTasks: LongTask[] }).__longTasks;
      return Math.max(0, ...tasks.filter((task) => task.start + task.duration >= start && task.start <= end).map((task) => task.duration));
    },
    [from, to] as const,
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());
const markTime = (page: Page, name: string) =>
  page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, name);

async function reloadAndLoad(page: Page): Promise<{ firstRows: number; longest: number }> {
  await page.reload();
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.historyShown, { timeout: 60_000 });
  await page.locator('[aria-label="Saved runs"][aria-busy="false"]').waitFor({ timeout: 120_000 });
  const loadedAt = await now(page);
  await page.waitForTimeout(200); // a task running at the end is reported once it ends
  const interactive = await markTime(page, PERF_MARKS.interactive);
  const shown = await markTime(page, PERF_MARKS.historyShown);
  return { firstRows: shown - interactive, longest: await longestTaskBetween(page, interactive, loadedAt) };
}

/** Scrolls the list a screenful per frame, from the top to the bottom: its longest task and its 95th percentile frame. */
async function scrollEndToEnd(page: Page): Promise<{ longest: number; frameP95: number }> {
  const from = await now(page);
  const frames = await page.getByTestId("history-scroller").evaluate(async (scroller) => {
    scroller.scrollTop = 0;
    const intervals: number[] = [];
    let last = performance.now();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += scroller.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const at = performance.now();
      intervals.push(at - last);
      last = at;
    }
    // The last rows are measured as they come in, which can grow the list: settle at the very end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return intervals;
  });
  const to = await now(page);
  await page.waitForTimeout(200);
  return { longest: await longestTaskBetween(page, from, to), frameP95: percentile(frames, 0.95) };
}

/** Types a query a key at a time; each keystroke timed until the list shows the search it asked for. */
async function typeSearch(page: Page, query: string): Promise<{ keystrokes: number[]; longest: number }> {
  const search = page.getByLabel("Search prompts");
  await search.fill("");
  await search.focus();
  const from = await now(page);
  const keystrokes: number[] = [];
  for (const character of query) {
    // The listener is in place before the key is pressed; its answer is read after.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>("#history-search");
      const timed = new Promise<number>((resolve) => {
        if (!input) return resolve(Number.NaN);
        input.addEventListener(
          "input",
          async (event) => {
            const typedAt = event.timeStamp;
            const wanted = input.value;
            // A loop, not a named helper: tsx keeps function names with a call the page lacks.
            for (;;) {
              await new Promise((frame) => requestAnimationFrame(frame));
              if (document.querySelector<HTMLElement>('[data-testid="history-matches"]')?.dataset.search === wanted) break;
            }
            resolve(performance.now() - typedAt);
          },
          { once: true },
        );
      });
      Object.assign(window, { __searchTimed: timed });
    });
    await page.keyboard.type(character);
    keystrokes.push(await page.evaluate(() => (window as unknown as { __searchTimed: Promise<number> }).__searchTimed));
    await page.waitForTimeout(60);
  }
  const to = await now(page);
  await page.waitForTimeout(200);
  const longest = await longestTaskBetween(page, from, to);
  await search.fill("");
  return { keystrokes, longest };
}

/** Generates with `model` and times the image on screen → the run at the top of history. */
async function newRunListed(page: Page, model: string, prompt: string): Promise<number> {
  // A designer watching the top of the list (a list scrolled down stays where it is).
  await page.getByTestId("history-scroller").evaluate((scroller) => scroller.scrollTo({ top: 0 }));
  await page.getByLabel("Model", { exact: true }).fill(model);
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, PERF_MARKS.imageShown);
  await page.evaluate((wanted) => {
    const listed = (async () => {
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        if (document.querySelector('[data-testid="history-prompt"]')?.textContent === wanted) return performance.now();
      }
    })();
    Object.assign(window, { __listed: listed });
  }, prompt);
  await page.getByRole("button", { name: "Generate" }).click();
  const listedAt = await page.evaluate(() => (window as unknown as { __listed: Promise<number> }).__listed);
  await page.waitForFunction(([name, count]) => performance.getEntriesByName(name as string).length > (count as number), [
    PERF_MARKS.imageShown,
    before,
  ] as const);
  const shownAt = await page.evaluate(
    ([name, index]) => performance.getEntriesByName(name as string)[index as number]?.startTime ?? Number.NaN,
    [PERF_MARKS.imageShown, before] as const,
  );
  // Listed before the picture was on screen counts as no wait at all.
  return Math.max(0, listedAt - shownAt);
}

export async function historyAtScale(
  browser: Browser,
  baseUrl: string,
  runs: number,
  model: string,
  repeats = 3,
): Promise<HistoryScaleFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await recordLongTasks(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.getByText("Every run you make is kept here").waitFor({ timeout: 60_000 });
    await page.evaluate(seedHistoryInPage, {
      count: runs,
      newestAt: Date.now() - 60_000,
      spacingMs: 60_000,
      models: ["demo-geometric", "demo-watercolor", "bench-1kb"],
      ratios: ["1:1", "16:9", "3:4"],
    });
    const firstRows: number[] = [];
    const loadLongest: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) {
      const loaded = await reloadAndLoad(page);
      firstRows.push(loaded.firstRows);
      loadLongest.push(loaded.longest);
    }
    const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    const scrollLongest: number[] = [];
    const scrollFrames: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) {
      const pass = await scrollEndToEnd(page);
      scrollLongest.push(pass.longest);
      scrollFrames.push(pass.frameP95);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    const search = await typeSearch(page, "lighthouse study 12");
    const listed: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) listed.push(await newRunListed(page, model, `bench run ${runs} #${repeat}`));
    return {
      runs,
      firstRows: summary(firstRows),
      loadLongestTask: summary(loadLongest),
      scrollLongestTask: summary(scrollLongest),
      scrollFrameP95: summary(scrollFrames),
      searchKeystroke: summary(search.keystrokes),
      searchLongestTask: search.longest,
      newRunListed: summary(listed),
      heapMb: heap.usedSize / (1024 * 1024),
      domNodes,
    };
  } finally {
    await context.close();
  }
}
