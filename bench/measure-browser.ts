import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";
import { existsSync } from "node:fs";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { recordLongTasks } from "./long-tasks";
import { summary, type Summary } from "./stats";

/** What a person's browser pays: JavaScript loaded for the first paint, and time to show large answers. */

/** The Chromium the e2e suite uses: CHROMIUM_PATH, else Debian's, else Playwright's own (undefined). */
export function chromiumExecutable(): string | undefined {
  return process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

export type Script = { url: string; gzipBytes: number; requestedAt: number };

function collectScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const requestedAt = response.request().timing().startTime;
    void response.body().then(
      (body) => scripts.push({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length, requestedAt }),
      () => undefined,
    );
  });
  return scripts;
}

/**
 * Gzipped JavaScript requested for `/` before the page marked itself interactive (hydrated), and
 * everything loaded after that: prefetched while idle, or on the first answer.
 */
export async function javascriptWeight(
  browser: Browser,
  baseUrl: string,
): Promise<{ firstLoadKib: number; firstLoad: Script[]; lazy: Script[]; interactiveAt: number }> {
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
  const interactiveAt = await page.evaluate(
    (name) => performance.timeOrigin + (performance.getEntriesByName(name)[0]?.startTime ?? 0),
    PERF_MARKS.interactive,
  );
  await page.getByRole("button", { name: "Generate" }).click();
  await page.getByTestId("json-tree").waitFor();
  await page.waitForLoadState("networkidle");
  await page.close();
  const firstLoad = scripts.filter((script) => script.requestedAt <= interactiveAt);
  const lazy = scripts.filter((script) => script.requestedAt > interactiveAt);
  return { firstLoadKib: firstLoad.reduce((total, script) => total + script.gzipBytes, 0) / 1024, firstLoad, lazy, interactiveAt };
}

/** Gzipped JavaScript a page without lazy parts loads (the bare Next page): everything until the network is idle. */
export async function pageWeightKib(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  await page.close();
  return scripts.reduce((total, script) => total + script.gzipBytes, 0) / 1024;
}

/** From the answer's arrival to the last of `count` images on screen, and the longest main-thread task in that time. */
export async function renderLargeAnswer(
  browser: Browser,
  baseUrl: string,
  model: string,
  count: number,
  runs: number,
): Promise<{ render: Summary; longestTask: Summary; saved: Summary; saveLongestTask: Summary }> {
  const renders: number[] = [];
  const longest: number[] = [];
  const saves: number[] = [];
  const saveLongest: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const page = await browser.newPage();
    await recordLongTasks(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.getByLabel("Model", { exact: true }).fill(model);
    await page.getByRole("button", { name: "Generate" }).click();
    await page.waitForFunction(
      ([name, wanted]) => performance.getEntriesByName(name as string).length >= (wanted as number),
      [PERF_MARKS.imageShown, count] as const,
      { timeout: 60_000 },
    );
    // Then history keeps the run: packed and stored once the page is idle.
    await page.getByTestId("history-item").first().waitFor({ timeout: 60_000 });
    const savedAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300); // let a task still running at the last mark finish and be reported
    const measured = await page.evaluate(
      ([received, shown, saved]) => {
        const answer = performance.getEntriesByName(received)[0]?.startTime ?? 0;
        const last = Math.max(...performance.getEntriesByName(shown).map((entry) => entry.startTime));
        const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
        // Written without named inner functions: the bundler would wrap those in a helper the page lacks.
        const [renderLongest = 0, saveLongest = 0] = [
          [answer, last],
          [last, saved],
        ].map(([from = 0, to = 0]) =>
          Math.max(0, ...tasks.filter((task) => task.start + task.duration >= from && task.start <= to).map((task) => task.duration)),
        );
        return { render: last - answer, longest: renderLongest, saved: saved - answer, saveLongest };
      },
      [PERF_MARKS.answerReceived, PERF_MARKS.imageShown, savedAt] as const,
    );
    if (run > 0) {
      renders.push(measured.render);
      longest.push(measured.longest);
      saves.push(measured.saved);
      saveLongest.push(measured.saveLongest);
    }
    await page.close();
  }
  return { render: summary(renders), longestTask: summary(longest), saved: summary(saves), saveLongestTask: summary(saveLongest) };
}
